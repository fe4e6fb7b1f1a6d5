/**
 * `npx tsx scripts/bench-subscribe-timing.ts`: whether the newsletter form's answer time tells a confirmed subscriber
 * from any other address (issue 26 item 14). POST /api/newsletter/subscribe through the app (in process, a real
 * database and a local SMTP server), for addresses already confirmed and for new ones, in random order; each answer is
 * timed alone (the work left after it, if any, is let finish before the next request, as a prober's next request
 * would arrive later). Prints each kind's median and p90 and the AUC of telling them apart by time (0.5: no better
 * than a coin; 1: always).
 *
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. BENCH_SAMPLES (default 300 per kind) bounds it.
 */
import { createApp } from "../server/app";
import { settleMailDeliveries } from "../server/services/mail/outbox";
import { createTestDatabase, type TestDatabaseKind } from "../tests/helpers/databases";
import { testDeps } from "../tests/helpers/deps";
import { startTestSmtpServer } from "../tests/helpers/smtp-server";

const SAMPLES = Math.min(Number(process.env.BENCH_SAMPLES ?? 300), 2000);

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
/** The probability that a random `slow` sample takes longer than a random `fast` one (ties count half). */
function auc(slow: number[], fast: number[]): number {
  let wins = 0;
  for (const a of slow) for (const b of fast) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / (slow.length * fast.length);
}

async function run(kind: TestDatabaseKind) {
  const t = await createTestDatabase(kind);
  const smtp = await startTestSmtpServer();
  try {
    const deps = testDeps(t.db, { SMTP_URL: smtp.url, TRUST_PROXY: "true", LOG_LEVEL: "error" });
    const app = await createApp({ deps });
    const now = Date.now();
    await t.db.kysely
      .insertInto("subscribers")
      .values(
        Array.from({ length: SAMPLES }, (_, i) => ({
          email: `known${i}@example.com`,
          email_normalized: `known${i}@example.com`,
          status: "confirmed",
          created_at: now,
          updated_at: now,
          confirmed_at: now,
          unsubscribed_at: null,
        })),
      )
      .execute();
    let ip = 0;
    const ask = async (email: string) => {
      ip++;
      const started = performance.now();
      const res = await app.request("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
        body: JSON.stringify({ email }),
      });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      await settleMailDeliveries();
      return ms;
    };
    // Warm up both paths.
    for (let i = 0; i < 30; i++) await ask(`warm${i}@example.com`);
    const order = [...Array.from({ length: SAMPLES }, (_, i) => ["known", i] as const), ...Array.from({ length: SAMPLES }, (_, i) => ["new", i] as const)];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const known: number[] = [];
    const fresh: number[] = [];
    for (const [which, i] of order) {
      if (which === "known") known.push(await ask(`known${i}@example.com`));
      else fresh.push(await ask(`new${i}@example.com`));
    }
    const f = (x: number) => x.toFixed(2);
    console.log(
      `${kind}: confirmed median ${f(median(known))} ms (p90 ${f(quantile(known, 0.9))}), new median ${f(median(fresh))} ms (p90 ${f(quantile(fresh, 0.9))}), ` +
        `AUC ${auc(fresh, known).toFixed(3)} (${SAMPLES} each)`,
    );
  } finally {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  }
}

for (const kind of ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as TestDatabaseKind[]) await run(kind);
