import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The drafts a preview request renders with (decision 0027): `copy.<id>` and locale to the draft's stored value. Set
 * by the host (server/app.ts) around one staff member's preview render and read by readCopy, in the loaders of React
 * Router's build: the two are separate bundles with their own module copies, so the one AsyncLocalStorage lives on
 * globalThis under a Symbol.for key that both find.
 */
export type PreviewDrafts = ReadonlyMap<string, unknown>;

const KEY = Symbol.for("wise-parrot.copy.preview");

function storage(): AsyncLocalStorage<PreviewDrafts> {
  const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<PreviewDrafts> | undefined>;
  return (holder[KEY] ??= new AsyncLocalStorage<PreviewDrafts>());
}

/** Runs `render` with the drafts in place of the published copy (for this request alone). */
export function withPreviewDrafts<T>(drafts: PreviewDrafts, render: () => Promise<T>): Promise<T> {
  return storage().run(drafts, render);
}

/**
 * Runs work shared by every visitor (a rebuilt index) outside any preview render: a draft seen inside it would be
 * kept for everyone. Promises the work creates do not see the drafts either.
 */
export function outsidePreview<T>(work: () => T): T {
  return storage().exit(work);
}

/** The draft a preview render shows for this document and locale, if this is one. */
export function previewDraft(key: string, locale: string): { value: unknown } | undefined {
  const drafts = storage().getStore();
  const id = previewKey(key, locale);
  return drafts?.has(id) ? { value: drafts.get(id) } : undefined;
}

export function previewKey(key: string, locale: string): string {
  return `${key}\u0000${locale}`;
}
