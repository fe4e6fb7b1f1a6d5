import { RSS } from "@shared/content";
import { publicSite } from "~/site-config.server";
import { listBlogs } from "../../server/services/blog/listing";
import type { Route } from "./+types/rss-xml";

function xml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    // Control characters other than tab and newlines are not allowed in XML 1.0.
    .split("")
    .filter((ch) => ch >= " " || ch === "\t" || ch === "\n" || ch === "\r")
    .join("");
}

/** /rss.xml: RSS 2.0 of the newest posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await publicSite(context);
  // The feed is English (its <language> says so): Hindi posts are read on /hi/blogs (issue 33).
  const { data: posts } = await listBlogs(context.deps, { limit: 50, language: "en" });
  const items = posts
    .map((p) => {
      const link = `${site.publicUrl}/blog/${encodeURIComponent(p.slug)}`;
      return [
        "    <item>",
        `      <title>${xml(p.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${new Date(p.date).toUTCString()}</pubDate>`,
        `      <description>${xml(p.excerpt)}</description>`,
        `      <category>${xml(p.category)}</category>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts[0] ? new Date(posts[0].date).toUTCString() : new Date(0).toUTCString();
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(RSS.title)}</title>
    <link>${xml(`${site.publicUrl}/blogs`)}</link>
    <description>${xml(RSS.description)}</description>
    <language>${RSS.language}</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
    <atom:link href="${xml(`${site.publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
