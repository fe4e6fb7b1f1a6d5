import { type AppLoadContext, redirect } from "react-router";
import { isStepUpError } from "../../server/services/step-up";
import { pageError } from "./service-errors.server";
import { requireStudio, stepUpPage } from "./studio.server";

/** A CSV download (private, never cached). */
export function csvResponse(name: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * A CSV export, or the service's refusal (too many exports…) as plain text with its status. When the second factor
 * is more than 15 minutes old, the second-factor page, then back to the list the export came from (its filters kept).
 */
export async function csvExport(name: string, make: () => Promise<string>, request?: Request): Promise<Response> {
  try {
    return csvResponse(name, await make());
  } catch (error) {
    if (isStepUpError(error)) {
      const from = request ? new URL(request.url) : null;
      return redirect(stepUpPage(from ? `${from.pathname.replace(/\/export$/, "")}${from.search}` : `/studio/${name}`), 303);
    }
    const problem = pageError(error);
    if (!problem) throw error;
    return new Response(problem.detail, { status: problem.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...problem.headers } });
  }
}

/**
 * A GET of an export's address is not an export (issue 26, item 13): exports are posted, so no link or image on
 * another page can start one. Staff learn how; everyone else meets what requireStudio gives them.
 */
export async function exportGetRefused(args: { request: Request; context: AppLoadContext }): Promise<Response> {
  await requireStudio(args);
  return new Response("Exports are sent with POST (the page's Export button).", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
