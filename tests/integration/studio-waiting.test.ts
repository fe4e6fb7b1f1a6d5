import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../server/services/blog/studio-posts";
import { ensureKnowledge } from "../../server/services/chat/knowledge";
import { recordQuestion } from "../../server/services/chat/questions";
import { storeLead } from "../../server/services/leads/intake";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { waitingItems } from "../../server/services/staff/waiting";
import { FAQ } from "../../shared/content/faq";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

/** The studio overview's "what waits": counted on every visit, each kind only for the roles that may open it. */
describe.each(testDatabaseKinds())("what waits for staff on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  const actor = { userId: null, label: "test", clientIp: "203.0.113.9" };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test" });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
  });

  const lead = (email: string, website = "") =>
    storeLead(deps, { firstName: "Asha", lastName: "Rao", email, phone: "98765 43210", message: "Hello", leadSource: "Web Research", website } as Parameters<typeof storeLead>[1]);
  const subscriber = async (email: string, status: "pending" | "confirmed") => {
    const at = Date.now() - 86_400_000;
    await t.db.kysely.insertInto("subscribers").values({ email, email_normalized: email, status, created_at: at, updated_at: at, confirmed_at: status === "pending" ? null : at, unsubscribed_at: null }).execute();
  };

  it("says nothing waits only when nothing does", async () => {
    expect(await waitingItems(deps, "owner")).toEqual([]);
    expect(await waitingItems(deps, "editor")).toEqual([]);
  });

  it("counts new leads, unanswered handovers, pending subscribers, drafts and scheduled posts, whatever was seen before", async () => {
    await lead(`one.${kind}@example.com`);
    await lead(`two.${kind}@example.com`);
    await lead(`spam.${kind}@example.com`, "http://spam.example"); // the honeypot: never waits
    const handled = await lead(`handled.${kind}@example.com`);
    await t.db.kysely.updateTable("leads").set({ stage: "contacted" }).where("email", "=", `handled.${kind}@example.com`).execute();
    expect(handled).toBeTruthy();
    for (let i = 0; i < 5; i++) await subscriber(`pending${i}.${kind}@example.com`, "pending");
    await subscriber(`confirmed.${kind}@example.com`, "confirmed");
    // 17 questions handed to a person; one more the FAQ already answers, one the assistant answered itself.
    await ensureKnowledge(deps);
    for (let i = 0; i < 17; i++) await recordQuestion(deps, { question: `can you print ${i} flyers`, topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" });
    await recordQuestion(deps, { question: FAQ[1]!.question, topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" });
    await recordQuestion(deps, { question: "how much does it cost", topic: "pricing", fellThrough: false, answer: "Plans start free.", handedOver: false, language: "en" });
    // An old handover, past the questions page's window, no longer waits.
    await recordQuestion(deps, { question: "an old question", topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" }, Date.now() - 40 * 86_400_000);
    await createPost(deps, actor, { title: "A draft" });
    const later = await createPost(deps, actor, { title: "Later" });
    await t.db.kysely.updateTable("blogs").set({ status: "scheduled", scheduled_at: Date.now() + 86_400_000 }).where("id", "=", later.id).execute();

    const owner = await waitingItems(deps, "owner");
    expect(owner).toEqual([
      { kind: "leads", count: 2, href: "/studio/leads?stage=new" },
      { kind: "questions", count: 17, href: "/studio/questions?handover=1" },
      { kind: "subscribers", count: 5, href: "/studio/subscribers?status=pending" },
      { kind: "drafts", count: 1, href: "/studio/posts?status=draft" },
      { kind: "scheduled", count: 1, href: "/studio/posts?status=scheduled" },
    ]);
    // Every visit: the same list again (nothing is "seen" by looking).
    expect(await waitingItems(deps, "owner")).toEqual(owner);
    // An editor may not open leads or subscribers: not even their counts are given.
    expect((await waitingItems(deps, "editor")).map((i) => i.kind)).toEqual(["questions", "drafts", "scheduled"]);
  });
});
