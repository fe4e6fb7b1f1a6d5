import type { z } from "zod";

/**
 * The one error type services throw. It says what went wrong in the domain's
 * words, never in HTTP's: each door (the Hono API, the React Router pages) maps
 * a kind to its own answer in one place (`server/http/errors.ts`,
 * `app/lib/service-errors.server.ts`).
 */
export type ServiceErrorKind =
  /** The input breaks a rule; `field` names the first field at fault. */
  | "invalid"
  /** The thing asked for does not exist (or is not shown to this caller). */
  | "not-found"
  /** The input clashes with what is stored (an e-mail already registered, a stale version). */
  | "conflict"
  /** The caller is not signed in, or their credentials are wrong. */
  | "unauthorized"
  /** The caller is known but may not do this. */
  | "forbidden"
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | "rate-limited"
  /** A part the service needs is busy or missing; `retryAfterSeconds` when it is known. */
  | "unavailable";

export type ServiceErrorDetails = {
  /** The field at fault, for `invalid` and `conflict`. */
  field?: string;
  /** Seconds until a retry may succeed, for `rate-limited` and `unavailable`. */
  retryAfterSeconds?: number;
  /** More facts the caller may show (every field's message, a reason code), in the order given. */
  facts?: Readonly<Record<string, unknown>>;
};

export class ServiceError extends Error {
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly facts: Readonly<Record<string, unknown>>;

  constructor(
    readonly kind: ServiceErrorKind,
    /** A message safe to show to the visitor. */
    message: string,
    details: ServiceErrorDetails = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.facts = details.facts ?? {};
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

export const invalid = (message: string, field?: string, facts?: Record<string, unknown>) =>
  new ServiceError("invalid", message, { field, facts });
export const notFound = (message: string) => new ServiceError("not-found", message);
export const conflict = (message: string, field?: string) => new ServiceError("conflict", message, { field });
export const unauthorized = (message: string, facts?: Record<string, unknown>) => new ServiceError("unauthorized", message, { facts });
export const forbidden = (message: string) => new ServiceError("forbidden", message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new ServiceError("rate-limited", message, { retryAfterSeconds });
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new ServiceError("unavailable", message, { retryAfterSeconds });

/** Validates a value with a schema; a mismatch is `invalid` with the first problem's message, naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join(".") : undefined;
  throw invalid(issue?.message ?? "Invalid request.", field);
}
