import type { Db } from "../../db/database";

/**
 * How old the content version a process uses may be: a save on another process (or instance) shows within this,
 * and a busy process reads the version at most once per this many milliseconds instead of once per request.
 */
export const CONTENT_VERSION_TTL_MS = 1_000;

type State = { value: string; readAt: number; reading?: Promise<string> };
const states = new WeakMap<Db, State>();

/**
 * The version every page showing the owner's content is cached by (decision 0024): the `cache_versions` row
 * `content`, moved in the transaction of every content write (saveContent), so every process sees a save within
 * CONTENT_VERSION_TTL_MS; the writing process at once (forgetContentVersion).
 */
export function contentVersion(db: Db, now = Date.now()): Promise<string> {
  const state = states.get(db);
  if (state && now - state.readAt < CONTENT_VERSION_TTL_MS) return Promise.resolve(state.value);
  if (state?.reading) return state.reading;
  const reading = readContentVersion(db).then(
    (value) => {
      states.set(db, { value, readAt: now });
      return value;
    },
    (error: unknown) => {
      const current = states.get(db);
      if (current?.reading === reading) delete current.reading;
      throw error;
    },
  );
  states.set(db, { value: state?.value ?? "", readAt: state?.readAt ?? 0, reading });
  return reading;
}

/** After a write on this process: the next read asks the database. */
export function forgetContentVersion(db: Db): void {
  states.delete(db);
}

async function readContentVersion(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom("cache_versions").select("version").where("name", "=", "content").executeTakeFirst();
  return String(row?.version ?? 0);
}
