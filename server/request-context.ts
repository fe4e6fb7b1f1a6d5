import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the log needs to know about the request a line was written for: its id, the client's address and, once a
 * session or bearer token named one, the account. The host sets it around each request (server/app.ts); the
 * logger adds it to every line written while that request runs (server/logger.ts), so a service's line carries
 * them without being handed them. Never a secret: an id, an address, an account id.
 */
export type RequestFacts = { reqId: string; ip: string; userId?: string };

const current = new AsyncLocalStorage<RequestFacts>();

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return current.run(facts, fn);
}

export function requestFacts(): RequestFacts | undefined {
  return current.getStore();
}

/** The request is now known to be this account's (a live session or bearer token resolved to it). */
export function noteRequestUser(userId: string): void {
  const facts = current.getStore();
  if (facts) facts.userId = userId;
}
