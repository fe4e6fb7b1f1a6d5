/**
 * E-mails in the language the visitor used (issue 33): the account e-mails, the newsletter's confirmation and the
 * newsletters' frame go out in Hindi, their links to the /hi pages, for a visitor of the Hindi pages; everything is
 * as it always was for an English one. Real database, real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { registerUser, requestPasswordReset } from "../../server/services/auth/accounts";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { COMMAND_LINE } from "../../server/services/audit";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { startNewsletter } from "../../server/services/newsletter/queue";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { LEAD_ACK_EMAIL_HI } from "../../shared/content/hi/audience";
import { linksOfHtml } from "../../server/services/mail-template";
import { type CapturedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const PUBLIC_URL = "https://wise-parrot.example.test";
const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Latin-script words of a Hindi e-mail's text other than the names, addresses and links it may carry. The footer's
 * first line is the owner's postal address (Settings), written as they wrote it: left out.
 */
function strayLatin(text: string): string[] {
  // With the first names these tests sign up with (the greeting quotes them as typed).
  const allowed = new Set(["Wise", "Parrot", "Core", "WhatsApp", "Google", "Microsoft", "Asha", "Meera"]);
  const [body = "", footer = ""] = text.split("\n\n--\n\n");
  const ours = [body, ...footer.split("\n\n").slice(1)].join("\n");
  const withoutLinks = ours.replace(/https?:\/\/\S+/g, " ").replace(/\S+@\S+/g, " ");
  return (withoutLinks.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !allowed.has(w));
}

describe.each(testDatabaseKinds())("e-mails in the visitor's language on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "true", MAIL_SEND_RATE_PER_MINUTE: "0", LEAD_NOTIFY_EMAILS: `owner.${kind}@example.com` });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp?.close();
    await t?.drop();
  });

  async function mailTo(address: string): Promise<CapturedMail> {
    await settleMailDeliveries();
    return smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  }

  const post = (path: string, body: unknown) =>
    app.request(`http://wise-parrot.example.test${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++n}` },
      body: JSON.stringify(body),
    });

  const account = { password: "a long enough passphrase", company: "Sharma Clinic", industry: "Healthcare" as const };

  it("a sign-up on the Hindi page gets a Hindi verification e-mail whose link opens the Hindi page", async () => {
    const email = `hindi.verify.${kind}@example.com`;
    await registerUser(deps, { ...account, name: "Asha Sharma", email }, { ip: "203.0.113.1", locale: "hi" });
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Wise Parrot के लिए अपना ईमेल पता वेरिफ़ाई करें");
    expect(mail.text).toContain("नमस्ते Asha जी,");
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi/verify-email\\?token=[A-Za-z0-9_%-]+`));
    expect(mail.text).not.toMatch(/\.test\/verify-email/);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain("अगर बटन काम न करे, तो यह लिंक खोलें:");
    expect(strayLatin(mail.text)).toEqual([]);
    const row = await t.db.kysely.selectFrom("users").select("locale").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("hi");
  });

  it("an English sign-up's e-mail is the English one, unchanged", async () => {
    const email = `english.verify.${kind}@example.com`;
    await registerUser(deps, { ...account, name: "Ravi Kumar", email }, { ip: "203.0.113.2" });
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Verify your e-mail address for Wise Parrot");
    expect(mail.text).toContain("Hello Ravi,");
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/verify-email\\?token=`));
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).not.toMatch(DEVANAGARI);
    const row = await t.db.kysely.selectFrom("users").select("locale").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("en");
  });

  it("a reset e-mail follows the account's language, not the page it was asked from (issue 44): Hindi account, Hindi mail from /forgot-password; English account, English mail from /hi", async () => {
    const email = `reset.${kind}@example.com`;
    await registerUser(deps, { ...account, name: "Meera Iyer", email }, { ip: "203.0.113.3", locale: "hi" });
    await mailTo(email); // the verification
    const before = smtp.messages.length;
    await requestPasswordReset(deps, email, "203.0.113.3", "en");
    await settleMailDeliveries();
    const hindi = await smtp.waitForMail((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
    expect(hindi.subject).toBe("अपना Wise Parrot पासवर्ड बदलें");
    expect(hindi.text).toContain("नया पासवर्ड चुनें");
    expect(hindi.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi/reset-password\\?token=`));
    expect(strayLatin(hindi.text)).toEqual([]);

    const englishEmail = `reset.english.${kind}@example.com`;
    await registerUser(deps, { ...account, name: "Ravi Iyer", email: englishEmail }, { ip: "203.0.113.4" });
    await mailTo(englishEmail); // the verification
    const after = smtp.messages.length;
    await requestPasswordReset(deps, englishEmail, "203.0.113.4", "hi");
    await settleMailDeliveries();
    const english = await smtp.waitForMail((m) => m.to.includes(englishEmail) && smtp.messages.indexOf(m) >= after);
    expect(english.subject).toBe("Reset your Wise Parrot password");
    expect(english.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/reset-password\\?token=`));
    expect(english.text).not.toMatch(DEVANAGARI);
  });

  it("the JSON account API takes the language too: sign-up and reset e-mails in Hindi with locale \"hi\"; another locale is a 400 that makes nothing", async () => {
    const email = `api.hindi.${kind}@example.com`;
    const made = await post("/api/auth/register", { ...account, name: "Asha Verma", email, locale: "hi" });
    expect(made.status).toBe(201);
    const verify = await mailTo(email);
    expect(verify.subject).toBe("Wise Parrot के लिए अपना ईमेल पता वेरिफ़ाई करें");
    expect(verify.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi/verify-email\\?token=`));
    const row = await t.db.kysely.selectFrom("users").select("locale").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("hi");

    const before = smtp.messages.length;
    expect((await post("/api/auth/reset-password", { email, locale: "hi" })).status).toBe(200);
    await settleMailDeliveries();
    const reset = await smtp.waitForMail((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
    expect(reset.subject).toBe("अपना Wise Parrot पासवर्ड बदलें");
    expect(reset.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi/reset-password\\?token=`));

    const other = `api.french.${kind}@example.com`;
    const refused = await post("/api/auth/register", { ...account, name: "Asha Verma", email: other, locale: "fr" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, field: "locale", message: "locale must be one of: en, hi." });
    expect(await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", other).executeTakeFirst()).toBeUndefined();
    const badReset = await post("/api/auth/reset-password", { email, locale: "fr" });
    expect(badReset.status).toBe(400);
    expect(await badReset.json()).toMatchObject({ field: "locale" });

    // Without a locale: English, as the spec's payload always was.
    const plain = `api.english.${kind}@example.com`;
    expect((await post("/api/auth/register", { ...account, name: "Asha Verma", email: plain })).status).toBe(201);
    const english = await mailTo(plain);
    expect(english.text).not.toMatch(DEVANAGARI);
    const plainRow = await t.db.kysely.selectFrom("users").select("locale").where("email_normalized", "=", plain).executeTakeFirstOrThrow();
    expect(plainRow.locale).toBe("en");
  });

  it("a newsletter subscription from a Hindi page confirms in Hindi, with Hindi confirm and unsubscribe pages", async () => {
    const email = `subscriber.hi.${kind}@example.com`;
    const res = await post("/api/newsletter/subscribe", { email, source: "footer", locale: "hi" });
    expect(res.status).toBe(200);
    // The API's own answer is the English one: the Hindi page shows its Hindi (shared/content/hi/messages.ts).
    expect(((await res.json()) as { message: string }).message).toMatch(/^Successfully subscribed!/);
    const mail = await mailTo(email);
    expect(mail.subject).toBe("कृपया अपना Wise Parrot न्यूज़लेटर सब्सक्रिप्शन पक्का करें");
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi/newsletter/confirm\\?token=`));
    expect(mail.text).toMatch(new RegExp(`अनसब्सक्राइब करें: ${PUBLIC_URL.replace(/\./g, "\\.")}/hi/newsletter/unsubscribe\\?token=`));
    expect(mail.text).toContain("आपको यह ईमेल इसलिए मिला है");
    expect(strayLatin(mail.text)).toEqual([]);
    const row = await t.db.kysely.selectFrom("subscribers").select("locale").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("hi");
  });

  it("without a locale the subscription is English as before; an unknown locale is a 400", async () => {
    const email = `subscriber.en.${kind}@example.com`;
    expect((await post("/api/newsletter/subscribe", { email })).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Please confirm your Wise Parrot newsletter subscription");
    expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${PUBLIC_URL.replace(/\./g, "\\.")}/newsletter/unsubscribe\\?token=`));
    expect(mail.text).not.toMatch(DEVANAGARI);

    const bad = await post("/api/newsletter/subscribe", { email: `other.${kind}@example.com`, locale: "fr" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false });
  });

  it("a confirmed subscriber keeps their language when their address is typed on the other language's form", async () => {
    const email = `keeps.${kind}@example.com`;
    const now = Date.now();
    await t.db.kysely
      .insertInto("subscribers")
      .values({ email, email_normalized: email, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null, locale: "en" })
      .execute();
    expect((await post("/api/newsletter/subscribe", { email, locale: "hi" })).status).toBe(200);
    const row = await t.db.kysely.selectFrom("subscribers").select("locale").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("en");
  });

  it("a newsletter's frame is in each subscriber's language; the post is as written", async () => {
    await seedSampleBlogs(deps);
    const blog = await t.db.kysely.selectFrom("blogs").select(["id", "title", "slug"]).orderBy("id").executeTakeFirstOrThrow();
    await t.db.kysely.updateTable("subscribers").set({ status: "unsubscribed" }).execute();
    const now = Date.now();
    const readers = [
      { email: `reader.hi.${kind}@example.com`, locale: "hi" },
      { email: `reader.en.${kind}@example.com`, locale: "en" },
    ];
    for (const r of readers) {
      await t.db.kysely
        .insertInto("subscribers")
        .values({ email: r.email, email_normalized: r.email, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null, locale: r.locale })
        .execute();
    }
    await startNewsletter(deps, Number(blog.id), 2, COMMAND_LINE);
    await drainNewsletterMail(deps);
    const [hindi, english] = await Promise.all(readers.map((r) => smtp.waitForMail((m) => m.to.includes(r.email) && m.subject === blog.title)));

    expect(hindi!.text).toContain("पूरा लेख वेबसाइट पर पढ़ें");
    expect(hindi!.text).toContain(`${PUBLIC_URL}/hi/blog/${blog.slug}?utm_source=newsletter`);
    expect(hindi!.text).toMatch(new RegExp(`अनसब्सक्राइब करें: ${PUBLIC_URL.replace(/\./g, "\\.")}/hi/newsletter/unsubscribe\\?token=`));
    expect(hindi!.html).toContain('<html lang="hi">');
    // The one-click header is the same address for both (a POST the mail provider makes).
    expect(hindi!.headers.get("list-unsubscribe")).toContain("/api/newsletter/one-click?token=");

    expect(english!.text).toContain("Read it on the website");
    expect(english!.text).toContain(`${PUBLIC_URL}/blog/${blog.slug}?utm_source=newsletter`);
    expect(english!.text).toMatch(new RegExp(`Unsubscribe: ${PUBLIC_URL.replace(/\./g, "\\.")}/newsletter/unsubscribe\\?token=`));
    expect(english!.text).not.toContain("पूरा लेख");
  });

  it("a lead from the Hindi contact page keeps its language; an unknown locale is a 400 with the field named", async () => {
    const lead = { firstName: "Asha", lastName: "Sharma", email: `lead.${kind}@example.com`, phone: "+91 98765 43210", message: "नमस्ते, डेमो चाहिए।" };
    const ok = await post("/api/leads", { ...lead, locale: "hi" });
    expect(ok.status).toBe(201);
    const row = await t.db.kysely.selectFrom("leads").select("locale").where("email", "=", lead.email).executeTakeFirstOrThrow();
    expect(row.locale).toBe("hi");

    const bad = await post("/api/leads", { ...lead, email: `lead2.${kind}@example.com`, locale: "xx" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, field: "locale" });
    const english = await post("/api/leads", { ...lead, lastName: "English", email: `lead3.${kind}@example.com` });
    expect(english.status).toBe(201);
    const row3 = await t.db.kysely.selectFrom("leads").select("locale").where("email", "=", `lead3.${kind}@example.com`).executeTakeFirstOrThrow();
    expect(row3.locale).toBe("en");

    // The owner's notice says a lead came from the Hindi page (the owner's e-mail stays English); an English lead's is as before.
    await settleMailDeliveries();
    const owner = `owner.${kind}@example.com`;
    const hindiNotice = await smtp.waitForMail((m) => m.to.includes(owner) && m.subject === "New lead from the website: Asha Sharma");
    expect(hindiNotice.text).toContain("Sent from the Hindi contact page (/hi/contact): they may prefer an answer in Hindi.");
    const englishNotice = await smtp.waitForMail((m) => m.to.includes(owner) && m.subject === "New lead from the website: Asha English");
    expect(englishNotice.text).not.toContain("Hindi contact page");
  });

  it("every Hindi e-mail sent above links only to the Hindi pages, the footer's home too (issue 44)", async () => {
    await settleMailDeliveries();
    await smtp.waitForMail((m) => m.html.includes('<html lang="hi">') && m.subject === LEAD_ACK_EMAIL_HI.subject);
    const hindi = smtp.messages.filter((m) => m.html.includes('<html lang="hi">'));
    // Verification, reset, subscription, newsletter and the contact form's acknowledgement.
    expect(new Set(hindi.map((m) => m.subject)).size).toBeGreaterThanOrEqual(5);
    for (const m of hindi) {
      const ours = linksOfHtml(m.html).filter((l) => l.startsWith(PUBLIC_URL));
      expect(ours, m.subject).toContain(`${PUBLIC_URL}/hi`);
      for (const l of ours) {
        const pathname = new URL(l).pathname;
        // The one-click unsubscribe is a POST the mail provider makes, not a page.
        if (pathname.startsWith("/api/")) continue;
        expect(pathname === "/hi" || pathname.startsWith("/hi/"), `${m.subject}: ${l}`).toBe(true);
      }
      expect(m.text, m.subject).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/hi(\\s|$)`));
    }
  });
});
