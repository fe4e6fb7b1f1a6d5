import { STATUS_OF_KIND } from "../../server/http/errors";
import { isServiceError, type ServiceErrorKind } from "../../server/services/errors";

/** The reason phrase pages put in their headlines ('Login failed: Unauthorized'). */
const STATUS_TEXT_OF_KIND = {
  invalid: "Bad Request",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  "not-found": "Not Found",
  conflict: "Conflict",
  "rate-limited": "Too Many Requests",
  unavailable: "Service Unavailable",
} as const satisfies Record<ServiceErrorKind, string>;

/** A service's refusal as a loader or action shows it. */
export type PageError = {
  kind: ServiceErrorKind;
  /** The page's status: the same as the API's for this kind, so both doors answer alike. */
  status: number;
  statusText: string;
  /** The service's message, safe to show. */
  message: string;
  /** The message with the wait in seconds when the service gave one: 'Too many attempts… (42 s)'. */
  detail: string;
  /** The field at fault, when the service named one. */
  field?: string;
  /** `{ [field]: message }` when a field is at fault, for the form's field errors; otherwise empty. */
  fieldErrors: Record<string, string>;
  retryAfterSeconds?: number;
  /** `Retry-After` when the service said when to retry. */
  headers: Record<string, string>;
};

/**
 * The one place pages turn a service error into what they show. Anything that
 * is not a service error gives null: the caller logs it or lets it through.
 */
export function pageError(error: unknown): PageError | null {
  if (!isServiceError(error)) return null;
  const wait = error.retryAfterSeconds;
  return {
    kind: error.kind,
    status: STATUS_OF_KIND[error.kind],
    statusText: STATUS_TEXT_OF_KIND[error.kind],
    message: error.message,
    detail: wait === undefined ? error.message : `${error.message} (${wait} s)`,
    ...(error.field === undefined ? {} : { field: error.field }),
    fieldErrors: error.field === undefined ? {} : { [error.field]: error.message },
    ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
    headers: wait === undefined ? {} : { "Retry-After": String(wait) },
  };
}
