/**
 * A new site after `npm run import` (issue 46, decision 0045), on SQLite and PostgreSQL: the archive carries no
 * passwords, so the import prints and e-mails a set-password link to every editor and owner and its summary says so;
 * `npm run staff -- grant` for such an account prints (and e-mails) a link too, where it printed nothing; and the
 * week's report the old site sent is not sent a second time by the new one.
 */
import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWeeklyReport } from "../../server/services/analytics/weekly";
import { archiveKey } from "../../server/services/backup/archive-format";
import { exportArchive } from "../../server/services/backup/archive-export";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

const SITE_SECRET = randomBytes(32);

const run = promisify(execFile);
const LINK = /\/reset-password\?token=[\w-]+/;
/** A Monday morning in Pune: the week before is due for its report. */
const REPORT_DUE = Date.UTC(2026, 10, 23, 6, 0);

describe.each(testDatabaseKinds())("staff after an import on %s", (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let second: TestDatabase;
  let archiveFile: string;

  beforeAll(async () => {
    source = await createTestDatabase(kind);
    const deps = testDeps(source.db);
    await staffWithSession(deps, "imported.owner@example.com", "owner");
    await staffWithSession(deps, "imported.editor@example.com", "editor");
    // As on a site in use: both set their password through their link, which proved their address.
    await source.db.kysely.updateTable("users").set({ email_verified_at: Date.now(), password_hash: "scrypt$set" }).execute();
    expect((await sendWeeklyReport(deps, REPORT_DUE)).sent).toBe(true);
    archiveFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-staff-import-")), "site.tar.gz");
    // Signed with the key the new site holds too (a move keeps TOTP_SECRET_KEY): staff access comes along.
    fs.writeFileSync(archiveFile, await exportArchive(source.db, { key: archiveKey(SITE_SECRET) }));
    [target, second] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop(), second?.drop()]);
    if (archiveFile) fs.rmSync(path.dirname(archiveFile), { recursive: true, force: true });
  });

  const queued = (t: TestDatabase) => t.db.kysely.selectFrom("mail_outbox").select(["to_address", "text_body"]).where("kind", "=", "staff-set-password").orderBy("to_address").execute();

  it("npm run import prints a set-password link per staff account, e-mails it, and says so", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/import.ts", archiveFile], {
      env: { ...process.env, DATABASE_URL: target.url, LOG_LEVEL: "silent", SMTP_HOST: "", PUBLIC_URL: "https://site.example", TOTP_SECRET_KEY: SITE_SECRET.toString("hex") },
      timeout: 60_000,
    });
    expect(stdout).toContain("2 staff accounts get a single-use set-password link (also e-mailed; valid 24 hours):");
    const lines = stdout.split("\n");
    const ownerLine = lines.find((l) => l.includes("imported.owner@example.com"));
    const editorLine = lines.find((l) => l.includes("imported.editor@example.com"));
    expect(ownerLine).toMatch(/owner\s+imported\.owner@example\.com\s+https:\/\/site\.example\/reset-password\?token=/);
    expect(editorLine).toMatch(/editor\s+imported\.editor@example\.com\s+https:\/\/site\.example\/reset-password\?token=/);
    const mails = await queued(target);
    expect(mails.map((m) => m.to_address)).toEqual(["imported.editor@example.com", "imported.owner@example.com"]);
    // The link printed is the link mailed.
    expect(mails[1]!.text_body).toContain(LINK.exec(ownerLine!)![0]);
  });

  it("npm run staff -- grant prints and e-mails a link for an imported account without a password", async () => {
    // Imported without the import's own links (the archive restored by an older import).
    const { importArchive } = await import("../../server/services/backup/archive-import");
    await importArchive(second.db, fs.readFileSync(archiveFile), { key: archiveKey(SITE_SECRET) });
    const deps = testDeps(second.db);
    const out: string[] = [];
    const code = await runStaffCommand(deps, ["grant", "owner", "imported.owner@example.com"], (l) => out.push(l), (l) => out.push(l));
    expect(code).toBe(0);
    expect(out.join("\n")).toContain("has no password yet");
    expect(out.join("\n")).toMatch(LINK);
    expect((await queued(second)).map((m) => m.to_address)).toEqual(["imported.owner@example.com"]);

    // A staff member who has a password gets no link: nothing to set.
    await second.db.kysely.updateTable("users").set({ password_hash: "scrypt$x" }).where("email_normalized", "=", "imported.editor@example.com").execute();
    const again: string[] = [];
    await runStaffCommand(deps, ["grant", "editor", "imported.editor@example.com"], (l) => again.push(l), (l) => again.push(l));
    expect(again.join("\n")).not.toMatch(LINK);
  });

  it("the restored site does not send the week's report the old site sent", async () => {
    // `target` was restored by the import above.
    expect(await sendWeeklyReport(testDeps(target.db), REPORT_DUE + 3_600_000)).toEqual({ sent: false, reason: "already-sent" });
    expect(await target.db.kysely.selectFrom("mail_outbox").select("id").where("kind", "=", "weekly-report").execute()).toEqual([]);
  });
});
