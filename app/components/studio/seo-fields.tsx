import { useEffect, useRef, useState } from "react";
import { POST_RULES, POST_SEO } from "@shared/content/studio-posts";
import { MediaChoice, type MediaLibrary, typedMediaId } from "./media-choice";
import { Field } from "./ui";

type SeoValues = { title: string; excerpt: string; metaTitle: string; metaDescription: string; socialMediaId: number | null };

/** Cut like a search result: at `max` characters, at a word, with an ellipsis. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}...`;
}

/**
 * A post's search title, description and sharing image, with a search-result preview that follows what is typed in
 * these fields and in the title and excerpt (empty fields fall back to them, as the page's head does). All text.
 */
export function SeoFields({ fields, slug, errors, media }: { fields: SeoValues; slug: string; errors: Record<string, string>; media: MediaLibrary }) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [social, setSocial] = useState<number | null>(fields.socialMediaId);
  const { library, reload } = media;
  const [values, setValues] = useState({ title: fields.title, excerpt: fields.excerpt, metaTitle: fields.metaTitle, metaDescription: fields.metaDescription });

  useEffect(() => {
    // A number typed before the scripts ran becomes the library's choice.
    const typed = typedMediaId(ref.current?.querySelector<HTMLInputElement>('input[name="socialMediaId"]'));
    if (typed !== undefined) setSocial(typed);
    setHydrated(true);
  }, []);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const read = () => {
      const value = (name: string) => {
        const el = form.elements.namedItem(name);
        return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : "";
      };
      setValues({ title: value("title"), excerpt: value("excerpt"), metaTitle: value("metaTitle"), metaDescription: value("metaDescription") });
    };
    read();
    form.addEventListener("input", read);
    return () => form.removeEventListener("input", read);
  }, []);

  const title = values.metaTitle.trim() || values.title.trim();
  const description = values.metaDescription.trim() || values.excerpt.trim();
  return (
    <fieldset ref={ref} className="min-w-0 space-y-4 rounded-md border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{POST_SEO.legend}</legend>
      <Field label={POST_SEO.metaTitle} name="metaTitle" defaultValue={fields.metaTitle} maxLength={POST_RULES.metaTitleMax} hint={POST_SEO.metaTitleHint} error={errors.metaTitle} />
      <Field
        label={POST_SEO.metaDescription}
        name="metaDescription"
        multiline
        rows={2}
        defaultValue={fields.metaDescription}
        maxLength={POST_RULES.metaDescriptionMax}
        hint={POST_SEO.metaDescriptionHint}
        error={errors.metaDescription}
      />
      {hydrated ? (
        <fieldset className="min-w-0 space-y-2" aria-describedby={errors.socialMediaId ? "social-image-error" : "social-image-hint"}>
          <legend className="text-sm font-semibold text-slate-800">{POST_SEO.socialImageLegend}</legend>
          <p id="social-image-hint" className="text-xs text-slate-600">
            {POST_SEO.socialImageChoiceHint}
          </p>
          <MediaChoice name="socialMediaId" label={POST_SEO.socialImageLegend} none={POST_SEO.socialImageNone} selected={social} onSelect={setSocial} library={library} reload={reload} />
          {errors.socialMediaId ? (
            <p id="social-image-error" className="text-sm font-medium text-red-700">
              {errors.socialMediaId}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <Field
          label={POST_SEO.socialImage}
          name="socialMediaId"
          inputMode="numeric"
          defaultValue={fields.socialMediaId === null ? "" : String(fields.socialMediaId)}
          hint={POST_SEO.socialImageHint}
          error={errors.socialMediaId}
        />
      )}
      <div>
        <p className="mb-1 text-sm font-semibold text-slate-800">{POST_SEO.previewLabel}</p>
        <div className="rounded-md border border-slate-200 p-3" data-testid="search-preview">
          <p className="truncate text-xs text-slate-700">
            {POST_SEO.siteName} › blog › {slug || "..."}
          </p>
          <p className="break-words text-lg text-blue-800">{cutAt(title, 60)}</p>
          <p className="break-words text-sm text-slate-700">{cutAt(description, 155)}</p>
        </div>
      </div>
    </fieldset>
  );
}
