import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField } from "../../server/services/export";
import { leadsToCsv, listLeads, storeLead } from "../../server/services/leads/intake";
import { createTestDatabase, type TestDatabase } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/leads.ts");

describe("CSV fields", () => {
  it("quotes per RFC 4180 only when needed", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField(12)).toBe("12");
    expect(csvField(null)).toBe("");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(\"http://evil.example\")")).toBe("\"'=HYPERLINK(\"\"http://evil.example\"\")\"");
    expect(csvField("+91 98765 43210")).toBe("'+91 98765 43210");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    // A tab is a separator too (issue 26 item 9): the field is quoted and the cell after it neutralised.
    expect(csvField("\t=1")).toBe("\"'\t'=1\"");
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField(-5)).toBe("-5");
  });

  it("quotes a separator of any locale and neutralises a formula after each (issue 26 item 9)", () => {
    expect(csvField("a;=1+1")).toBe("\"a;'=1+1\"");
    expect(csvField("a|@x")).toBe("\"a|'@x\"");
    expect(csvField("x,-1")).toBe("\"x,'-1\"");
    expect(csvField("a; +1")).toBe("\"a; '+1\"");
    expect(csvField("one\n=2")).toBe("\"one\n'=2\"");
    expect(csvField("a;b")).toBe("\"a;b\"");
    expect(csvField("a\tb")).toBe("\"a\tb\"");
    expect(csvField("a=b;c")).toBe("\"a=b;c\"");
  });
});

describe("npm run leads / leads:csv", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    const deps = testDeps(t.db);
    const base = { lastName: "Patil", phone: "+91 90000 33333", leadSource: "Web Research" as const, website: "" };
    await storeLead(deps, { ...base, firstName: "Anil", email: "anil@example.com", message: 'Hello, "team"\nSecond line' });
    await storeLead(deps, { ...base, firstName: "=cmd|' /C calc'!A0", email: "evil@example.com", message: "@risk" });
    await storeLead(deps, { ...base, firstName: "Bot", email: "bot@example.com", message: "spam", website: "x" });
  });
  afterAll(async () => {
    await t.drop();
  });

  const script = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
      env: { ...process.env, DATABASE_URL: t.url, CRM_WEB_TO_LEAD_URL: "", LOG_LEVEL: "silent" },
      timeout: 40_000,
    });

  it("exports every lead as CSV with the same bytes as leadsToCsv", { timeout: 60_000 }, async () => {
    const { stdout } = await script("csv");
    const rows = (await listLeads({ db: t.db })).reverse();
    expect(stdout).toBe(leadsToCsv(rows));
    const lines = stdout.split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,first_name,last_name,email,phone,message,lead_source,status,attempts,delivered_at,crm_status,last_error,stage,note,stage_at",
    );
    expect(stdout).toContain('"Hello, ""team""\nSecond line"');
    expect(stdout).toContain("'=cmd|' /C calc'!A0");
    expect(stdout).toContain(",'@risk,");
    expect(stdout).toContain(",spam,");
    expect(stdout.endsWith("\r\n")).toBe(true);
    // Every lead starts "new" with no note; the follow-up columns come last.
    expect(lines[1]).toMatch(/,new,,$/);
  });

  it("carries the owner's follow-up: the stage, the note (formulas neutralised) and when it was set", { timeout: 60_000 }, async () => {
    const at = Date.UTC(2026, 10, 20, 9, 30);
    await t.db.kysely.updateTable("leads").set({ stage: "contacted", stage_note: "@call back, \"Tuesday\"\n=1+1", stage_at: at }).where("email", "=", "anil@example.com").execute();
    const { stdout } = await script("csv");
    const line = stdout.split(/\r\n(?=\d+,)/).find((l) => l.includes("anil@example.com"))!;
    expect(line.endsWith(`,contacted,"'@call back, ""Tuesday""\n'=1+1",2026-11-20T09:30:00.000Z\r\n`) || line.endsWith(`,contacted,"'@call back, ""Tuesday""\n'=1+1",2026-11-20T09:30:00.000Z`)).toBe(true);
  });

  it("lists leads with their delivery status, filters by status, and requeues failed ones", { timeout: 120_000 }, async () => {
    const { stdout } = await script();
    expect(stdout).toMatch(/^ID\s+CREATED \(UTC\)\s+NAME\s+EMAIL\s+SOURCE\s+STATUS\s+TRIES\s+NOTE/);
    expect(stdout).toMatch(/anil@example\.com\s+Web Research\s+pending\s+0/);
    expect(stdout).toMatch(/bot@example\.com\s+Web Research\s+spam/);
    expect(stdout).toContain("CRM_WEB_TO_LEAD_URL is not set");

    const spamOnly = await script("--status=spam");
    expect(spamOnly.stdout).toContain("bot@example.com");
    expect(spamOnly.stdout).not.toContain("anil@example.com");

    await t.db.kysely.updateTable("leads").set({ status: "failed", last_error: "CRM refused the lead (400)" }).where("email", "=", "anil@example.com").execute();
    const failedOnly = await script("--status=failed");
    expect(failedOnly.stdout).toContain("CRM refused the lead (400)");
    const retried = await script("retry", "failed");
    expect(retried.stdout).toBe("1 lead queued for delivery again.\n");
    const anil = (await listLeads({ db: t.db })).find((l) => l.email === "anil@example.com");
    expect(anil?.status).toBe("pending");

    await expect(script("--status=lost")).rejects.toMatchObject({ code: 2 });
    await expect(script("retry", "abc")).rejects.toMatchObject({ code: 2 });
  });
});
