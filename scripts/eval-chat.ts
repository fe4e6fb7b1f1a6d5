/**
 * npm run eval:chat — how well the local assistant answers what business
 * owners ask. Runs the local engine (keyword rules + knowledge) over the
 * sample posts, the site's pages and the FAQ, on a temporary SQLite database,
 * for every question in tests/eval/chat-questions.json; prints each question's
 * verdict, every miss and every unsupported citation, and the share answered
 * relevantly. Exits 1 below 85 % relevant or with any unsupported citation.
 * EVAL_DB=postgres runs it on a fresh database beside TEST_DATABASE_URL.
 */
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase } from "../tests/helpers/databases";
import { seedSampleBlogs } from "../server/services/blog/posts";
import { answerLocally, type LocalAnswer } from "../server/services/chat/answer";

type Question = { area: string; q: string; must: string[][]; supports?: string[] };

const file = path.join(import.meta.dirname, "../tests/eval/chat-questions.json");
const { questions } = JSON.parse(fs.readFileSync(file, "utf8")) as { questions: Question[] };

/** A source's name in the question file: "post:<slug>" for posts, its ref otherwise. */
function sourceName(s: LocalAnswer["sources"][number]): string {
  return s.ref.startsWith("post:") ? `post:${s.url.replace(/^\/blog\//, "")}` : s.ref;
}

export async function evaluate(): Promise<{ relevant: number; unsupported: number; total: number }> {
  const t = await createTestDatabase(process.env.EVAL_DB === "postgres" ? "postgres" : "sqlite");
  const db = t.db;
  try {
    console.log(`on ${db.dialect}`);
    const deps = { db };
    await seedSampleBlogs(deps as never);
    let relevant = 0;
    let unsupported = 0;
    const misses: string[] = [];
    for (const item of questions) {
      const answer = await answerLocally(deps, item.q);
      const byRef = new Map(answer.sources.map((s) => [s.ref, sourceName(s)]));
      const answered = new Set([...answer.topics.map((t) => byRef.get(t) ?? t), ...answer.sources.map(sourceName)]);
      const ok = item.must.every((group) => group.some((name) => answered.has(name)));
      const allowed = new Set([...item.must.flat(), ...(item.supports ?? [])]);
      const bad = answer.sources.map(sourceName).filter((name) => !allowed.has(name));
      if (ok) relevant++;
      if (bad.length) unsupported++;
      const mark = ok ? (bad.length ? "~" : "✓") : "✗";
      console.log(`${mark} [${item.area}] ${JSON.stringify(item.q)} → ${[...answered].join(", ")}`);
      if (!ok) misses.push(`MISS  ${JSON.stringify(item.q)}: wanted ${item.must.map((g) => g.join("|")).join(" + ")}, got ${[...answered].join(", ")}`);
      if (bad.length) misses.push(`UNSUPPORTED CITATION  ${JSON.stringify(item.q)}: ${bad.join(", ")}`);
    }
    console.log("");
    for (const line of misses) console.log(line);
    const total = questions.length;
    console.log(`\n${relevant}/${total} relevant (${((100 * relevant) / total).toFixed(1)} %), ${unsupported} with an unsupported citation`);
    return { relevant, unsupported, total };
  } finally {
    await t.drop();
  }
}

const result = await evaluate();
process.exitCode = result.relevant / result.total >= 0.85 && result.unsupported === 0 ? 0 : 1;
