import { dayRange, LeadQuerySchema } from "@shared/schemas/audience";
import { csvExport, exportGetRefused } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportLeads } from "../../../server/services/leads/inbox";
import type { Route } from "./+types/leads-export";

export function loader(args: Route.LoaderArgs) {
  return exportGetRefused(args);
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const parsed = LeadQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const { from, to, ...query } = parsed.success ? parsed.data : {};
  return csvExport("leads", () => exportLeads(args.context.deps, { ...query, ...dayRange(from, to) }, studio.actor), args.request);
}
