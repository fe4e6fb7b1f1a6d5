import type { Field, GroupField, ListField, TextField, UrlField } from "./fields";

/**
 * Small builders for documents' field descriptions that keep each value's type precise (a page reads
 * `cards[0].title` as a string, not as any field's value).
 */
export const text = (label: string, max: number, multiline = false) => ({ kind: "text", label, max, ...(multiline ? { multiline } : {}) }) as const satisfies TextField;

/** A text that may stay empty (proof the owner may not have yet: a city, a measured result). */
export const optionalText = (label: string, max: number, multiline = false) => ({ ...text(label, max, multiline), optional: true }) as const satisfies TextField;

/** An address that may stay empty (a case study's link). */
export const optionalUrl = (label: string, hint?: string) => ({ kind: "url", label, optional: true, ...(hint ? { hint } : {}) }) as const satisfies UrlField;

/** An image from the media library (or an https address), which may stay empty. */
export const mediaImage = (label: string, hint?: string) => ({ kind: "url", label, media: true, optional: true, ...(hint ? { hint } : {}) }) as const satisfies UrlField;

/** A list keeping its item's type. */
export type ListOf<I extends Field> = Omit<ListField, "item"> & { item: I };
export const list = <I extends Field>(label: string, itemLabel: string, item: I, max: number, min = 1): ListOf<I> => ({ kind: "list", label, itemLabel, item, min, max });

/** A group keeping its fields' types. */
export const group = <const F extends Readonly<Record<string, Field>>>(label: string, fields: F) => ({ kind: "group", label, fields }) as const satisfies GroupField;

/** An image the owner provides (a logo, a badge, a photo): an http(s) address, its text alternative and an optional link. */
export const imageField = (label: string) =>
  ({
    kind: "group",
    label,
    hint: "Shown only once both the image address and its description are filled in.",
    fields: {
      src: { kind: "url", label: "Image (from the media library, or https://\u2026)", media: true },
      alt: text("Image description (for screen readers)", 120),
      href: { kind: "url", label: "Link (optional)" },
    },
  }) as const satisfies GroupField;

export const EMPTY_IMAGE = { src: "", alt: "", href: "" };

/** An owner's image when it can be shown: an address and a description (else nothing renders). */
export function shownImage(image: { src: string; alt: string; href: string } | undefined): { src: string; alt: string; href?: string } | null {
  if (!image || !image.src || !image.alt.trim()) return null;
  return image.href ? { src: image.src, alt: image.alt, href: image.href } : { src: image.src, alt: image.alt };
}
