import { blogSitemapEntries } from "../../server/services/blog/sitemap";
import { sitemapXml, staticSitemapEntries, type SitemapEntry } from "~/lib/sitemap";
import type { Route } from "./+types/sitemap-xml";

/** /sitemap.xml: every public page and every blog post, as absolute URLs on the configured public site. */
export async function loader({ context }: Route.LoaderArgs) {
  // The public address is the environment's alone (never a setting): the sitemap needs no database to say it.
  const publicUrl = context.deps.config.site.publicUrl;
  let posts: SitemapEntry[] = [];
  let complete = true;
  try {
    posts = await blogSitemapEntries(context.deps);
  } catch (error) {
    // The pages are still worth listing while the database is away; crawlers come back soon.
    complete = false;
    context.deps.log.warn({ reqId: context.requestId, err: { message: (error as Error).message } }, "sitemap without blog posts");
  }
  return new Response(sitemapXml(publicUrl, [...staticSitemapEntries(), ...posts]), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": complete ? "public, max-age=3600" : "no-store",
    },
  });
}
