/**
 * Issue 47, item 7 (decision 0064): a search's cost is bounded. A rare term's page looks its few candidates (fewer
 * than SEARCH_PROBE) up by id instead of walking a newest-first index until a page of them turns up, and the page
 * that puts its own language first counts that language's matches only as far as the page reaches. The pages stay
 * exactly what they were: own language first, each newest first, every match once.
 */
import { CompiledQuery, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { blogInput } from "../../../tests/helpers/test-site";
import { listBlogs } from "./listing";
import { insertBlogs } from "./posts";

const POSTS = 1_200;

describe.each(testDatabaseKinds())("a search's bounded cost on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db);
    for (let i = 0; i < POSTS; i += 300) {
      await insertBlogs(
        deps,
        Array.from({ length: 300 }, (_, k) => {
          const n = i + k;
          return blogInput(`bound-${n}`, {
            title: `Playbook ${n}${n % 50 === 7 ? " Pune dental chain" : ""}`,
            date: new Date(Date.UTC(2021, 0, 1) + ((n * 7919) % POSTS) * 3_600_000).toISOString(),
            category: n % 2 ? "Healthcare" : "Technology",
          });
        }),
      );
    }
    // A third of the posts in Hindi: the listing's own language first has two runs to join.
    await t.db.kysely.updateTable("blogs").set({ language: "hi" }).where((eb) => eb(eb("id", "%", 3), "=", 0)).execute();
  }, 120_000);
  afterAll(async () => {
    await t.drop();
  });

  /** Every match, as the listing must order it: the own language first, each newest first (then highest id). */
  const expected = async (text: string, first: "en" | "hi", category?: string) => {
    const rows = await t.db.kysely.selectFrom("blogs").select(["slug", "language", "published_at", "id", "search_text", "category"]).where("status", "=", "published").execute();
    return rows
      .filter((r) => r.search_text.includes(text) && (!category || r.category === category))
      .sort((a, b) => Number(a.language !== first) - Number(b.language !== first) || Number(b.published_at) - Number(a.published_at) || Number(b.id) - Number(a.id))
      .map((r) => r.slug);
  };
  const allPages = async (search: string, first: "en" | "hi", limit: number, category?: string) => {
    const slugs: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await listBlogs(testDeps(t.db), { search, languageFirst: first, limit, page, category });
      slugs.push(...answer.data.map((b) => b.slug));
      if (!answer.pagination.hasMore) return slugs;
      expect(answer.data).toHaveLength(limit);
    }
  };

  it("pages a rare term and a common one exactly, own language first, every match once", async () => {
    const rare = await expected("pune dental", "hi");
    expect(rare.length).toBe(24);
    expect(await allPages("pune dental", "hi", 5)).toEqual(rare);
    expect(await allPages("pune dental", "en", 7, "Healthcare")).toEqual(await expected("pune dental", "en", "Healthcare"));
    // Every post matches: the count of the own language's matches stops where the page does, and deep pages
    // still join the two runs at the right place.
    const all = await expected("playbook", "en");
    expect(all).toHaveLength(POSTS);
    for (const page of [1, 66, 67, 68, 100]) {
      const answer = await listBlogs(testDeps(t.db), { search: "playbook", languageFirst: "en", limit: 12, page });
      expect(answer.data.map((b) => b.slug), `page ${page}`).toEqual(all.slice((page - 1) * 12, page * 12));
      expect(answer.pagination.hasMore).toBe(page * 12 < POSTS);
    }
  });

  it.runIf(kind === "sqlite")("looks a rare term's candidates up by id and never walks a whole index for them", async () => {
    const statements: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(t.db.kysely.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const deps = testDeps({ ...t.db, kysely: t.db.kysely.withPlugin(capture) });
    for (const query of [{ languageFirst: "en" as const }, { languageFirst: "hi" as const, page: 2, limit: 5 }, { category: "Healthcare" }, {}]) {
      statements.length = 0;
      const answer = await listBlogs(deps, { search: "pune dental", ...query });
      expect(answer.data.length).toBeGreaterThan(0);
      const reads = statements.filter((s) => /from "blogs"/.test(s.sql));
      expect(reads.length).toBeGreaterThan(0);
      for (const statement of reads) {
        const plan = (await t.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]))).rows.map((r) => r.detail);
        // Candidates by their ids (the primary key), never a scan of blogs or a walk along one of its indexes.
        expect(plan.join("\n"), statement.sql).toMatch(/USING INTEGER PRIMARY KEY/);
        expect(plan.filter((line) => /^(SCAN|SEARCH) blogs\b(?!_fts)(?! USING INTEGER PRIMARY KEY)/.test(line)), statement.sql).toEqual([]);
      }
    }
  });
});
