/**
 * Kit orders, the studio's side (issue 41): step changes e-mail the customer once each (two posts at once too),
 * overdue is computed from submission, editors work orders but only owners delete, visitors and the public cannot
 * reach the studio's order API, notes never reach the customer, the overview and the weekly report count, and the
 * funnel from sign-up to live with its median. SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { kitFunnel, median, onboardingWeek } from "../../server/services/onboarding/studio-figures";
import { deleteOrder, sendOrderMessage, setOrderAssignee, setOrderStep, addOrderNote } from "../../server/services/onboarding/studio-order-writes";
import { listOrders, orderDetail } from "../../server/services/onboarding/studio-orders";
import { waitingItems } from "../../server/services/staff/waiting";
import { weeklyReport, weeklyReportBlocks } from "../../server/services/analytics/weekly";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession, visitorSession } from "../helpers/studio-staff";
import { submittedOrder } from "../helpers/kit-orders";

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())("kit orders in the studio on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner: Awaited<ReturnType<typeof staffWithSession>>;
  let editor: Awaited<ReturnType<typeof staffWithSession>>;
  let ownerActor: { userId: string; label: string; clientIp: string; access: "owner" };
  let editorActor: { userId: string; label: string; clientIp: string; access: "editor" };
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test" });
    app = await createApp({ deps });
    owner = await staffWithSession(deps, `owner.${kind}@example.test`, "owner");
    editor = await staffWithSession(deps, `editor.${kind}@example.test`, "editor");
    ownerActor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.9", access: "owner" };
    editorActor = { userId: editor.userId, label: editor.email, clientIp: "203.0.113.9", access: "editor" };
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  const api = (path: string, token: string | null, init: { method?: string; body?: unknown } = {}) =>
    app.request(`http://127.0.0.1/api/studio${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const stepMails = (orderId: number) =>
    t.db.kysely.selectFrom("mail_outbox").select(["kind", "to_address", "subject", "text_body"]).where("idempotency_key", "like", `kit-order-step:${orderId}:%`).orderBy("id").execute();

  it("e-mails the customer once per step, in their language, however often the step is posted", async () => {
    const order = await submittedOrder(deps, `step.${kind}@example.test`, { locale: "en" });
    await setOrderAssignee(deps, order.id, { assignee: editor.userId }, ownerActor);
    expect((await setOrderStep(deps, order.id, { step: "setup" }, editorActor)).changed).toBe(true);
    // The same step again: nothing moves, nothing is sent.
    expect((await setOrderStep(deps, order.id, { step: "setup" }, editorActor)).changed).toBe(false);
    await setOrderStep(deps, order.id, { step: "review" }, editorActor);
    // Back to setup and on again: each step's e-mail still went out once.
    await setOrderStep(deps, order.id, { step: "setup" }, editorActor);
    await setOrderStep(deps, order.id, { step: "review" }, editorActor);
    await setOrderStep(deps, order.id, { step: "live" }, editorActor);
    const mails = await stepMails(order.id);
    expect(mails.map((m) => m.kind)).toEqual(["kit-order-setup", "kit-order-review", "kit-order-live"]);
    expect(new Set(mails.map((m) => m.to_address))).toEqual(new Set([order.email]));
    expect(mails[1]!.subject).toContain("ready for your review");
    expect(mails[2]!.subject).toContain("live");
    expect(mails[2]!.text_body).toContain(order.number);
    // The WhatsApp link to the team carries the order number.
    expect(mails[2]!.text_body).toMatch(new RegExp(`wa\\.me/\\d+\\?text=[^\\s]*${order.number}`));
    const audit = await t.db.kysely.selectFrom("audit_log").select(["action", "detail"]).where("record_type", "=", "kit-order").where("record_id", "=", String(order.id)).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["order.create", "order.assign", "order.step", "order.step", "order.step", "order.step", "order.step"]);
  });

  it("moves an order once when two posts of the same step arrive at once, and e-mails once", async () => {
    const order = await submittedOrder(deps, `race.${kind}@example.test`, { locale: "en" });
    const answers = await Promise.all([
      api(`/orders/${order.id}/step`, owner.token, { method: "POST", body: { step: "setup" } }),
      api(`/orders/${order.id}/step`, editor.token, { method: "POST", body: { step: "setup" } }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // One moved it; the other found it moved (409) or already there (200, changed: false): never a 500.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ changed?: boolean }>));
    expect(bodies.filter((b) => b.changed === true)).toHaveLength(1);
    expect((await stepMails(order.id)).map((m) => m.kind)).toEqual(["kit-order-setup"]);
    const moves = await t.db.kysely.selectFrom("audit_log").select("id").where("action", "=", "order.step").where("record_id", "=", String(order.id)).execute();
    expect(moves).toHaveLength(1);
  });

  it("writes the step e-mails in Hindi for a Hindi customer", async () => {
    const order = await submittedOrder(deps, `hindi.${kind}@example.test`, { locale: "hi" });
    await setOrderStep(deps, order.id, { step: "review" }, ownerActor);
    const [mail] = await stepMails(order.id);
    expect(mail!.subject).toContain("रिव्यू");
    expect(mail!.text_body).toContain("नमस्ते");
    expect(mail!.text_body).toContain("/hi/");
  });

  it("computes overdue from the time fixed at submission, overdue first in the list", async () => {
    const now = Date.now();
    const late = await submittedOrder(deps, `late.${kind}@example.test`, { submittedAt: now - 80 * HOUR });
    const fresh = await submittedOrder(deps, `fresh.${kind}@example.test`, { submittedAt: now - 2 * HOUR });
    const list = await listOrders(deps, editorActor, {}, now);
    const lateCard = list.find((o) => o.id === late.id)!;
    const freshCard = list.find((o) => o.id === fresh.id)!;
    expect(lateCard.overdue).toBe(true);
    expect(lateCard.leftMs).toBeLessThan(0);
    expect(freshCard.overdue).toBe(false);
    expect(freshCard.leftMs).toBe(freshCard.dueAt - now);
    expect(list.findIndex((o) => o.id === late.id)).toBeLessThan(list.findIndex((o) => o.id === fresh.id));
    expect(list.filter((o) => o.overdue).every((o, i) => list[i]!.overdue)).toBe(true);
    // Only overdue ones with the filter; a live order is never overdue.
    const overdue = await listOrders(deps, editorActor, { overdue: true }, now);
    expect(overdue.map((o) => o.id)).toContain(late.id);
    expect(overdue.map((o) => o.id)).not.toContain(fresh.id);
    await setOrderStep(deps, late.id, { step: "live" }, ownerActor);
    expect((await listOrders(deps, editorActor, { overdue: true }, now)).map((o) => o.id)).not.toContain(late.id);
    // The due time is the row's own: it does not follow the clock of a later copy.
    const detail = await orderDetail(deps, editorActor, fresh.id, now);
    expect(detail.dueAt).toBe(fresh.dueAt);
  });

  it("lets an editor work orders (step, assignee, notes, messages) but only an owner delete one", async () => {
    const order = await submittedOrder(deps, `roles.${kind}@example.test`);
    expect((await api(`/orders/${order.id}`, editor.token)).status).toBe(200);
    expect((await api(`/orders/${order.id}/assignee`, editor.token, { method: "POST", body: { assignee: editor.userId } })).status).toBe(200);
    expect((await api(`/orders/${order.id}/notes`, editor.token, { method: "POST", body: { note: "Call before noon" } })).status).toBe(201);
    expect((await api(`/orders/${order.id}/messages`, editor.token, { method: "POST", body: { message: "Which city is your shop in?" } })).status).toBe(201);
    const refused = await api(`/orders/${order.id}`, editor.token, { method: "DELETE" });
    expect(refused.status).toBe(403);
    await expect(deleteOrder(deps, order.id, editorActor)).rejects.toMatchObject({ kind: "forbidden" });
    expect((await api(`/orders/${order.id}`, owner.token, { method: "DELETE" })).status).toBe(200);
    expect((await api(`/orders/${order.id}`, owner.token)).status).toBe(404);
    const actions = await t.db.kysely.selectFrom("audit_log").select("action").where("record_type", "=", "kit-order").where("record_id", "=", String(order.id)).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["order.create", "order.assign", "order.note", "order.message", "order.delete"]);
  });

  it("keeps the studio's order API from visitors and the public", async () => {
    const order = await submittedOrder(deps, `private.${kind}@example.test`);
    const visitor = await visitorSession(deps, `visitor.${kind}@example.test`, "203.0.113.90");
    for (const token of [null, visitor, order.token]) {
      expect((await api("/orders", token)).status, String(token)).toBeGreaterThanOrEqual(403);
      expect((await api(`/orders/${order.id}`, token)).status).toBeGreaterThanOrEqual(403);
      expect((await api(`/orders/${order.id}/step`, token, { method: "POST", body: { step: "live" } })).status).toBeGreaterThanOrEqual(403);
    }
    expect((await orderDetail(deps, ownerActor, order.id)).step).toBe("received");
    // The studio's pages are the site's ordinary 404 to them too.
    for (const path of ["/studio/orders", `/studio/orders/${order.id}`]) {
      const res = await app.request(`http://127.0.0.1${path}`, { headers: { cookie: `wp_session=${visitor}` } });
      expect(res.status, path).toBe(404);
    }
  });

  it("answers bad input with 4xx and a message, never a 500", async () => {
    const order = await submittedOrder(deps, `bad.${kind}@example.test`);
    const cases: [string, string, unknown][] = [
      [`/orders/${order.id}/step`, "POST", { step: "done" }],
      [`/orders/${order.id}/step`, "POST", { step: 7 }],
      [`/orders/${order.id}/assignee`, "POST", { assignee: order.userId }],
      [`/orders/${order.id}/notes`, "POST", { note: "   " }],
      [`/orders/${order.id}/messages`, "POST", { message: "x".repeat(5000) }],
      ["/orders/abc/step", "POST", { step: "setup" }],
      ["/orders/999999", "GET", undefined],
      ["/orders?step=nope", "GET", undefined],
    ];
    for (const [path, method, body] of cases) {
      const res = await api(path, owner.token, { method, body });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await orderDetail(deps, ownerActor, order.id)).step).toBe("received");
  });

  it("e-mails a message to the customer once and shows it on the order; notes stay internal", async () => {
    const order = await submittedOrder(deps, `thread.${kind}@example.test`);
    await addOrderNote(deps, order.id, { note: "Internal: check their price list" }, editorActor);
    await sendOrderMessage(deps, order.id, { message: "Could you send your logo as PNG?" }, editorActor);
    const detail = await orderDetail(deps, editorActor, order.id);
    expect(detail.notes.map((m) => m.body)).toEqual(["Internal: check their price list"]);
    expect(detail.messages.map((m) => m.body)).toEqual(["Could you send your logo as PNG?"]);
    const mails = await t.db.kysely.selectFrom("mail_outbox").select(["to_address", "text_body", "kind"]).where("to_address", "=", order.email).where("kind", "=", "kit-order-message").execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("Could you send your logo as PNG?");
    const all = await t.db.kysely.selectFrom("mail_outbox").select("text_body").where("to_address", "=", order.email).execute();
    expect(all.some((m) => m.text_body.includes("check their price list"))).toBe(false);
  });

  it("shows waiting orders and new sign-ups with their age on the overview, to the roles that may open them", async () => {
    const ownerItems = await waitingItems(deps, "owner");
    const orders = ownerItems.find((i) => i.kind === "orders");
    expect(orders?.count).toBeGreaterThan(0);
    expect(orders?.oldestAt).toBeLessThan(Date.now());
    expect(orders?.href).toBe("/studio/orders");
    await visitorSession(deps, `new.signup.${kind}@example.test`, "203.0.113.91");
    expect((await waitingItems(deps, "owner")).find((i) => i.kind === "signups")?.count).toBeGreaterThan(0);
    const editorItems = await waitingItems(deps, "editor");
    expect(editorItems.find((i) => i.kind === "orders")?.count).toBe(orders?.count);
    // Accounts are the owner's: an editor's overview carries no sign-up count.
    expect(editorItems.find((i) => i.kind === "signups")).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())("the onboarding's figures on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test" });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("counts sign-up → brief submitted → live with the median time to live, and the week's figures", async () => {
    const owner = await staffWithSession(deps, `funnel.owner.${kind}@example.test`, "owner");
    const actor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.9", access: "owner" as const };
    const from = Date.now() - HOUR;
    // Five sign-ups: three submit a brief, two of those go live after 10 and 30 hours (set on the rows).
    for (let i = 0; i < 2; i++) await visitorSession(deps, `only.${i}.${kind}@example.test`, `203.0.113.${100 + i}`);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await submittedOrder(deps, `funnel.${i}.${kind}@example.test`, { submittedAt: Date.now() - 40 * HOUR }));
    await setOrderStep(deps, orders[0]!.id, { step: "live" }, actor);
    await setOrderStep(deps, orders[1]!.id, { step: "live" }, actor);
    await t.db.kysely.updateTable("kit_orders").set({ live_at: orders[0]!.submittedAt + 10 * HOUR }).where("id", "=", orders[0]!.id).execute();
    await t.db.kysely.updateTable("kit_orders").set({ live_at: orders[1]!.submittedAt + 30 * HOUR }).where("id", "=", orders[1]!.id).execute();
    const to = Date.now() + HOUR;
    const funnel = await kitFunnel(deps, from - 2 * 86_400_000, to);
    expect(funnel).toMatchObject({ signedUp: 5, briefSubmitted: 3, live: 2, liveInPeriod: 2, medianToLiveMs: 20 * HOUR });
    const week = await onboardingWeek(deps, from - 2 * 86_400_000, to);
    expect(week).toEqual({ signUps: 5, briefs: 3, live: 2 });
    // The weekly report's e-mail says them in one line.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const report = await weeklyReport(deps, { week: day(from), from: from - 2 * 86_400_000, to, fromDate: day(from - 2 * 86_400_000), toDate: day(to) });
    expect(report.onboarding).toEqual({ signUps: 5, briefs: 3, live: 2 });
    expect(weeklyReportBlocks(report, "https://wise-parrot.example.test/studio/analytics")).toContainEqual({ kind: "paragraph", text: "Sign-ups: 5. Briefs submitted: 3. Kits gone live: 2." });
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNull();
  });
});
