/**
 * The listing's cards preview a post's words, not its Markdown (issue 44, item 8): "**bold words**" on /blogs and
 * "**हर मैसेज**" on /hi/blogs showed the asterisks; the post page always rendered the bold.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { blogInput, useTestSite } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

/** The cards' preview boxes of a listing page. */
const previews = (html: string) => [...html.matchAll(/data-testid="preview"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1]!);

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())(`Blog cards without raw marks on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  const site = useTestSite(kind, { app: true });

  it("show the preview's words without ** or a link's address, in English and in Hindi", async () => {
    await insertBlogs(site.deps, [
      blogInput("marks-english", {
        title: "Marks in English",
        sections: [{ title: "One", content: ["This has **bold words** and a [link](https://example.com/x) in it.", "[[button:book-demo]]", "Second *em* line."] }],
      }),
      blogInput("marks-hindi", {
        title: "हिन्दी में निशान",
        sections: [{ title: "एक", content: ["इस लेख में हम पाँच तरीक़े बताते हैं, जिनसे **हर मैसेज** का जवाब मिले।"] }],
      }),
    ]);
    await site.t.db.kysely.updateTable("blogs").set({ language: "hi" }).where("slug", "=", "marks-hindi").execute();
    for (const p of ["/blogs", "/hi/blogs"]) {
      const html = await (await site.app.request(p)).text();
      const boxes = previews(html).join("\n");
      expect(boxes, p).toContain("This has bold words and a link in it.");
      expect(boxes, p).toContain("Second em line.");
      expect(boxes, p).toContain("जिनसे हर मैसेज का जवाब मिले।");
      expect(boxes, p).not.toMatch(/\*|\[\[|\]\(/);
    }
    // The post page still renders the bold.
    const post = await (await site.app.request("/blog/marks-english")).text();
    expect(post).toMatch(/<strong[^>]*>bold words<\/strong>/);
  });
});
