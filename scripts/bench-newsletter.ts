/**
 * `npm run bench:newsletter`: the production build on a loopback port with a temporary SQLite database holding
 * 10,000 confirmed subscribers, an SMTP sink on loopback, and the owner sending a post as a newsletter through
 * the studio API with the rate limit off. Reports:
 * - the time to queue the send (the API call: one INSERT … SELECT),
 * - delivery throughput (messages per second until the last one is sent),
 * - the server process's RSS during the send (sampled from /proc),
 * - the public post page's requests/s and p99 while sending, against the same measure idle just before.
 *
 * Needs a build: set WP_BUILD_DIR (default build-e2e). BENCH_SUBSCRIBERS (default 10000) and BENCH_SECONDS
 * (default 5, at most 30) bound the run; every loop is bounded in count and time.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Secret, TOTP } from "otpauth";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../server/db/database";
import { runStaffCommand } from "../server/staff-command";
import { startBuiltServer } from "../tests/helpers/built-server";
import { testDeps } from "../tests/helpers/deps";
import { markAddressVerified } from "../tests/helpers/verified";

type BenchResult = { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<BenchResult>;

const SUBSCRIBERS = Math.min(Number(process.env.BENCH_SUBSCRIBERS ?? 10_000), 50_000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 30);
const DELIVERY_TIMEOUT_MS = 5 * 60_000;

/** Counts messages and throws their bodies away. */
async function smtpSink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, count: () => count, close: () => new Promise((r) => server.close(() => r())) };
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

async function main() {
  const sink = await smtpSink();
  const server = await startBuiltServer({ SMTP_URL: sink.url, MAIL_SEND_RATE_PER_MINUTE: "0" });
  const pid = server.process.pid!;
  const origin = { origin: server.url };
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...origin, ...headers }, body: JSON.stringify(body) });
    if ((await post("/api/blogs/seed", {})).status !== 200) throw new Error("seeding posts failed");

    // The owner: an account, owner access from the command line, the second factor, a session.
    const owner = { name: "Bench Owner", email: "bench.owner@example.com", password: "a bench owner's passphrase 9", company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" };
    await post("/api/auth/register", owner);
    const db = await openDatabase(server.databaseUrl);
    const now = Date.now();
    try {
      await markAddressVerified(db, owner.email);
      await runStaffCommand(testDeps(db), ["grant", "owner", owner.email], () => {}, () => {});
      for (let i = 0; i < SUBSCRIBERS; i += 1000) {
        await db.kysely
          .insertInto("subscribers")
          .values(
            Array.from({ length: Math.min(1000, SUBSCRIBERS - i) }, (_, k) => {
              const email = `reader${i + k}@example.com`;
              return { email, email_normalized: email, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null };
            }),
          )
          .execute();
      }
    } finally {
      await db.close();
    }
    const { token } = (await (await post("/api/auth/login", { email: owner.email, password: owner.password })).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const { secret } = (await (await post("/api/studio/second-factor/enrolment", {}, auth)).json()) as { secret: string };
    const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    if ((await post("/api/studio/second-factor/enrolment/confirm", { code }, auth)).status !== 200) throw new Error("second factor failed");

    const blogs = (await (await fetch(`${server.url}/api/blogs?limit=1`)).json()) as { data: { _id: string; slug: string }[] };
    const target = blogs.data[0]!;
    const pageUrl = `${server.url}/blog/${target.slug}`;

    // Idle: the post page alone.
    await autocannon({ url: pageUrl, connections: 10, duration: 1 });
    const idle = await autocannon({ url: pageUrl, connections: 10, duration: SECONDS });

    // The send.
    // Mail sent before (the owner's verification message) is not part of the newsletter.
    const before = sink.count();
    const newsletterSent = () => sink.count() - before;
    const rss: number[] = [rssMb(pid)];
    const sampler = setInterval(() => rss.push(rssMb(pid)), 200);
    const queuedAt = performance.now();
    const started = await post("/api/studio/audience/newsletters", { post: Number(target._id), confirm: SUBSCRIBERS }, auth);
    const queueMs = performance.now() - queuedAt;
    if (started.status !== 201) throw new Error(`send refused: ${started.status} ${await started.text()}`);
    const { newsletter } = (await started.json()) as { newsletter: { issueId: number; queued: number } };
    process.stderr.write(`queued ${newsletter.queued} messages in ${(queueMs / 1000).toFixed(3)} s; measuring…\n`);

    const busy = await autocannon({ url: pageUrl, connections: 10, duration: SECONDS });
    const sentDuringLoad = newsletterSent();

    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (newsletterSent() < newsletter.queued && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const deliveryS = (performance.now() - queuedAt) / 1000;
    clearInterval(sampler);
    const progress = (await (await fetch(`${server.url}/api/studio/audience/newsletters/${newsletter.issueId}`, { headers: auth })).json()) as {
      newsletter: { sent: number; failed: number; queued: number };
    };

    const report = {
      subscribers: SUBSCRIBERS,
      queueSeconds: Number((queueMs / 1000).toFixed(3)),
      queueTargetSeconds: 5,
      delivered: newsletterSent(),
      recorded: { sent: progress.newsletter.sent, failed: progress.newsletter.failed, queued: progress.newsletter.queued },
      deliverySeconds: Number(deliveryS.toFixed(1)),
      messagesPerSecond: Math.round(newsletterSent() / deliveryS),
      messagesPerSecondTarget: 100,
      rssMb: { median: Math.round(median(rss)), max: Math.round(Math.max(...rss)), limit: 250 },
      postPage: {
        idle: { requestsPerSecond: Math.round(idle.requests.average), p50Ms: idle.latency.p50, p99Ms: idle.latency.p99, errors: idle.errors + idle.non2xx },
        sending: { requestsPerSecond: Math.round(busy.requests.average), p50Ms: busy.latency.p50, p99Ms: busy.latency.p99, errors: busy.errors + busy.non2xx, messagesSentMeanwhile: sentDuringLoad },
        p99Ratio: Number((busy.latency.p99 / Math.max(1, idle.latency.p99)).toFixed(2)),
        p99RatioTarget: 2,
      },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await server.stop();
    await sink.close();
  }
}

await main();
