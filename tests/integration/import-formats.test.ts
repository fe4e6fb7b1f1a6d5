/**
 * Exports from other tools imported as their owners download them (issue 46, decision 0045), on SQLite and
 * PostgreSQL: Mailchimp's audience export (its TAGS quoted inside the cell, First and Last Name joined, its
 * unsubscribed file left out), Brevo's contacts (semicolons, blocklisted contacts left out), Zoho Campaigns' contacts
 * (their status and tags) and Ghost's members (labels, members not subscribed to e-mails left out). A bad or extra
 * label costs only the label, and the report says per row what was added and what was not, and why.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importReportCsv, importSubscribers } from "../../server/services/newsletter/import";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const OWNER = { userId: null, label: "owner@example.test", clientIp: "192.0.2.1" };
const file = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures/imports", name), "utf8");
const CONSENT = { consent: "Subscribed through our Mailchimp, Brevo, Zoho or Ghost form" };

/**
 * A 1,000-row "subscribed members" export as Mailchimp writes it: 842 rows carry the tags `"Real estate","Pune"`
 * (the file), the others none.
 */
function mailchimpThousand(kind: string): string {
  const head = `"Email Address","First Name","Last Name","Address","Phone Number","MEMBER_RATING","OPTIN_TIME","OPTIN_IP","CONFIRM_TIME","CONFIRM_IP","LATITUDE","LONGITUDE","GMTOFF","DSTOFF","TIMEZONE","CC","REGION","LAST_CHANGED","LEID","EUID","NOTES","TAGS"`;
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const tags = i < 842 ? `"""Real estate"",""Pune"""` : `""`;
    return `"member${i}.${kind}@example.com","First${i}","Last${i}","","","2","","","2024-03-02 10:15:30","203.0.113.10","","","","","","","","2024-05-01 09:00:00","${100000 + i}","e${i}","",${tags}`;
  });
  return [head, ...rows].join("\r\n") + "\r\n";
}

describe.each(testDatabaseKinds())("imports from other tools on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const subscriber = async (email: string) => {
    const row = await t.db.kysely.selectFrom("subscribers").select(["id", "name", "status"]).where("email_normalized", "=", email).executeTakeFirst();
    if (!row) return undefined;
    const labels = await t.db.kysely.selectFrom("subscriber_labels").select("label").where("subscriber_id", "=", row.id).orderBy("label").execute();
    return { name: row.name, status: row.status, labels: labels.map((l) => l.label) };
  };

  it("a 1,000-row Mailchimp export with quoted tags: every row added, with its tags and its whole name", async () => {
    const report = await importSubscribers(deps, mailchimpThousand(kind), CONSENT, OWNER);
    expect(report.format).toBe("mailchimp");
    expect({ rows: report.rows, added: report.added, invalid: report.invalid, problems: report.problems.length }).toEqual({ rows: 1000, added: 1000, invalid: 0, problems: 0 });
    expect(await subscriber(`member0.${kind}@example.com`)).toEqual({ name: "First0 Last0", status: "confirmed", labels: ["pune", "real estate"] });
    expect(await subscriber(`member999.${kind}@example.com`)).toEqual({ name: "First999 Last999", status: "confirmed", labels: [] });
  });

  it("Mailchimp's subscribed file: a bad tag costs only the tag; the unsubscribed file adds nobody", async () => {
    const report = await importSubscribers(deps, file("mailchimp-subscribed.csv"), CONSENT, OWNER);
    expect(report.format).toBe("mailchimp");
    expect(report).toMatchObject({ rows: 4, added: 3, invalid: 1 });
    expect(await subscriber("asha.kulkarni@example.com")).toEqual({ name: "Asha Kulkarni", status: "confirmed", labels: ["pune", "real estate"] });
    expect(await subscriber("rohan.deshmukh@example.com")).toEqual({ name: "Rohan Deshmukh", status: "confirmed", labels: ["pune", "real estate"] });
    expect(await subscriber("meera@example.com")).toMatchObject({ name: "Meera", labels: [] });
    expect(report.labelNotes).toEqual([{ row: 3, email: "rohan.deshmukh@example.com", left: ["VIP: 2024!"] }]);
    expect(importReportCsv(report).split("\r\n")).toEqual([
      "row,email,outcome,reason,reason_code,labels_left_out",
      `3,rohan.deshmukh@example.com,added,"Added without some labels (not valid here, or more than 10)",labelsLeftOut,VIP: 2024!`,
      "5,not an address,not added,Not a valid e-mail address,invalid,",
      "",
    ]);

    const unsub = await importSubscribers(deps, file("mailchimp-unsubscribed.csv"), CONSENT, OWNER);
    expect(unsub).toMatchObject({ format: "mailchimp", rows: 1, added: 0, leftAtSource: 1 });
    expect(unsub.problems).toEqual([{ row: 2, email: "left.once@example.com", reason: "unsubscribedInSource" }]);
    expect(await subscriber("left.once@example.com")).toBeUndefined();
  });

  it("Brevo's contacts (semicolons): names joined, blocklisted contacts left out", async () => {
    const report = await importSubscribers(deps, file("brevo-contacts.csv"), CONSENT, OWNER);
    expect(report).toMatchObject({ format: "brevo", rows: 3, added: 2, leftAtSource: 1 });
    expect(await subscriber("priya.shah@example.com")).toMatchObject({ name: "Priya Shah", labels: [] });
    expect(await subscriber("vikram.rao@example.com")).toMatchObject({ name: "Vikram Rao" });
    expect(report.problems).toEqual([{ row: 4, email: "blocked.contact@example.com", reason: "unsubscribedInSource" }]);
  });

  it("Zoho Campaigns' contacts: tags, and the unsubscribed and bounced left out", async () => {
    const report = await importSubscribers(deps, file("zoho-contacts.csv"), { labels: "from zoho" }, OWNER);
    expect(report).toMatchObject({ format: "zoho", rows: 4, added: 2, optin: 2, leftAtSource: 2 });
    expect(await subscriber("neha.joshi@example.com")).toEqual({ name: "Neha Joshi", status: "pending", labels: ["from zoho", "healthcare", "pune"] });
    expect(await subscriber("amit.patil@example.com")).toEqual({ name: "Amit Patil", status: "pending", labels: ["from zoho"] });
    expect(report.problems.map((p) => [p.email, p.reason])).toEqual([
      ["gone.zoho@example.com", "unsubscribedInSource"],
      ["bounced.zoho@example.com", "bouncedInSource"],
    ]);
  });

  it("Ghost's members: labels, and members not subscribed to e-mails left out", async () => {
    const report = await importSubscribers(deps, file("ghost-members.csv"), CONSENT, OWNER);
    expect(report).toMatchObject({ format: "ghost", rows: 3, added: 2, leftAtSource: 1 });
    expect(await subscriber("kavya.iyer@example.com")).toEqual({ name: "Kavya Iyer", status: "confirmed", labels: ["pune", "vip"] });
    expect(await subscriber("sanjay@example.com")).toMatchObject({ name: "Sanjay", labels: [] });
    expect(report.problems).toEqual([{ row: 4, email: "quiet.member@example.com", reason: "notSubscribedInSource" }]);
  });

  it("labels past the most a subscriber carries are left out, not the address", async () => {
    const tags = Array.from({ length: 12 }, (_, i) => `""tag ${i}""`).join(",");
    const csv = `"Email Address","First Name","Last Name","MEMBER_RATING","LEID","TAGS"\r\n"many.tags.${kind}@example.com","Many","Tags","2","1","${tags}"\r\n`;
    const report = await importSubscribers(deps, csv, CONSENT, OWNER);
    expect(report.added).toBe(1);
    expect((await subscriber(`many.tags.${kind}@example.com`))?.labels).toHaveLength(10);
    expect(report.labelNotes).toEqual([{ row: 2, email: `many.tags.${kind}@example.com`, left: ["tag 10", "tag 11"] }]);
  });
});
