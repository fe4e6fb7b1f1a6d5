import { MEDIA_RULES } from "../../shared/content/studio-media";

/**
 * Which requests may carry a body over the ordinary 64 KiB, in one place: the body gate (server/server.ts, which
 * reads a body whole before its request joins the request line) and the app's caps (server/app.ts bodyCaps) both
 * ask `largeBodyOf`, so a write the app lets grow is also one the gate reads before the line (issue 39, item 4:
 * copy and FAQ saves were allowed 1 MiB by the app but not by the gate, so their bodies were read while they held
 * a place in the line).
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Staff writes with the larger limit: a post's body may be 50,000 characters, which a form sends percent-encoded (a
 * typographic apostrophe is nine bytes) and JSON as UTF-8; a subscribers' import is a CSV of up to 1 MiB (decision
 * 0030); a page's copy or the FAQ may be 200,000 characters (MAX_DOC_CHARS), sent as a form.
 */
export const STAFF_WRITE_BODY_BYTES = 1024 * 1024;

/** The studio's image upload (POST only): its own limit, applied by its route after the studio's guards. */
export const MEDIA_UPLOAD_PATH = "/api/studio/media";

/** A signed-in customer's file for their kit (issue 41): the media limit, applied by its route once the session is known. */
export const KIT_FILE_UPLOAD_PATH = "/api/onboarding/files";

const STAFF_WRITE =
  /^\/(?:api\/)?studio\/(?:posts(?:\/|\.data$|$)|(?:audience\/)?subscribers\/import(?:\.data)?$)|^\/studio\/(?:faq|pages)(?:\/|\.data$|$)/;

export type LargeBody = { kind: "upload" | "customer-upload" | "staff-write"; limit: number };

/**
 * The larger body a request to `path` may carry once its session is known to be staff (a customer's, for
 * "customer-upload"; the caller checks that), or
 * null when the ordinary MAX_BODY_BYTES stands. GET and HEAD never carry one.
 */
export function largeBodyOf(method: string, path: string): LargeBody | null {
  if (method === "GET" || method === "HEAD") return null;
  if (method === "POST" && path === MEDIA_UPLOAD_PATH) return { kind: "upload", limit: MEDIA_RULES.maxBodyBytes };
  if (method === "POST" && path === KIT_FILE_UPLOAD_PATH) return { kind: "customer-upload", limit: MEDIA_RULES.maxBodyBytes };
  if (STAFF_WRITE.test(path)) return { kind: "staff-write", limit: STAFF_WRITE_BODY_BYTES };
  return null;
}
