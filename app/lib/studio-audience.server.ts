import { pageError } from "./service-errors.server";

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

/** A CSV export, or the service's refusal (too many exports…) as plain text with its status. */
export async function csvExport(name: string, make: () => Promise<string>): Promise<Response> {
  try {
    return csvResponse(name, await make());
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return new Response(problem.detail, { status: problem.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...problem.headers } });
  }
}
