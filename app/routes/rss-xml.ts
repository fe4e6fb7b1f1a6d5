import { RSS } from "@shared/content";
import { RSS_HI } from "@shared/content/hi/blog";
import { localePath } from "@shared/i18n";
import { requestLocale } from "~/lib/locale";
import { publicSite } from "~/site-config.server";
import { rfc822InZone } from "@shared/site-day";
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

/**
 * /rss.xml: RSS 2.0 of the newest English posts; /hi/rss.xml the same of the Hindi posts (issue 33): a feed has one
 * language, its <language> says which, and its links go to that language's pages.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const words = locale === "hi" ? RSS_HI : RSS;
  const site = await publicSite(context, locale);
  const { data: posts } = await listBlogs(context.deps, { limit: 50, language: locale });
  const items = posts
    .map((p) => {
      const link = `${site.publicUrl}${localePath(`/blog/${encodeURIComponent(p.slug)}`, locale)}`;
      return [
        "    <item>",
        `      <title>${xml(p.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${rfc822InZone(Date.parse(p.date), site.timeZone)}</pubDate>`,
        `      <description>${xml(p.excerpt)}</description>`,
        `      <category>${xml(p.category)}</category>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = rfc822InZone(posts[0] ? Date.parse(posts[0].date) : 0, site.timeZone);
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(words.title)}</title>
    <link>${xml(`${site.publicUrl}${localePath("/blogs", locale)}`)}</link>
    <description>${xml(words.description)}</description>
    <language>${words.language}</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
    <atom:link href="${xml(`${site.publicUrl}${localePath("/rss.xml", locale)}`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
