/**
 * Scheduled page copy published by two server processes at once (issue 46, item 4; decision 0057), on SQLite and
 * PostgreSQL: six drafts (three pages, English and Hindi) are due; two OS processes look for them at the same
 * instant, three times each. Every draft is published exactly once: by one process, with one revision and one audit
 * line each, and no draft is left.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleDraft } from "../../server/services/content/copy-schedule";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { copyKey } from "../../server/services/content/copy-rows";
import { saveDraft } from "../../server/services/content/drafts";
import type { StaffActor } from "../../server/services/audit";
import { copyDocById } from "../../shared/copy/index";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

const WORKER = path.resolve(import.meta.dirname, "copy-schedule-process.ts");

function run(env: Record<string, string>): { child: ChildProcess; ready: Promise<void>; done: Promise<string[]> } {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
    if (out.includes("worker ready")) markReady();
  });
  const done = new Promise<string[]>((resolve, reject) => {
    child.once("exit", (code) => {
      // The worker's answer, not one of its log lines (JSON too).
      const answers = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { published?: unknown })
        .filter((o): o is { published: string[] } => Array.isArray(o.published));
      if (code !== 0 || answers.length !== 1) return reject(new Error(`worker exited (${code}): ${err}`));
      resolve(answers[0]!.published);
    });
  });
  return { child, ready, done };
}

describe.each(testDatabaseKinds())("scheduled copy across two processes on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("two processes looking at the same instant publish each due draft once", async () => {
    const deps = testDeps(t.db);
    const o = await staffWithSession(deps, "processes.owner@example.com", "owner");
    const owner: StaffActor = { userId: o.userId, label: o.email, clientIp: "203.0.113.7", access: "owner" };
    const now = Date.now();
    const expected: string[] = [];
    for (const id of ["about", "contact", "faq"]) {
      const doc = copyDocById(id)!;
      for (const locale of ["en", "hi"] as const) {
        const state = await copyEditorState(deps, doc, locale);
        const seo = (state.editing.seo ?? {}) as Record<string, unknown>;
        const value = "seo" in state.editing ? { ...state.editing, seo: { ...seo, title: `Diwali ${id} ${locale}` } } : { ...state.editing, heading: `Diwali ${id} ${locale}` };
        const revision = await saveDraft(deps, doc, locale, value, { liveVersion: state.liveVersion, draftRevision: 0 }, owner, now);
        await scheduleDraft(deps, doc, locale, "2099-01-01T00:00", { liveVersion: state.liveVersion, draftRevision: revision }, owner, Date.UTC(2098, 11, 1));
        expected.push(`${copyKey(doc)}:${locale}`);
      }
    }
    const startAt = Date.now() + 4000;
    const env = { COPY_DB_URL: t.url, COPY_DUE_AT: String(Date.UTC(2099, 0, 1)), COPY_START_AT: String(startAt) };
    const a = run(env);
    const b = run(env);
    await Promise.all([a.ready, b.ready]);
    const [pa, pb] = await Promise.all([a.done, b.done]);
    console.log(`${kind}: process A published ${pa.length}, process B ${pb.length}`);
    expect([...pa, ...pb].sort()).toEqual(expected.sort());
    expect(pa.filter((x) => pb.includes(x))).toEqual([]);
    const audits = await t.db.kysely.selectFrom("audit_log").select("record_id").where("action", "=", "copy.publish").execute();
    expect(audits.map((r) => r.record_id).sort()).toEqual(expected.sort());
    const revisions = await t.db.kysely.selectFrom("content_revisions").select(["key", "locale"]).where("key", "like", "copy.%").execute();
    expect(revisions.map((r) => `${r.key}:${r.locale}`).sort()).toEqual(expected.sort());
    expect(await t.db.kysely.selectFrom("content_drafts").select("key").execute()).toEqual([]);
  }, 120_000);
});
