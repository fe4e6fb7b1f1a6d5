import { redirect } from "react-router";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { exportSiteArchive } from "../../../server/services/backup/studio-export";
import type { Route } from "./+types/export-archive";

/** Opened as a page (a bookmark, a reload after a refusal): the export page, where the download is a button. */
export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return redirect("/studio/export");
}

/**
 * The owner's archive as a download: a POST (never a link another site could make a browser follow), since it
 * spends the export quota and is audited. A refusal (too many exports) answers as the CSV exports do.
 */
export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  try {
    const archive = await exportSiteArchive(args.context.deps, studio.actor);
    return new Response(new Uint8Array(archive.bytes), {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${archive.name}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return new Response(problem.detail, { status: problem.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...problem.headers } });
  }
}
