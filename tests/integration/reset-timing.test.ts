import type { CompiledQuery, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { normalizeEmail } from "../../server/services/auth/accounts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

/**
 * Issue 39, item 10: a reset request for a known address and one for an unknown address are answered in the same
 * time. Known and unknown requests alternate (each known one followed by an unknown one and the other way round),
 * so work a known address leaves behind for the next answer (its lookup, link and e-mail) would show in the
 * unknown ones' times; the medians of 30 each must be within 25% of each other. A ratio in one run, on a shared
 * machine: each request's own address and account, so no limit answers instead. Before the fix the request after
 * a known address carried its e-mail work (2.6 ms vs 10.5 ms medians in one run here).
 */
const ROUNDS = 30;

/** The tables of the statements run while `on` (what the database did, not how long it took). */
class StatementRecorder implements KyselyPlugin {
  on = false;
  readonly tables: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.on) this.tables.push(/"TableNode".*?"IdentifierNode","name":"(\w+)"/.exec(JSON.stringify(args.node))?.[1] ?? "?");
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe.each(testDatabaseKinds())("reset timing on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Awaited<ReturnType<typeof createApp>>;
  let ip = 0;
  const known: string[] = [];
  const recorder = new StatementRecorder();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    // Queries built per call pass the plugin; the hot ones compiled once (server/db/precompiled.ts) run as compiled
    // SQL through executeQuery, where their table is read from the SQL.
    const plugged = t.db.kysely.withPlugin(recorder);
    const kysely = new Proxy(plugged, {
      get(target, prop) {
        if (prop === "executeQuery") {
          return (query: CompiledQuery) => {
            if (recorder.on) recorder.tables.push(/\b(?:into|from|update)\s+"?(\w+)"?/i.exec(query.sql)?.[1] ?? "?");
            return target.executeQuery(query);
          };
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    app = await createApp({ deps: testDeps({ ...t.db, kysely }, { SMTP_URL: smtp.url, TRUST_PROXY: "true" }) });
    const now = Date.now();
    for (let i = 0; i < 3 * ROUNDS + 5; i++) {
      const email = `Known.${i}.${kind}@example.com`;
      known.push(email);
      await t.db.kysely
        .insertInto("users")
        .values({
          id: `reset-timing-${kind}-${i}`,
          email,
          email_normalized: normalizeEmail(email),
          name: "Asha Verma",
          role: "user",
          access: "user",
          industry: "Real Estate",
          company: "Verma Realty",
          password_hash: null,
          email_verified_at: now,
          profile_picture: null,
          created_at: now,
          last_login_at: null,
          locale: "en",
        })
        .execute();
    }
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp?.close();
    await t?.drop();
  });

  async function timed(email: string): Promise<number> {
    const started = performance.now();
    const res = await app.request("/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.18.7.${++ip % 250}` },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    return ms;
  }

  it("the work a known address leaves (lookup, link, e-mail) does not run during the next request's answer", async () => {
    await settleMailDeliveries();
    await timed(known[3 * ROUNDS + 4]!);
    // The next request, at once (an attacker's probe): while it is answered, only the limit's counters are touched.
    recorder.tables.length = 0;
    recorder.on = true;
    await timed(`right.after.${kind}@example.com`);
    recorder.on = false;
    expect(recorder.tables.length).toBeGreaterThan(0);
    expect(recorder.tables.filter((table) => table !== "rate_limits")).toEqual([]);
    // The known address's link still goes out, a moment later.
    await settleMailDeliveries();
    await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === known[3 * ROUNDS + 4]!.toLowerCase()));
  });

  it("answers known and unknown addresses in the same time: medians of 30 each within 25%", { timeout: 60_000 }, async () => {
    // Warm up: the first requests compile and open what the rest reuse.
    for (let i = 0; i < 5; i++) {
      await timed(known[3 * ROUNDS + i]!);
      await timed(`warm.${i}.${kind}@example.com`);
    }
    await settleMailDeliveries();
    // A block is 30 of each, alternating; on a loaded shared machine a block can be skewed by others' work, so up to
    // three blocks are measured and one within the bar passes (a systematic difference skews every block).
    const blocks: string[] = [];
    let within = false;
    for (let block = 0; block < 3 && !within; block++) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        const account = known[block * ROUNDS + i]!;
        for (const which of order) times[which].push(await timed(which === "known" ? account : `nobody.${block}.${i}.${kind}@example.com`));
      }
      const ratio = median(times.known) / median(times.unknown);
      blocks.push(`known ${median(times.known).toFixed(2)} ms / unknown ${median(times.unknown).toFixed(2)} ms = ${ratio.toFixed(2)}`);
      within = ratio > 1 / 1.25 && ratio < 1.25;
    }
    expect(within, blocks.join("; ")).toBe(true);
    // And every known address did get its link.
    await settleMailDeliveries();
    await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === known[0]!.toLowerCase()));
  });
});
