import type { Context } from "hono";
import type { z } from "zod";
import { parseInput, type ServiceError, type ServiceErrorKind } from "../services/errors";

/** The API's status for each kind of service error: the one place the HTTP door decides it. */
export const STATUS_OF_KIND = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  unavailable: 503,
} as const satisfies Record<ServiceErrorKind, number>;

/**
 * A service error as the API answers it: `{ success: false, message, field?, ...facts, retryAfter? }`
 * with the kind's status, and `Retry-After` whenever the service said when to retry.
 */
export function serviceErrorJson(c: Context, error: ServiceError) {
  const body: Record<string, unknown> = { success: false, message: error.message };
  if (error.field !== undefined) body.field = error.field;
  Object.assign(body, error.facts);
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) {
    if (error.kind === "rate-limited") body.retryAfter = error.retryAfterSeconds;
    headers["Retry-After"] = String(error.retryAfterSeconds);
  }
  return c.json(body, STATUS_OF_KIND[error.kind], headers);
}

/**
 * A problem with the HTTP request itself (its content type, malformed JSON, a missing bearer token),
 * with a message safe to show to the client. What the domain refuses is a `ServiceError`.
 */
/** The answer to an API address that does not exist (and to an anonymous caller of the studio's API, the same). */
export function apiNotFound(c: Context) {
  return c.json({ success: false, message: "Not found." }, 404);
}

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 413 | 415,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The JSON error shape every API answer uses: `{ success: false, message, ...extra }`. */
export function errorJson(c: Context, error: HttpError) {
  return c.json({ success: false, message: error.message, ...error.extra }, error.status, error.headers);
}

/**
 * Reads a JSON body and validates it. Malformed JSON or a wrong content type
 * is a 400/415; a schema mismatch is `invalid` (a 400) with the first
 * problem's message, naming the field that failed in `field`.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(c));
}

/** Reads a JSON body without validating it: 415 for another content type, 400 for malformed JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}

/** Validates request input (a query, a path parameter); a mismatch is `invalid` naming the first bad field, a 400. */
export const parseWith = parseInput;

/** True for errors that mean the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08000", "08003", "08006"].includes(code) ||
    /^SQLITE_(CANTOPEN|IOERR|BUSY|LOCKED|READONLY|NOTADB|CORRUPT)/.test(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|database ping timed out|Cannot use a pool after calling end/i.test(message)
  );
}

/**
 * True for text the database refuses to store: PostgreSQL cannot hold a NUL
 * character in text (22021) or text it cannot encode (22P05). That is the
 * client's input, so a 400, never a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "22021" || code === "22P05";
}
