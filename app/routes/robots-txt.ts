import { publicSite } from "~/site-config.server";
import { robotsTxt } from "~/lib/sitemap";
import type { Route } from "./+types/robots-txt";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt((await publicSite(context)).publicUrl), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
