import { beforeAll } from "vitest";
import type { StaffActor } from "../../server/services/audit";
import type { TestDatabaseKind } from "./databases";
import { staffWithSession } from "./studio-staff";
import { type TestSite, useTestSite } from "./test-site";

export type CopyOwnerSite = TestSite & { owner: StaffActor };

/**
 * The setup every page-copy test shares: useTestSite's database and deps, and an owner with a studio session
 * (second factor passed) acting from `clientIp`. Call it in the `describe` body; its fields are filled before the
 * first test.
 */
export function copyOwnerSite(kind: TestDatabaseKind, email: string, clientIp = "203.0.113.9"): CopyOwnerSite {
  const site = useTestSite(kind) as CopyOwnerSite;
  beforeAll(async () => {
    const o = await staffWithSession(site.deps, email, "owner");
    site.owner = { userId: o.userId, label: o.email, clientIp, access: "owner" };
  });
  return site;
}

type FaqValue = { heading: string; intro: string; entries: readonly { question: string; answer: string; also: string }[] };

/** The FAQ editor's form as the page posts it, from a document value, with `extra` fields (the intent) after it. */
export function faqForm(value: FaqValue, extra: [string, string][]): [string, string][] {
  return [
    ["heading", value.heading],
    ["intro", value.intro],
    ["entries.$list", "1"],
    ...value.entries.flatMap((e, i): [string, string][] => [
      [`entries.${i}.question`, e.question],
      [`entries.${i}.answer`, e.answer],
      [`entries.${i}.also`, e.also],
    ]),
    ...extra,
  ];
}
