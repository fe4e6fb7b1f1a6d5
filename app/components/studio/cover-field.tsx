import { useEffect, useId, useRef, useState } from "react";
import { COVER_FIELD, MEDIA_ACCEPT_ATTRIBUTE, MEDIA_MESSAGES, MEDIA_PAGE } from "@shared/content/studio-media";
import { MediaChoice, type MediaLibrary, typedMediaId } from "./media-choice";
import { uploadImage } from "./media-upload";
import { Button, Field } from "./ui";

type Upload = { state: "idle" } | { state: "sending"; percent: number } | { state: "failed"; message: string };

/**
 * A post's cover, as two form fields: `coverMediaId` (a library item's id, empty for none) and `coverAlt`.
 * With JavaScript: a choice of the library's images (radio buttons: arrow keys move, the choice is the field) and an
 * upload that adds a new image and selects it. Without it: the image's number from the Media page.
 * The alt text is required whenever a cover is chosen (the server checks it too).
 */
export function CoverField({ mediaId, alt, error, media }: { mediaId: number | null; alt: string; error?: string; media: MediaLibrary }) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<number | null>(mediaId);
  const { library, reload, add } = media;
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const fileId = `${id}-file`;
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    // An image number typed before the scripts ran (the field without JavaScript) becomes the library's choice.
    const typed = typedMediaId(fieldsetRef.current?.querySelector<HTMLInputElement>('input[name="coverMediaId"]'));
    if (typed !== undefined) setSelected(typed);
    setHydrated(true);
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
    add(outcome.media);
    setSelected(outcome.media.id);
  }

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
          <MediaChoice name="coverMediaId" label={COVER_FIELD.libraryLabel} none={COVER_FIELD.none} selected={selected} onSelect={setSelected} library={library} reload={reload} />

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
