import type { Db } from "../../db/database";
import { CACHE_POLICY } from "../cache-policy";

/**
 * How old the content version a process uses may be: a save on another process (or instance) shows within this,
 * and a busy process reads the version at most once per this many milliseconds instead of once per request.
 */
export const CONTENT_VERSION_TTL_MS = CACHE_POLICY.contentVersion.lifetimeMs;

type State = { value: string; readAt: number; reading?: Promise<string> };

/**
 * What a process remembers about its database's content, kept on the Db object itself: the host (server/app.ts, the
 * response caches' keys) and React Router's build (the loaders, the studio's saves) are separate bundles, each with
 * its own copy of this module, and must share one memory, or a save would not reach the host's keys at once and a
 * render could use an older version than its key.
 */
export function contentMemory<T>(db: Db, name: string, init: () => T): T {
  const key = Symbol.for(`wise-parrot.content.${name}`);
  const holder = db as unknown as Record<symbol, T | undefined>;
  return (holder[key] ??= init());
}

const memory = (db: Db) =>
  contentMemory(db, "version", () => ({ state: undefined as State | undefined, generation: 0 }));

/**
 * The version every page showing the owner's content is cached by (decision 0024): the `cache_versions` row
 * `content`, moved in the transaction of every content write (saveContent), so every process sees a save within
 * CONTENT_VERSION_TTL_MS; the writing process at once (forgetContentVersion).
 */
export function contentVersion(db: Db, now = Date.now()): Promise<string> {
  const m = memory(db);
  const state = m.state;
  if (state && now - state.readAt < CONTENT_VERSION_TTL_MS) return Promise.resolve(state.value);
  if (state?.reading) return state.reading;
  const generation = m.generation;
  const reading = readContentVersion(db).then(
    (value) => {
      if (m.generation === generation) m.state = { value, readAt: now };
      return value;
    },
    (error: unknown) => {
      if (m.state?.reading === reading) delete m.state.reading;
      throw error;
    },
  );
  m.state = { value: state?.value ?? "", readAt: state?.readAt ?? 0, reading };
  return reading;
}

/** After a write on this process: the next read asks the database. */
export function forgetContentVersion(db: Db): void {
  const m = memory(db);
  m.generation += 1;
  m.state = undefined;
}

async function readContentVersion(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom("cache_versions").select("version").where("name", "=", "content").executeTakeFirst();
  return String(row?.version ?? 0);
}
