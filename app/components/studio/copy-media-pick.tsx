import { useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/lib/session-user";
import { LABELS } from "./copy-labels";
import { useMediaLibrary } from "./media-choice";
import { thumbnailOf, type UploadedMedia } from "./media-upload";
import { Button } from "./ui";

/** The file an image field takes from a library item: the WebP about 480 px wide (sharp on a phone's 2x screen, light). */
function fileForField(item: UploadedMedia): string | undefined {
  const webp = item.files.filter((f) => f.format === "webp").sort((a, b) => a.width - b.width);
  return (webp.find((f) => f.width >= 480) ?? webp[webp.length - 1])?.url;
}

/**
 * Beside an image field (with JavaScript): the media library's images as buttons; one chosen fills the field with its
 * address. Without JavaScript the field takes an address typed or pasted (the Media page lists the images).
 */
export function MediaPick({ controlId: inputId, chosen, onPick }: { controlId: string; chosen: string; onPick: (url: string) => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  const panelId = `${inputId}-library`;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? LABELS.closeLibrary : LABELS.chooseImage}
        </Button>
        {chosen.startsWith("/media/") ? <img src={chosen} alt="" width={44} height={44} className="h-11 w-11 rounded border border-slate-200 bg-slate-100 object-contain" /> : null}
      </div>
      {open ? (
        <div id={panelId}>
          <LibraryGrid
            onPick={(url) => {
              onPick(url);
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function LibraryGrid({ onPick }: { onPick: (url: string) => void }) {
  const { library, reload } = useMediaLibrary();
  if (library.state === "loading") return <p className="mt-2 text-sm text-slate-700" role="status">{LABELS.libraryLoading}</p>;
  if (library.state === "failed") {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800" role="alert">
        {LABELS.libraryFailed}
        <Button type="button" onClick={reload}>
          {LABELS.retry}
        </Button>
      </p>
    );
  }
  if (library.items.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-700">
        {LABELS.libraryEmpty}{" "}
        <Link to="/studio/media" className="font-semibold text-emerald-800 underline">
          {LABELS.upload}
        </Link>
      </p>
    );
  }
  return (
    <ul className="mt-2 grid max-h-80 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4" data-testid="copy-media-library">
      {library.items.map((item) => {
        const thumb = thumbnailOf(item);
        const url = fileForField(item);
        if (!url) return null;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onPick(url)}
              aria-label={LABELS.pick(item.name)}
              className="flex min-h-11 w-full flex-col items-start gap-1 rounded-md border border-slate-300 bg-white p-2 text-left text-xs hover:border-emerald-700 focus-visible:ring-2 focus-visible:ring-emerald-700"
            >
              {thumb ? <img src={thumb.url} alt="" width={96} height={Math.max(1, Math.round((96 * thumb.height) / thumb.width))} loading="lazy" decoding="async" className="h-16 w-full rounded bg-slate-100 object-contain" /> : null}
              <span className="w-full truncate">{item.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
