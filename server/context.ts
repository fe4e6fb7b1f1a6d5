import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { Db } from "./db/database";

/**
 * What every service needs: the configuration, the database and a logger.
 * Services are plain functions over these; the API handlers and the React
 * Router loaders/actions both call them (the server never calls itself over HTTP).
 */
export type Deps = {
  config: Config;
  db: Db;
  log: Logger;
};

/** Hono's per-request variables. */
export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    cspNonce: string;
    clientIp: string;
  };
};

/** What React Router loaders and actions receive as `context`. */
export type RouterLoadContext = {
  deps: Deps;
  cspNonce: string;
  clientIp: string;
  requestId: string;
  /** The page's view was already counted for this request (the post page's response cache counts it). */
  viewCounted?: boolean;
};

/**
 * Every page request gets the whole context from the host (server/app.ts), so
 * loaders and actions use it without checks (nothing is prerendered at build time: decision 0024).
 */
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RouterLoadContext {}
}

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
