import { data } from "react-router";
import { requireStudio } from "~/lib/studio.server";
import { orderFile } from "../../../server/services/onboarding/studio-orders";
import type { Route } from "./+types/order-file";

/**
 * A customer's file on an order, for staff only (the studio's guard, then the order's own files): always a download
 * (attachment, never drawn inline by the site), private and never cached by a shared cache.
 */
export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const file = await orderFile(args.context.deps, { access: studio.access, userId: studio.userId }, Number(args.params.id), Number(args.params.file));
  if (!file) throw data(null, { status: 404 });
  // The stored name in ASCII for the plain parameter (quotes and controls dropped), the full one encoded (RFC 6266).
  const plain = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_").slice(0, 150) || "file";
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.data.length),
      "Content-Disposition": `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.name.slice(0, 150))}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
