/**
 * Every e-mail the site sends, read for its links (issue 46, decision 0045), on SQLite and PostgreSQL: each kind is
 * made through the service that sends it, and every link to a studio page goes through sign-in
 * (`/sign-in?redirectTo=/studio/…`), as the lead notices' do, so a signed-out owner lands on the page instead of the
 * studio's 404. The one exception is the invitation page, which is open to the people it invites.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWeeklyReport } from "../../server/services/analytics/weekly";
import { registerUser, requestPasswordReset } from "../../server/services/auth/accounts";
import { insertBlogs } from "../../server/services/blog/posts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { notifyAboutLead, notifyLeadFailed } from "../../server/services/leads/notify";
import { sendTestNewsletter } from "../../server/services/newsletter/queue";
import { subscribe } from "../../server/services/newsletter/subscribe";
import { inviteStaff } from "../../server/services/staff/invitations";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { blogInput } from "../helpers/test-site";
import { CUSTOMER_ORDER_HOOKS } from "../../server/services/onboarding/notify";
import { submitBrief } from "../../server/services/onboarding/orders";
import { sendOrderMessage, setOrderStep } from "../../server/services/onboarding/studio-order-writes";

/** Every kind of e-mail the site queues in its outbox (the newsletter's issues are rendered as its test send is). */
const KINDS = ["verify-email", "password-reset", "staff-set-password", "staff-invitation", "newsletter-confirm", "lead-notify", "lead-failed", "weekly-report", "newsletter-test", "signup-notify", "kit-brief-received", "kit-brief-notify", "kit-order-setup", "kit-order-review", "kit-order-live", "kit-order-message"];

/** The links of a message, text and HTML parts alike (HTML's &amp; read back). */
function linksOf(text: string, html: string | null): string[] {
  const found = `${text}\n${(html ?? "").replaceAll("&amp;", "&")}`.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[.,;:]+$/, "")))];
}

describe.each(testDatabaseKinds())("the links of every e-mail on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { LEAD_NOTIFY_EMAILS: "desk@example.org", PUBLIC_URL: "https://site.example" });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("sends staff to the studio through sign-in, in every template", async () => {
    const owner = await staffWithSession(deps, "links.owner@example.com", "owner");
    const actor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.5", access: "owner" as const, email: owner.email, secondFactorAt: Date.now() };
    await registerUser(deps, { name: "Link Reader", email: "reader@example.com", password: "a long visitor passphrase 12", company: "C", industry: "Healthcare", role: "user" } as Parameters<typeof registerUser>[1], { ip: "203.0.113.7" });
    await requestPasswordReset(deps, "reader@example.com", "203.0.113.7");
    await inviteStaff(deps, "invited.editor@example.com", "editor", actor);
    await subscribe(deps, "subscriber@example.com", "203.0.113.8", "footer");
    const { id: leadId } = await t.db.kysely
      .insertInto("leads")
      .values({ first_name: "Lena", last_name: "Lead", email: "lena@example.net", phone: "+91 90000 00000", message: "Hello", lead_source: "Website", status: "failed", attempts: 5, next_attempt_at: Date.now(), created_at: Date.now(), last_error: "CRM said no" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notifyAboutLead(deps, Number(leadId));
    await notifyLeadFailed(deps, Number(leadId));
    expect((await sendWeeklyReport(deps, Date.UTC(2026, 10, 23, 6, 0))).sent).toBe(true);
    await insertBlogs(deps, [blogInput("mail-links")]);
    const post = await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", "mail-links").executeTakeFirstOrThrow();
    await sendTestNewsletter(deps, Number(post.id), actor);
    // A customer's brief becomes a kit order (issue 41): the customer's copy and the team's notice.
    const reader = await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", "reader@example.com").executeTakeFirstOrThrow();
    const customer = { userId: reader.id, label: "reader@example.com", clientIp: "203.0.113.7" };
    const brief = { businessName: "Reader Clinic", city: "Pune", services: [{ name: "Consultation", price: "500" }], whatsapp: "919800000000" };
    const submitted = await submitBrief(deps, { id: reader.id, emailVerified: true }, { kitKey: "healthcare-and-clinics", kitLabel: "Healthcare & Clinics", fields: brief, revision: 0, locale: "en" }, customer, {
      hooks: CUSTOMER_ORDER_HOOKS,
    });
    const orderId = submitted.status === "ordered" ? submitted.order.id : 0;
    // The team's work on it (the studio's side): each step's e-mail and a message to the customer.
    for (const step of ["setup", "review", "live"]) await setOrderStep(deps, orderId, { step }, actor);
    await sendOrderMessage(deps, orderId, { message: "Could you send your logo?" }, actor);

    // The reset and the confirmation are made after the answer (mailAfterAnswer).
    await settleMailDeliveries();
    const mails = await t.db.kysely.selectFrom("mail_outbox").select(["kind", "text_body", "html_body"]).execute();
    expect([...new Set(mails.map((m) => m.kind))].sort()).toEqual([...KINDS].sort());
    const staffLinks: string[] = [];
    for (const mail of mails) {
      for (const link of linksOf(mail.text_body, mail.html_body)) {
        const url = new URL(link);
        if (url.origin !== "https://site.example") continue;
        expect(url.pathname.startsWith("/studio") && url.pathname !== "/studio/invitation", `${mail.kind}: ${link}`).toBe(false);
        const to = url.searchParams.get("redirectTo");
        if (url.pathname === "/sign-in" && to?.startsWith("/studio")) staffLinks.push(`${mail.kind} ${to}`);
      }
    }
    // The studio links there are: the lead notices' and the weekly report's.
    expect(staffLinks.sort()).toEqual(
      [
        `kit-brief-notify /studio/orders/${orderId}`,
        `lead-failed /studio/leads/${leadId}`,
        `lead-notify /studio/leads/${leadId}`,
        "signup-notify /studio/accounts",
        "weekly-report /studio/analytics",
      ].sort(),
    );
  });
});
