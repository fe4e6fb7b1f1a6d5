import { AccountQuerySchema } from "@shared/schemas/audience";
import { csvExport, exportGetRefused } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportAccounts } from "../../../server/services/auth/admin";
import type { Route } from "./+types/accounts-export";

export function loader(args: Route.LoaderArgs) {
  return exportGetRefused(args);
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const parsed = AccountQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return csvExport("accounts", () => exportAccounts(args.context.deps, parsed.success ? parsed.data : {}, studio.actor), args.request);
}
