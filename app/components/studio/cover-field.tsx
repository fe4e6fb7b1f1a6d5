import { useEffect, useId, useRef, useState } from "react";
import { COVER_FIELD, MEDIA_ACCEPT_ATTRIBUTE, MEDIA_MESSAGES, MEDIA_PAGE } from "@shared/content/studio-media";
import { type UploadedMedia, thumbnailOf, uploadImage } from "./media-upload";
import { Button, Field } from "./ui";

type Library = { state: "loading" } | { state: "failed" } | { state: "ready"; items: UploadedMedia[] };
type Upload = { state: "idle" } | { state: "sending"; percent: number } | { state: "failed"; message: string };

/**
 * A post's cover, as two form fields: `coverMediaId` (a library item's id, empty for none) and `coverAlt`.
 * With JavaScript: a choice of the library's images (radio buttons: arrow keys move, the choice is the field) and an
 * upload that adds a new image and selects it. Without it: the image's number from the Media page.
 * The alt text is required whenever a cover is chosen (the server checks it too).
 */
export function CoverField({ mediaId, alt, error }: { mediaId: number | null; alt: string; error?: string }) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<number | null>(mediaId);
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const fileId = `${id}-file`;
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);

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
    // An image number typed before the scripts ran (the field without JavaScript) becomes the library's choice.
    const typed = fieldsetRef.current?.querySelector<HTMLInputElement>('input[name="coverMediaId"]')?.value.trim();
    if (typed === "") setSelected(null);
    else if (typed && /^[1-9]\d{0,15}$/.test(typed)) setSelected(Number(typed));
    setHydrated(true);
    void load();
  }, []);

  async function onUpload() {
    const input = document.getElementById(fileId) as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) {
      setUpload({ state: "failed", message: MEDIA_MESSAGES.noFile });
      input?.focus();
      return;
    }
    setUpload({ state: "sending", percent: 0 });
    const outcome = await uploadImage(file, (percent) => setUpload({ state: "sending", percent }));
    if (!outcome.ok) {
      setUpload({ state: "failed", message: outcome.message });
      input?.focus();
      return;
    }
    setUpload({ state: "idle" });
    if (input) input.value = "";
    setLibrary((current) => {
      const items = current.state === "ready" ? current.items.filter((m) => m.id !== outcome.media.id) : [];
      return { state: "ready", items: [outcome.media, ...items] };
    });
    setSelected(outcome.media.id);
  }

  const chosen = library.state === "ready" ? library.items.find((m) => m.id === selected) : undefined;

  return (
    <fieldset ref={fieldsetRef} className="grid gap-4 rounded-lg border border-slate-200 p-4" data-testid="cover-field">
      <legend className="px-1 text-sm font-semibold text-slate-800">{COVER_FIELD.legend}</legend>
      {!hydrated ? (
        <Field
          label={COVER_FIELD.numberLabel}
          name="coverMediaId"
          inputMode="numeric"
          defaultValue={mediaId ?? ""}
          hint={
            <>
              <a href="/studio/media" className="underline underline-offset-4">
                {MEDIA_PAGE.title}
              </a>{" "}
              {COVER_FIELD.numberHint}
            </>
          }
        />
      ) : (
        <>
          <div role="radiogroup" aria-label={COVER_FIELD.libraryLabel} className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
            <label className={`flex min-h-20 cursor-pointer items-center gap-2 rounded-md border p-2 text-sm focus-within:ring-2 focus-within:ring-emerald-700 ${selected === null ? "border-emerald-700 bg-emerald-50" : "border-slate-300"}`}>
              <input type="radio" name="coverMediaId" value="" checked={selected === null} onChange={() => setSelected(null)} />
              <span>{COVER_FIELD.none}</span>
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
                        <input type="radio" name="coverMediaId" value={item.id} checked={selected === item.id} onChange={() => setSelected(item.id)} />
                        <span className="min-w-0 truncate">{item.name}</span>
                      </span>
                      {thumb ? (
                        <img src={thumb.url} alt="" width={thumb.width} height={thumb.height} loading="lazy" decoding="async" className="aspect-[3/2] h-auto w-full rounded object-cover" />
                      ) : null}
                    </label>
                  );
                })
              : null}
          </div>
          {library.state === "loading" ? <p className="text-sm text-slate-600">{COVER_FIELD.loading}</p> : null}
          {library.state === "failed" ? (
            <p className="text-sm text-red-700">
              {COVER_FIELD.loadFailed}{" "}
              <Button onClick={() => void load()}>{COVER_FIELD.retry}</Button>
            </p>
          ) : null}
          {library.state === "ready" && library.items.length === 0 ? <p className="text-sm text-slate-600">{COVER_FIELD.emptyLibrary}</p> : null}
          {/* Chosen but not in the list (still loading, failed, or older than the list): kept as it is. */}
          {selected !== null && !chosen ? <input type="hidden" name="coverMediaId" value={selected} /> : null}

          <div className="flex flex-wrap items-end gap-3">
            {/* No name: the file goes to the upload API, never with the post's form. */}
            <div className="min-w-0 flex-1">
              <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-slate-800">
                {COVER_FIELD.upload}
              </label>
              <input
                id={fileId}
                type="file"
                accept={MEDIA_ACCEPT_ATTRIBUTE}
                aria-describedby={upload.state === "failed" ? `${fileId}-error` : `${fileId}-hint`}
                aria-invalid={upload.state === "failed" ? true : undefined}
                className="block w-full text-sm"
              />
              <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-600">
                {MEDIA_PAGE.fileHint}
              </p>
              {upload.state === "failed" ? (
                <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {upload.message}
                </p>
              ) : null}
            </div>
            <Button onClick={() => void onUpload()} disabled={upload.state === "sending"}>
              {upload.state === "sending" ? MEDIA_PAGE.uploading : MEDIA_PAGE.uploadButton}
            </Button>
          </div>
          <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
            {upload.state === "sending" ? COVER_FIELD.progress(upload.percent) : ""}
          </p>
        </>
      )}
      <Field
        label={COVER_FIELD.altLabel}
        name="coverAlt"
        defaultValue={alt}
        maxLength={300}
        required={hydrated ? selected !== null : undefined}
        hint={COVER_FIELD.altHint}
        error={error}
      />
    </fieldset>
  );
}
