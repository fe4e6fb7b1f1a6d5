import { Field } from "./ui";

/**
 * A post's cover: the id of an uploaded image (`coverMediaId`, empty for none) and its alt text (`coverAlt`).
 * This first version takes the image's number from the media library; the library's picker replaces it.
 */
export function CoverField({ mediaId, alt, error }: { mediaId: number | null; alt: string; error?: string }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">Cover image</legend>
      <Field label="Image number (from Media)" name="coverMediaId" inputMode="numeric" defaultValue={mediaId ?? ""} error={error} />
      <Field label="Alt text" name="coverAlt" defaultValue={alt} maxLength={300} hint="Describe the image for people who cannot see it." />
    </fieldset>
  );
}
