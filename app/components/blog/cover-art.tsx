/**
 * Drawn cover art for a post without an uploaded image: a gradient in the
 * category's colours, a few conversation bubbles and the category's own mark
 * (a rising chart, a storefront, a heart, a house, a chip, a spark). Inline
 * SVG, so it costs no request; decoration, hidden from assistive technology
 * (the post's title is right beside it).
 */
import { memo, useMemo } from "react";

type Palette = { from: string; to: string; accent: string; mark: string };

const PALETTES: Record<string, Palette> = {
  "Growth Strategy": { from: "#065f46", to: "#10b981", accent: "#fcd34d", mark: "chart" },
  "Case Study": { from: "#1e3a8a", to: "#0ea5e9", accent: "#fde68a", mark: "store" },
  Healthcare: { from: "#0f766e", to: "#5eead4", accent: "#fecdd3", mark: "heart" },
  "Real Estate": { from: "#7c2d12", to: "#f59e0b", accent: "#fef3c7", mark: "house" },
  Technology: { from: "#312e81", to: "#8b5cf6", accent: "#a7f3d0", mark: "chip" },
  "Tips & Tricks": { from: "#831843", to: "#f472b6", accent: "#fef9c3", mark: "spark" },
};
const DEFAULT: Palette = { from: "#064e3b", to: "#34d399", accent: "#fde68a", mark: "spark" };

/** A small stable number from a text, so each post keeps its own arrangement. */
function seedOf(text: string): number {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

const MARK_STROKE = 'fill="none" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"';

/** The category's own mark, as markup (drawn in white). */
const MARKS: Record<string, string> = {
  chart:
    '<path d="M0 120 L50 80 L90 100 L150 30"/><path d="M118 30 H150 V62"/>' +
    '<path d="M0 150 H160" stroke-width="6" opacity="0.6"/>',
  store: '<path d="M10 60 L25 15 H135 L150 60 Z"/><path d="M20 60 V140 H140 V60"/><path d="M65 140 V100 H95 V140"/>',
  heart:
    '<path d="M80 140 C20 100 0 70 20 40 C40 10 75 20 80 45 C85 20 120 10 140 40 C160 70 140 100 80 140 Z"/>' +
    '<path d="M45 75 H65 L75 55 L88 95 L98 75 H118" stroke-width="7"/>',
  house: '<path d="M10 75 L80 15 L150 75"/><path d="M28 62 V145 H132 V62"/><path d="M65 145 V105 H95 V145"/>',
  chip:
    '<rect x="35" y="35" width="90" height="90" rx="14"/>' +
    '<path d="M60 35 V10 M100 35 V10 M60 125 V150 M100 125 V150 M35 60 H10 M35 100 H10 M125 60 H150 M125 100 H150" stroke-width="7"/>',
  spark: '<path d="M80 10 L95 65 L150 80 L95 95 L80 150 L65 95 L10 80 L65 65 Z"/>',
};

/**
 * The drawing as markup: every value in it is a number or one of the palettes' colours (nothing a visitor
 * wrote), and it never changes once drawn, so React renders the `<svg>` only and hydration does no work per
 * shape.
 */
function coverMarkup(p: Palette, s: number): string {
  const id = `cover-${s.toString(36)}`;
  const tilt = (s % 9) - 4;
  const bubbleY = 60 + (s % 40);
  return (
    `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>` +
    "</linearGradient></defs>" +
    `<rect width="640" height="320" fill="url(#${id}-bg)"/>` +
    `<circle cx="${520 + (s % 60)}" cy="${-20 + (s % 50)}" r="150" fill="#fff" opacity="0.08"/>` +
    `<circle cx="${40 + (s % 70)}" cy="330" r="120" fill="#fff" opacity="0.07"/>` +
    // A conversation: the customer's question, the assistant's answer, a confirmed booking.
    `<g transform="translate(48 ${bubbleY}) rotate(${tilt / 2})">` +
    '<rect width="220" height="44" rx="18" fill="#fff" opacity="0.95"/>' +
    `<rect x="18" y="15" width="140" height="8" rx="4" fill="${p.from}" opacity="0.35"/>` +
    `<rect x="18" y="27" width="96" height="6" rx="3" fill="${p.from}" opacity="0.2"/>` +
    '<g transform="translate(60 60)">' +
    '<rect width="240" height="52" rx="18" fill="#d9fdd3"/>' +
    '<rect x="18" y="16" width="170" height="8" rx="4" fill="#065f46" opacity="0.45"/>' +
    '<rect x="18" y="30" width="120" height="6" rx="3" fill="#065f46" opacity="0.3"/>' +
    "</g>" +
    '<g transform="translate(0 128)">' +
    `<rect width="180" height="40" rx="18" fill="${p.accent}"/>` +
    `<path d="M20 20 l8 8 l16 -16" fill="none" stroke="${p.from}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<rect x="56" y="16" width="100" height="8" rx="4" fill="${p.from}" opacity="0.5"/>` +
    "</g></g>" +
    `<g transform="translate(420 ${80 + (s % 30)}) rotate(${tilt})" opacity="0.95">` +
    `<g ${MARK_STROKE} stroke="#fff">${MARKS[p.mark] ?? MARKS.spark}</g>` +
    "</g>"
  );
}

export const CoverArt = memo(function CoverArt({ category, seed, className = "" }: { category: string; seed: string; className?: string }) {
  // One object while the post is the same: React compares the object, and given a new one it would write the
  // markup again (and the browser parse it) on every re-render.
  const inner = useMemo(() => ({ __html: coverMarkup(PALETTES[category] ?? DEFAULT, seedOf(seed)) }), [category, seed]);
  return (
    <svg
      viewBox="0 0 640 320"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className={className}
      dangerouslySetInnerHTML={inner}
    />
  );
});
