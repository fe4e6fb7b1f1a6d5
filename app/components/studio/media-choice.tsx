import { useEffect, useState } from "react";
import { COVER_FIELD } from "@shared/content/studio-media";
import { type UploadedMedia, thumbnailOf } from "./media-upload";
import { Button } from "./ui";

export type Library = { state: "loading" } | { state: "failed" } | { state: "ready"; items: UploadedMedia[] };

export type MediaLibrary = { library: Library; reload: () => void; add: (media: UploadedMedia) => void };

/**
 * The media library's images, fetched once the editor is on screen with JavaScript (one fetch for every field that
 * chooses from it: an upload through one shows in all); `reload` after a failure.
 */
export function useMediaLibrary(): MediaLibrary {
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  async function load() {
    setLibrary({ state: "loading" });
    try {
      const res = await fetch("/api/studio/media", { headers: { accept: "application/json" } });
      const body = (await res.json()) as { media?: UploadedMedia[] };
      setLibrary(res.ok && body.media ? { state: "ready", items: body.media } : { state: "failed" });
    } catch {
      setLibrary({ state: "failed" });
    }
  }
  useEffect(() => {
    void load();
  }, []);
  const add = (media: UploadedMedia) =>
    setLibrary((current) => ({ state: "ready", items: [media, ...(current.state === "ready" ? current.items.filter((m) => m.id !== media.id) : [])] }));
  return { library, reload: () => void load(), add };
}

/** The image number a field held before the scripts ran (typed without JavaScript): null for empty, undefined if not a number. */
export function typedMediaId(input: HTMLInputElement | null | undefined): number | null | undefined {
  const typed = input?.value.trim();
  if (typed === "") return null;
  return typed && /^[1-9]\d{0,15}$/.test(typed) ? Number(typed) : undefined;
}

/**
 * One image of the library as a form field `name` (its id; empty for none): radio buttons with thumbnails (arrow keys
 * move, the choice is the field), a "none" choice first, the library's loading and failure said in words.
 */
export function MediaChoice({
  name,
  label,
  none,
  selected,
  onSelect,
  library,
  reload,
}: {
  name: string;
  label: string;
  none: string;
  selected: number | null;
  onSelect: (id: number | null) => void;
  library: Library;
  reload: () => void;
}) {
  const chosen = library.state === "ready" ? library.items.find((m) => m.id === selected) : undefined;
  return (
    <>
      <div role="radiogroup" aria-label={label} className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
        <label className={`flex min-h-20 cursor-pointer items-center gap-2 rounded-md border p-2 text-sm focus-within:ring-2 focus-within:ring-emerald-700 ${selected === null ? "border-emerald-700 bg-emerald-50" : "border-slate-300"}`}>
          <input type="radio" name={name} value="" checked={selected === null} onChange={() => onSelect(null)} />
          <span>{none}</span>
        </label>
        {library.state === "ready"
          ? library.items.map((item) => {
              const thumb = thumbnailOf(item);
              return (
                <label
                  key={item.id}
                  className={`flex cursor-pointer flex-col gap-1 rounded-md border p-2 text-xs focus-within:ring-2 focus-within:ring-emerald-700 ${selected === item.id ? "border-emerald-700 bg-emerald-50" : "border-slate-300"}`}
                >
                  <span className="flex items-center gap-2">
                    <input type="radio" name={name} value={item.id} checked={selected === item.id} onChange={() => onSelect(item.id)} />
                    <span className="min-w-0 truncate">{item.name}</span>
                  </span>
                  {thumb ? <img src={thumb.url} alt="" width={thumb.width} height={thumb.height} loading="lazy" decoding="async" className="aspect-[3/2] h-auto w-full rounded object-cover" /> : null}
                </label>
              );
            })
          : null}
      </div>
      {library.state === "loading" ? <p className="text-sm text-slate-600">{COVER_FIELD.loading}</p> : null}
      {library.state === "failed" ? (
        <p className="text-sm text-red-700">
          {COVER_FIELD.loadFailed} <Button onClick={reload}>{COVER_FIELD.retry}</Button>
        </p>
      ) : null}
      {library.state === "ready" && library.items.length === 0 ? <p className="text-sm text-slate-600">{COVER_FIELD.emptyLibrary}</p> : null}
      {/* Chosen but not in the list (still loading, failed, or older than the list): kept as it is. */}
      {selected !== null && !chosen ? <input type="hidden" name={name} value={selected} /> : null}
    </>
  );
}
