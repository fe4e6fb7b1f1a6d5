/** The studio's download of the owner's archive: an export like the others (hourly quota, audit line). */
import type { Deps } from "../../context";
import { type Actor, recordAudit } from "../audit";
import { assertExportAllowed } from "../export";
import { archiveKey } from "./archive-format";
import { exportArchive } from "./archive-export";

export async function exportSiteArchive(deps: Deps, actor: Actor, now = new Date()): Promise<{ name: string; bytes: Buffer }> {
  await assertExportAllowed(deps, actor);
  // Signed with the site's key, so importing it back into a site with the same TOTP_SECRET_KEY restores staff access.
  const bytes = await exportArchive(deps.db, { now, key: archiveKey(deps.config.TOTP_SECRET_KEY) });
  await recordAudit(deps, actor, { action: "site.export", recordType: "site", recordId: "-", detail: `${bytes.length} bytes` });
  return { name: `wise-parrot-${now.toISOString().slice(0, 10)}.tar.gz`, bytes };
}
