import { afterAll, beforeAll } from "vitest";
import type { StaffActor } from "../../server/services/audit";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./databases";
import { testDeps } from "./deps";
import { staffWithSession } from "./studio-staff";

/** `deps` may be replaced (a test that reopens the database gives the site its new deps). */
export type CopyOwnerSite = { readonly t: TestDatabase; deps: ReturnType<typeof testDeps>; readonly owner: StaffActor };

/**
 * The setup every page-copy test shares: a temporary database of `kind`, its deps, and an owner with a studio
 * session (second factor passed) acting from `clientIp`; made before the file's tests and dropped after them. Call it
 * in the `describe` body; its fields are there once `beforeAll` has run (from the first test on).
 */
export function copyOwnerSite(kind: TestDatabaseKind, email: string, clientIp = "203.0.113.9"): CopyOwnerSite {
  let made: { t: TestDatabase; deps: ReturnType<typeof testDeps>; owner: StaffActor } | undefined;
  const site = (): NonNullable<typeof made> => {
    if (!made) throw new Error("copyOwnerSite: read before its beforeAll ran");
    return made;
  };
  beforeAll(async () => {
    const t = await createTestDatabase(kind);
    const deps = testDeps(t.db);
    const o = await staffWithSession(deps, email, "owner");
    made = { t, deps, owner: { userId: o.userId, label: o.email, clientIp, access: "owner" } };
  });
  afterAll(async () => {
    await made?.t.drop();
  });
  return {
    get t() {
      return site().t;
    },
    get deps() {
      return site().deps;
    },
    set deps(deps) {
      site().deps = deps;
    },
    get owner() {
      return site().owner;
    },
  };
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
