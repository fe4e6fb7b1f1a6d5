/**
 * The owner's archive and the backups written as one carry the customers' onboarding (issue 41): briefs (a draft and
 * a submitted one), kit orders at their steps, the team's messages and internal notes, the customers' messages, and
 * their files' bytes; an import into an empty SQLite or PostgreSQL database gives back the same rows, and the studio
 * shows the same orders.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportArchive } from "../../server/services/backup/archive-export";
import { importArchive } from "../../server/services/backup/archive-import";
import { ARCHIVED_TABLES } from "../../server/services/backup/tables";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { saveBrief } from "../../server/services/onboarding/briefs";
import { uploadKitFile } from "../../server/services/onboarding/files";
import { addCustomerMessage } from "../../server/services/onboarding/orders";
import { addOrderNote, sendOrderMessage, setOrderStep } from "../../server/services/onboarding/studio-order-writes";
import { listOrders, orderDetail } from "../../server/services/onboarding/studio-orders";
import { registerUser } from "../../server/services/auth/accounts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { AGENT_BRIEF, submittedOrder } from "../helpers/kit-orders";
import { staffWithSession } from "../helpers/studio-staff";

type Row = Record<string, unknown>;
const TABLES = ["kit_briefs", "kit_orders", "kit_order_messages", "kit_files"] as const;

async function rows(t: TestDatabase): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  const k = t.db.kysely as unknown as Kysely<Record<string, Row>>;
  for (const name of TABLES) {
    const spec = ARCHIVED_TABLES[name]!;
    let q = k.selectFrom(name).selectAll();
    for (const c of spec.orderBy) q = q.orderBy(c);
    out[name] = (await q.execute()).map((r) => {
      const copy: Row = {};
      // Numbers as numbers whichever database read them (PostgreSQL's bigint comes back as text).
      for (const [key, value] of Object.entries(r)) copy[key] = typeof value === "string" && /^(0|[1-9]\d{0,15})$/.test(value) && key !== "fields" ? Number(value) : value;
      if (spec.file) copy[spec.file.column] = Buffer.from(r[spec.file.column] as Uint8Array).toString("base64");
      return copy;
    });
  }
  return out;
}

describe.each(testDatabaseKinds())("the onboarding in the owner's archive, from %s", (sourceKind) => {
  let source: TestDatabase;
  let archive: Buffer;
  let before: Record<string, Row[]>;
  let orderIds: number[] = [];
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase(sourceKind);
    const deps = testDeps(source.db, { PUBLIC_URL: "https://wise-parrot.example.test" });
    const owner = await staffWithSession(deps, "archive.owner@example.test", "owner");
    const actor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.9", access: "owner" as const };
    const live = await submittedOrder(deps, "live.customer@example.test", { submittedAt: Date.now() - 50 * 3_600_000 });
    const waiting = await submittedOrder(deps, "hindi.customer@example.test", { locale: "hi" });
    orderIds = [live.id, waiting.id];
    await uploadKitFile(deps, waiting.userId, { bytes: Buffer.from("%PDF-1.4\n% a price list\n%%EOF\n", "latin1"), name: "price list.pdf", purpose: "price-list" }, { userId: waiting.userId, label: waiting.email, clientIp: "203.0.113.10" });
    await sendOrderMessage(deps, waiting.id, { message: "Which areas of Pune do you cover?", question: true }, actor);
    await addCustomerMessage(deps, waiting.userId, waiting.id, { kind: "answer", body: "Baner and Aundh" }, { userId: waiting.userId, label: waiting.email, clientIp: "203.0.113.10" });
    await addOrderNote(deps, waiting.id, { note: "Call after 6 pm" }, actor);
    await setOrderStep(deps, live.id, { step: "setup" }, actor);
    await setOrderStep(deps, live.id, { step: "live" }, actor);
    // A brief still a draft, never submitted.
    const { user } = await registerUser(deps, { name: "Meera Salon", email: "draft@example.test", password: "a long customer passphrase 12", company: "Meera", industry: "Healthcare", role: "CEO/Founder" } as Parameters<typeof registerUser>[1], { ip: "198.18.200.1" });
    await saveBrief(deps, user._id, { kitKey: "general", kitLabel: "General", fields: { ...AGENT_BRIEF, businessName: "Meera Salon" }, revision: 0, locale: "en" }, { userId: user._id, label: "draft@example.test", clientIp: "198.18.200.1" });
    await settleMailDeliveries();
    archive = await exportArchive(source.db);
    before = await rows(source);
  }, 60_000);
  afterAll(async () => {
    await settleMailDeliveries();
    await source?.drop();
    for (const t of targets) await t.drop();
  });

  it.each(testDatabaseKinds())("round-trips briefs, orders, messages, notes and files into %s", async (targetKind) => {
    expect(before.kit_briefs).toHaveLength(3);
    expect(before.kit_orders).toHaveLength(2);
    expect(before.kit_order_messages!.length).toBeGreaterThanOrEqual(3);
    expect(before.kit_files).toHaveLength(1);
    const target = await createTestDatabase(targetKind);
    targets.push(target);
    const summary = await importArchive(target.db, archive);
    for (const name of TABLES) expect(summary.tables[name], name).toBe(before[name]!.length);
    const after = await rows(target);
    for (const name of TABLES) expect(after[name], name).toEqual(before[name]);
    // The studio reads the restored orders as it read the originals.
    const viewer = { access: "owner" as const };
    const now = Date.now();
    const sourceDeps = testDeps(source.db);
    const targetDeps = testDeps(target.db);
    expect(await listOrders(targetDeps, viewer, {}, now)).toEqual(await listOrders(sourceDeps, viewer, {}, now));
    for (const id of orderIds) expect(await orderDetail(targetDeps, viewer, id, now)).toEqual(await orderDetail(sourceDeps, viewer, id, now));
    // New orders after the import get new ids (PostgreSQL's sequences moved past the imported ones).
    const next = await submittedOrder(testDeps(target.db, { PUBLIC_URL: "https://wise-parrot.example.test" }), `after.import.${targetKind}@example.test`);
    expect(next.id).toBeGreaterThan(Math.max(...orderIds));
  });
});
