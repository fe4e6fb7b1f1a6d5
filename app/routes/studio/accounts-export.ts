import { AccountQuerySchema } from "@shared/schemas/audience";
import { csvExport } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportAccounts } from "../../../server/services/auth/admin";
import type { Route } from "./+types/accounts-export";

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const parsed = AccountQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return csvExport("accounts", () => exportAccounts(args.context.deps, parsed.success ? parsed.data : {}, studio.actor));
}
