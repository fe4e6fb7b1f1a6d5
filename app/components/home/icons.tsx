/**
 * The few small icons the marketing pages draw, inline so they cost no request and no icon library.
 * Each is one element for React: its shapes are handed over as markup (see `Drawing`).
 */
import { memo, useMemo, type SVGProps } from "react";

type IconProps = { className?: string };

/**
 * An inline SVG whose shapes never change after they are drawn. React renders the `<svg>` element only and
 * hydration does no work per shape: the markup is the same string on the server and in the browser.
 */
export const Drawing = memo(function Drawing({
  markup,
  ...props
}: Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> & { markup: string }) {
  // The same object while the markup is the same: React compares the object, and given a new one it would
  // write the markup again (and the browser parse it) on every re-render.
  const inner = useMemo(() => ({ __html: markup }), [markup]);
  return <svg {...props} dangerouslySetInnerHTML={inner} />;
});

const base = { "aria-hidden": true, focusable: "false" } as const;

const CHECK = '<path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"/>';
const CROSS = '<path d="M5.5 5.5l9 9M14.5 5.5l-9 9"/>';
const PARTIAL = '<circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 3a7 7 0 0 1 0 14Z" fill="currentColor"/>';
const STAR = '<path d="M10 1.8l2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8L6 11.8l-4.3-4 5.8-.7L10 1.8Z"/>';
const PLAY = '<path d="M6 4.2v11.6a.8.8 0 0 0 1.2.7l9.2-5.8a.8.8 0 0 0 0-1.4L7.2 3.5A.8.8 0 0 0 6 4.2Z"/>';
const PAUSE = '<rect x="5" y="4" width="3.5" height="12" rx="1"/><rect x="11.5" y="4" width="3.5" height="12" rx="1"/>';
const CHEVRON_LEFT = '<path d="M12.5 4.5L7 10l5.5 5.5"/>';
const CHEVRON_RIGHT = '<path d="M7.5 4.5L13 10l-5.5 5.5"/>';

/** The markup of the check mark as a whole `<svg>`. */
function checkIconMarkup(className: string): string {
  return `<svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" class="${className}" fill="currentColor">${CHECK}</svg>`;
}

/** The markup of the mark for a comparison value ("yes", "no", "partial"), as a whole `<svg>`. */
export function valueIconMarkup(value: "yes" | "no" | "partial", className: string): string {
  if (value === "yes") return checkIconMarkup(className);
  if (value === "no") {
    return `<svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" class="${className}" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round">${CROSS}</svg>`;
  }
  return `<svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" class="${className}">${PARTIAL}</svg>`;
}

/** A rating as its stars in a row: one labelled image for assistive technology, one element for React. */
export const StarRating = memo(function StarRating({ count, label, className }: { count: number; label: string; className: string }) {
  const inner = useMemo(
    () => ({ __html: `<svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" class="h-5 w-5" fill="currentColor">${STAR}</svg>`.repeat(count) }),
    [count],
  );
  return <div role="img" aria-label={label} className={className} dangerouslySetInnerHTML={inner} />;
});

export function CheckIcon({ className = "h-5 w-5" }: IconProps) {
  return <Drawing {...base} viewBox="0 0 20 20" className={className} fill="currentColor" markup={CHECK} />;
}

export function PlayIcon({ className = "h-5 w-5" }: IconProps) {
  return <Drawing {...base} viewBox="0 0 20 20" className={className} fill="currentColor" markup={PLAY} />;
}

export function PauseIcon({ className = "h-5 w-5" }: IconProps) {
  return <Drawing {...base} viewBox="0 0 20 20" className={className} fill="currentColor" markup={PAUSE} />;
}

export function ChevronIcon({ className = "h-5 w-5", direction }: IconProps & { direction: "left" | "right" }) {
  return (
    <Drawing
      {...base}
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      markup={direction === "left" ? CHEVRON_LEFT : CHEVRON_RIGHT}
    />
  );
}
