import { use } from "react";
import type { Locale, Translation } from "@shared/i18n";
import { useLocale } from "./locale";

/**
 * The Hindi words a component shows on Hindi pages, fetched only there (decision 0036). A component names the
 * module of its Hindi once, `const HOME_HI = hindiWords("home", () => import("@shared/content/hi/home"))`, and reads
 * it with `useHindi(HOME_HI)`: null on an English page (the module is never fetched, so no Hindi reaches an English
 * page's scripts), the module's exports on a Hindi page.
 *
 * Readiness, so the server's render and hydration agree:
 * - on the server every module is provided at start-up (`provideHindi`, app/entry.server.tsx), before any request;
 * - in the browser, a Hindi page's first render waits for the modules its components named
 *   (`loadNamedHindi`, app/entry.client.tsx): their route modules were evaluated before the client entry runs;
 * - a later navigation that needs one not yet fetched suspends (React Router renders navigations in a transition:
 *   the page stays as it was until the words are in).
 */
export type HindiWords<M> = {
  readonly name: string;
  load(): Promise<M>;
};

type Entry = { load: () => Promise<unknown>; value?: unknown; pending?: Promise<unknown> };

const modules = new Map<string, Entry>();

/** Names a Hindi module (one name per module of shared/content/hi, its file name). */
export function hindiWords<M>(name: string, load: () => Promise<M>): HindiWords<M> {
  const known = modules.get(name);
  if (!known) modules.set(name, { load });
  else known.load = load;
  return {
    name,
    load: () => fetchModule(name) as Promise<M>,
  };
}

function fetchModule(name: string): Promise<unknown> {
  const entry = modules.get(name);
  if (!entry) return Promise.reject(new Error(`No Hindi words named ${name}`));
  if (entry.value !== undefined) return Promise.resolve(entry.value);
  entry.pending ??= entry.load().then((value) => {
    entry.value = value;
    return value;
  });
  return entry.pending;
}

/** Makes a module's Hindi ready at once (the server's start-up, unit tests). */
export function provideHindi(name: string, value: unknown): void {
  const entry = modules.get(name);
  if (entry) entry.value = value;
  else modules.set(name, { load: () => Promise.resolve(value), value });
}

/** Fetches every Hindi module named so far: a Hindi page's components named theirs when their modules ran. */
export function loadNamedHindi(): Promise<unknown> {
  return Promise.all([...modules.keys()].map(fetchModule));
}

/**
 * A Hindi module's exports where a hook cannot be used (a route's `meta`, an action's answer, a render helper): at
 * once when ready, else the render suspends until they are (a thrown promise, as `use` does).
 */
export function hindiNow<M>(words: HindiWords<M>): M {
  const entry = modules.get(words.name);
  if (entry?.value !== undefined) return entry.value as M;
  throw fetchModule(words.name);
}

/** The module's exports on a Hindi page, null on an English one. */
export function useHindi<M>(words: HindiWords<M>): M | null {
  if (useLocale() !== "hi") return null;
  const entry = modules.get(words.name);
  if (entry?.value !== undefined) return entry.value as M;
  return use(fetchModule(words.name) as Promise<M>);
}

/** The text of the page's language: `useText(HERO, HOME_HI, (hi) => hi.HERO_HI)`. */
export function useText<T, M>(en: T, words: HindiWords<M>, pick: (hi: M) => Translation<T>): T | Translation<T> {
  const hi = useHindi(words);
  return hi ? pick(hi) : en;
}

/** `useText` where a hook cannot be used: a route's `meta`, an action's answer (see `hindiNow`). */
export function textIn<T, M>(locale: Locale, en: T, words: HindiWords<M>, pick: (hi: M) => Translation<T>): T | Translation<T> {
  return locale === "hi" ? pick(hindiNow(words)) : en;
}

/** The exports of a named Hindi module (for `useText<Labels, WordsOf<typeof HOME_HI>>`). */
export type WordsOf<H> = H extends HindiWords<infer M> ? M : never;
