import { SubscriberQuerySchema } from "@shared/schemas/audience";
import { csvExport, exportGetRefused } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportSubscribers } from "../../../server/services/newsletter/subscribers";
import type { Route } from "./+types/subscribers-export";

export function loader(args: Route.LoaderArgs) {
  return exportGetRefused(args);
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const parsed = SubscriberQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return csvExport("subscribers", () => exportSubscribers(args.context.deps, parsed.success ? parsed.data : {}, studio.actor), args.request);
}
