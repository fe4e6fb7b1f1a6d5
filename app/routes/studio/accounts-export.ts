import { AccountQuerySchema } from "@shared/schemas/audience";
import { csvExport } from "~/lib/studio-audience.server";
import { requireStudio } from "~/lib/studio.server";
import { exportAccounts } from "../../../server/services/auth/admin";
import type { Route } from "./+types/accounts-export";

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
  const parsed = AccountQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return csvExport("accounts", () => exportAccounts(args.context.deps, parsed.success ? parsed.data : {}, studio.actor), args.request);
}
