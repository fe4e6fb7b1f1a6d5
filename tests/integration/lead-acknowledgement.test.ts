/**
 * The contact form's acknowledgement to the visitor (issue 45): through the outbox, in the language of the page the
 * form was on, once per lead, never for a filled honeypot, at most a few a day to one address, and carrying nothing
 * the sender typed. Real database, real SMTP server, the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { acknowledgeLead } from "../../server/services/leads/notify";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { LEAD_ACK_EMAIL } from "../../shared/content/audience";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const SITE = "https://wise-parrot.example.test";

describe.each(testDatabaseKinds())("the contact form's acknowledgement on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL: SITE, TRUST_PROXY: "true", MAIL_SEND_RATE_PER_MINUTE: "0", LEAD_NOTIFY_EMAILS: "sales@example.test" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  const send = (fields: Record<string, string>) =>
    app.request(`${SITE}/api/leads`, {
      method: "POST",
      // A new address per lead: the form's per-IP limit is not what is tested here.
      headers: { "content-type": "application/json", origin: SITE, "x-forwarded-for": `198.51.100.${++n}` },
      body: JSON.stringify({ firstName: "Asha", lastName: "Rao", phone: "98765 43210", message: "We run two bakeries.", ...fields }),
    });
  const acks = (to: string) => t.db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "lead-ack").where("to_address", "=", to).execute();

  it("thanks the visitor in English, once per lead, with the site's green and logo and nothing the sender typed", async () => {
    const email = `asha.${kind}@example.com`;
    expect((await send({ email, firstName: "Visit https://spam.example now", message: "Buy cheap pills" })).status).toBe(201);
    await settleMailDeliveries();
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe(LEAD_ACK_EMAIL.subject);
    expect(mail.text).toContain("Thank you for contacting Wise Parrot. We received your message");
    expect(mail.text).not.toMatch(/spam\.example|cheap pills|Asha/);
    expect(mail.html).toContain("#047857");
    expect(mail.html).toContain(`${SITE}/icon-192.png`);
    // The owner's notice went out as before.
    await smtp.waitForMail((m) => m.to.includes("sales@example.test") && m.text.includes(email));
    // Once per lead, however often it is asked for.
    const [row] = await acks(email);
    const lead = await t.db.kysely.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await acknowledgeLead(deps, Number(lead.id));
    await acknowledgeLead(deps, Number(lead.id));
    expect(await acks(email)).toHaveLength(1);
    expect(row!.idempotency_key).toBe(`lead-ack:${lead.id}`);
  });

  it("thanks a visitor of the Hindi contact page in Hindi", async () => {
    const email = `meera.${kind}@example.com`;
    expect((await send({ email, locale: "hi" })).status).toBe(201);
    await settleMailDeliveries();
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe("हमें आपका संदेश मिल गया है - Wise Parrot");
    expect(mail.text).toContain("संपर्क करने के लिए धन्यवाद");
    expect(mail.html).toContain('<html lang="hi">');
  });

  it("sends nothing for a filled honeypot", async () => {
    const email = `bot.${kind}@example.com`;
    expect((await send({ email, website: "http://bot.example" })).status).toBe(201);
    await settleMailDeliveries();
    expect(await acks(email)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it("sends at most a few a day to one address, however many forms name it", async () => {
    const email = `victim.${kind}@example.com`;
    for (let i = 0; i < LEAD_ACK_EMAIL.perAddressPerDay + 3; i++) expect((await send({ email })).status).toBe(201);
    await settleMailDeliveries();
    expect(await acks(email)).toHaveLength(LEAD_ACK_EMAIL.perAddressPerDay);
    // Every lead is still stored for the owner.
    expect(await t.db.kysely.selectFrom("leads").select("id").where("email", "=", email).execute()).toHaveLength(LEAD_ACK_EMAIL.perAddressPerDay + 3);
  });
});
