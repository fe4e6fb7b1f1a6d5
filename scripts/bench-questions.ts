/**
 * `npm run bench:questions` (BENCH_DB=postgres for PostgreSQL): how long /studio/questions' grouping takes with
 * 100,000 logged questions in the 30-day window (issue 29). The questions are generated from a few hundred phrasings
 * with varying words, names and numbers, so most are distinct texts (the hard case: SQL cannot fold them together).
 * Prints the time of the first call and the median and worst of 10 calls, all and "handed over only".
 */
import { parseConfig } from "../server/config";
import type { Deps } from "../server/context";
import { createLogger } from "../server/logger";
import { questionGroups } from "../server/services/chat/questions";
import { createTestDatabase } from "../tests/helpers/databases";

const ROWS = Number(process.env.BENCH_QUESTIONS ?? 100_000);

const SUBJECTS = ["price", "refund", "office", "demo", "whatsapp", "setup", "trial", "invoice", "clinic", "salon", "crm", "api", "hindi", "support", "leads", "booking"];
const FRAMES = [
  (s: string, n: number) => `How does the ${s} work for shop ${n}?`,
  (s: string, n: number) => `${s} kitna hai for ${n} users?`,
  (s: string, n: number) => `Can I get ${s} help, order number ${n}`,
  (s: string, n: number) => `what about ${s} in city ${n % 500}`,
  (s: string) => `Tell me about ${s}`,
  (s: string, n: number) => `Do you have ${s} for branch ${n % 2000}?`,
];

async function main(): Promise<void> {
  const t = await createTestDatabase(process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite");
  try {
    const config = parseConfig({ NODE_ENV: "production", DATABASE_URL: t.url, LOG_LEVEL: "warn", CHAT_LOG_DAYS: "90" });
    const deps: Deps = { config, db: t.db, log: createLogger("warn") };
    const now = Date.now();
    const seedStart = performance.now();
    for (let i = 0; i < ROWS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => {
        const n = i + k;
        const question = FRAMES[n % FRAMES.length]!(SUBJECTS[(n * 7) % SUBJECTS.length]!, (n * 7919) % 50_000);
        return {
          question,
          question_key: question.toLowerCase().replace(/[?]+$/, ""),
          topic: n % 3 === 0 ? "menu" : `faq:${SUBJECTS[(n * 7) % SUBJECTS.length]}`,
          fell_through: n % 3 === 0 ? 1 : 0,
          created_at: now - (n % (60 * 24)) * 60_000 * 30, // spread over 30 days
          answer_id: null,
          answer: `An answer about ${SUBJECTS[(n * 7) % SUBJECTS.length]}.`,
          handed_over: n % 3 === 0 ? 1 : 0,
          language: n % 5 === 1 ? "hinglish" : "en",
          rating: n % 11 === 0 ? 1 : n % 13 === 0 ? -1 : null,
        };
      });
      await t.db.kysely.insertInto("chat_questions").values(rows).execute();
    }
    const distinct = await t.db.kysely
      .selectFrom("chat_questions")
      .select((eb) => eb.fn.count<number>("question_key").distinct().as("n"))
      .executeTakeFirstOrThrow();
    console.log(`${t.db.dialect}: ${ROWS} questions (${distinct.n} distinct texts) logged in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    for (const handedOverOnly of [false, true]) {
      const times: number[] = [];
      let groups = 0;
      for (let i = 0; i < 11; i++) {
        const start = performance.now();
        const result = await questionGroups(deps, { now: now + 1000, handedOverOnly });
        times.push(performance.now() - start);
        groups = result.groups.length;
        if (i === 0) console.log(`  ${handedOverOnly ? "handed over only" : "all"}: ${result.questions} questions in the grouped wordings, ${result.distinct} wordings grouped${result.capped ? " (capped)" : ""}, ${groups} groups shown`);
      }
      const [first, ...rest] = times;
      rest.sort((a, b) => a - b);
      console.log(`  first ${first!.toFixed(0)} ms, median ${rest[Math.floor(rest.length / 2)]!.toFixed(0)} ms, worst ${rest.at(-1)!.toFixed(0)} ms`);
    }
  } finally {
    await t.drop();
  }
}

await main();
