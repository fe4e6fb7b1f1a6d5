import { redirect } from "react-router";
import { isStepUpError } from "../../server/services/staff/step-up";
import { pageError } from "./service-errors.server";
import { stepUpPage } from "./studio.server";

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
