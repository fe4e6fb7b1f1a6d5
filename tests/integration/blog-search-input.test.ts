/**
 * S12 (docs/findings.md): whatever a visitor types into the blog search, the API and the /blogs page answer it
 * (never a 500): a NUL, other control characters and FTS5 query syntax are reduced to plain search text before
 * the database sees them, in one place (`normaliseSearch` in server/services/blog/search.ts) that both doors use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as blogsLoader } from "../../app/routes/blogs";
import { createApp } from "../../server/app";
import { insertBlogs } from "../../server/services/blog/posts";
import { normaliseSearch } from "../../server/services/text-search";
import type { BlogInput } from "../../server/services/blog/types";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type ListJson = { success: boolean; data: { slug: string }[] };

function post(slug: string, title: string): BlogInput {
  return {
    slug,
    title,
    excerpt: "An excerpt.",
    author: "Tester",
    date: "2024-05-01",
    readTime: "3 min read",
    category: "Technology",
    featured: false,
    tags: ["search"],
    sections: [{ title: "One", content: ["A paragraph."] }],
  };
}

/** Search inputs that reached the database as they were and broke it (NUL), or could read as FTS5 syntax. */
const HOSTILE_SEARCHES = [
  "a\u0000bcd",
  "\u0000\u0000\u0000",
  "clinic\u0000",
  "\u0000clinic",
  "a\u0001b\u001fc\u007fd\u0085e",
  '"clinic',
  'clinic"',
  '"""',
  "clinic*",
  "^clinic",
  "title:clinic",
  "(clinic)",
  "-clinic",
  "+clinic",
  "clinic NEAR growth",
  "NEAR(clinic growth, 2)",
  "clinic AND growth",
  "clinic OR growth",
  "NOT clinic",
  "clinic AND",
  "{title}: clinic",
  '" OR 1=1 --',
  "%_\\",
];

describe.each(testDatabaseKinds())("S12: hostile search text on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps });
    await insertBlogs(deps, [
      post("clinic-growth", "Clinic growth in a month"),
      post("quoted", 'The "clinic" word, quoted'),
      post("syntax", "title:clinic AND (growth) NEAR the end*"),
    ]);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("GET /api/blogs?search=a%00bcd answers 200 (it answered 500 on SQLite, an FTS5 syntax error, and 400 on PostgreSQL)", async () => {
    const res = await app.request("/api/blogs?search=a%00bcd");
    expect(res.status).toBe(200);
    expect(((await res.json()) as ListJson).success).toBe(true);
  });

  it("every hostile search answers 200 from the API, the same as its normalised text", async () => {
    for (const search of HOSTILE_SEARCHES) {
      const res = await app.request(`/api/blogs?search=${encodeURIComponent(search)}`);
      expect(res.status, JSON.stringify(search)).toBe(200);
      const body = (await res.json()) as ListJson;
      const plain = (await (await app.request(`/api/blogs?search=${encodeURIComponent(normaliseSearch(search))}`)).json()) as ListJson;
      expect(body.data.map((b) => b.slug), JSON.stringify(search)).toEqual(plain.data.map((b) => b.slug));
    }
  });

  it("the /blogs page's loader answers every hostile search (it answered 500 on both databases)", async () => {
    for (const search of HOSTILE_SEARCHES) {
      const request = new Request(`http://127.0.0.1/blogs?search=${encodeURIComponent(search)}`);
      const result = await blogsLoader({ request, params: {}, context: { deps, clientIp: "127.0.0.1", cspNonce: "", requestId: "test" } } as never);
      expect(Array.isArray(result.blogs), JSON.stringify(search)).toBe(true);
    }
  });

  it("syntax characters are searched as text: quotes, operators and columns find the posts that contain them", async () => {
    const slugs = async (search: string) =>
      ((await (await app.request(`/api/blogs?search=${encodeURIComponent(search)}`)).json()) as ListJson).data.map((b) => b.slug).sort();
    expect(await slugs('"clinic"')).toEqual(["quoted"]);
    expect(await slugs("title:clinic and (growth)")).toEqual(["syntax"]);
    expect(await slugs("end*")).toEqual(["syntax"]);
    expect(await slugs("clinic growth")).toEqual(["clinic-growth"]);
    // A control character separates words like a space: "clinic\0growth" is the text "clinic growth".
    expect(await slugs("clinic\u0000growth")).toEqual(["clinic-growth"]);
    expect(await slugs("clinic \t\n  growth")).toEqual(["clinic-growth"]);
  });
});

describe("normaliseSearch", () => {
  it("turns control characters into spaces, collapses spaces, trims and lower-cases", () => {
    expect(normaliseSearch("  Clinic\u0000\u0000Growth\t\r\nNOW ")).toBe("clinic growth now");
    expect(normaliseSearch("\u0000")).toBe("");
    expect(normaliseSearch("a\u0085b\u009fc")).toBe("a b c");
    expect(normaliseSearch('"x" AND y*')).toBe('"x" and y*');
  });
  it("caps the length (in characters, never splitting one)", () => {
    const long = normaliseSearch("🦜".repeat(500));
    expect([...long].length).toBeLessThanOrEqual(100);
    expect(long).toBe("🦜".repeat([...long].length));
  });
});
