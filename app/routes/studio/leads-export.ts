import { dayRange, LeadQuerySchema } from "@shared/schemas/audience";
import { csvExport } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportLeads } from "../../../server/services/leads/inbox";
import type { Route } from "./+types/leads-export";

/** A GET is not an export (issue 26, item 13): exports are posted, so no link or image elsewhere can start one. */
export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return new Response("Exports are sent with POST (the page's Export button).", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const parsed = LeadQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const { from, to, ...query } = parsed.success ? parsed.data : {};
  return csvExport("leads", () => exportLeads(args.context.deps, { ...query, ...dayRange(from, to) }, studio.actor), args.request);
}
