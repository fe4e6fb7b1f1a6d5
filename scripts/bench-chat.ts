/**
 * `npm run bench:chat`: the local assistant's answer time with a large
 * knowledge index. Seeds BENCH_POSTS (default 10,000) generated posts (each
 * indexed as it is written, as publishing does) plus the sample posts into a
 * temporary database, then runs BENCH_CHATS (default 10) concurrent chats,
 * each asking the eval question sets in turn (the older set and the visitor questions, follow-ups with their
 * previous turn) through the chat service (the
 * local engine, the knowledge search and the questions log; no model), for
 * BENCH_SECONDS (default 15). Prints p50/p95/p99 per answer, the CPU time per
 * answer and the load average. Target: p99 under 50 ms.
 *
 * BENCH_DB=postgres runs it on a fresh PostgreSQL database beside
 * TEST_DATABASE_URL (dropped afterwards). BENCH_SET=hindi asks the Hindi questions instead
 * (tests/eval/hindi-questions.json, each with its page's language: answered in Hindi; issue 33).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "../server/config";
import type { Deps } from "../server/context";
import { createTestDatabase } from "../tests/helpers/databases";
import { createLogger } from "../server/logger";
import { insertBlogs, seedSampleBlogs } from "../server/services/blog/posts";
import { answerChat } from "../server/services/chat/service";
import { subscribeDomainEvents } from "../server/subscribers";
import { generatedPost } from "./bench-chat-posts";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CHATS = Number(process.env.BENCH_CHATS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const questionsFile = path.join(import.meta.dirname, "../tests/eval/chat-questions.json");
type Turn = { role: "user" | "assistant"; content: string };
const visitorFile = path.join(import.meta.dirname, "../tests/eval/visitor-questions.json");
const hindiFile = path.join(import.meta.dirname, "../tests/eval/hindi-questions.json");
const HINDI: { message: string; history?: Turn[]; locale: "en" | "hi" }[] = (
  JSON.parse(fs.readFileSync(hindiFile, "utf8")) as { questions: Array<{ q: string; history?: Turn[]; locale: "en" | "hi" }> }
).questions.map((q) => ({ message: q.q, locale: q.locale, ...(q.history ? { history: q.history } : {}) }));
const ALL: { message: string; history?: Turn[]; locale?: "en" | "hi" }[] = [
  ...(JSON.parse(fs.readFileSync(questionsFile, "utf8")) as { questions: Array<{ q: string }> }).questions.map((q) => ({ message: q.q })),
  ...(JSON.parse(fs.readFileSync(visitorFile, "utf8")) as { questions: Array<{ q: string; history?: Turn[] }> }).questions.map((q) => ({
    message: q.q,
    ...(q.history ? { history: q.history } : {}),
  })),
];
const QUESTIONS = process.env.BENCH_SET === "hindi" ? HINDI : ALL;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const t = await createTestDatabase(process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite");
  const db = t.db;
  try {
    const config = parseConfig({ NODE_ENV: "production", DATABASE_URL: t.url, LOG_LEVEL: "warn" });
    const deps: Deps = { config, db, log: createLogger("warn") };
    // As the server does at start: a post written here is indexed for the assistant (decision 0059).
    subscribeDomainEvents();
    const seedStart = performance.now();
    await seedSampleBlogs(deps);
    for (let i = 0; i < POSTS; i += 250) {
      await insertBlogs(deps, Array.from({ length: Math.min(250, POSTS - i) }, (_, k) => generatedPost(i + k)));
    }
    const passages = await db.kysely.selectFrom("knowledge_passages").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    console.log(`${db.dialect}: ${POSTS} posts + samples indexed (${passages.n} passages) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    await answerChat(deps, { message: "warm up", clientIp: "198.51.100.1" });

    const times: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    const cpuStart = process.cpuUsage();
    const chat = async (c: number) => {
      for (let n = c; Date.now() < until; n += CHATS) {
        const start = performance.now();
        // A different address per question, so the per-address caps (chat/limits.ts) do not change what is measured.
        await answerChat(deps, { ...QUESTIONS[n % QUESTIONS.length]!, clientIp: `198.51.${Math.floor(n / 250) % 250}.${n % 250}` });
        times.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: CHATS }, (_, c) => chat(c)));
    const cpu = process.cpuUsage(cpuStart);
    times.sort((a, b) => a - b);
    const cpuPerAnswer = (cpu.user + cpu.system) / 1000 / times.length;
    console.log(
      `${process.env.BENCH_SET === "hindi" ? "Hindi questions: " : ""}${CHATS} concurrent chats, ${times.length} answers in ${SECONDS} s: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU ${cpuPerAnswer.toFixed(2)} ms per answer; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
    );
    process.exitCode = percentile(times, 99) < 50 ? 0 : 1;
  } finally {
    await t.drop();
  }
}

await main();
