/**
 * The product drawn in HTML/CSS and inline SVG (no images, no requests): a
 * WhatsApp-style conversation, a leads board, the Wise Core diagram, the pain
 * point and benefit icons and initials avatars. Drawings that only repeat
 * what the text beside them says are hidden from assistive technology; the
 * Wise Core diagram says something of its own and carries a label.
 *
 * None of them changes once drawn, so each is one element for React with its
 * inside handed over as markup (built here from the copy, every text escaped):
 * hydrating the page does no work per bubble, card or shape.
 */
import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { memo, useMemo } from "react";
import { HERO, LEADS_BOARD, WISE_CORE_DIAGRAM as WISE_CORE_DIAGRAM_EN, type ChatLine } from "@shared/content/home";
import type { Locale, Translation } from "@shared/i18n";
import { useLocale } from "~/lib/locale";
import { Drawing } from "./icons";
import { escapeHtml } from "./markup";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

/** The product's mark: a parrot's head in a speech bubble. */
const PARROT_MARK =
  '<circle cx="20" cy="20" r="20" fill="#fcd34d"/>' +
  '<path d="M12 27c0-8 5-14 12-14 4 0 7 3 7 7 0 2-1 3-3 3h-3c-2 0-3 2-3 4v3h-6c-2 0-4-1-4-3Z" fill="#047857"/>' +
  '<path d="M25 16c3 0 6 2 6 5l-4 1c0-3-1-5-2-6Z" fill="#f97316"/>' +
  '<circle cx="23.5" cy="18.5" r="1.6" fill="#0f172a"/>';

function chatMarkup(lines: readonly ChatLine[], title: string, status: string, compact: boolean, animate: boolean, bodyClassName: string): string {
  const enter = animate ? "bubble-in " : "";
  const delay = (i: number) => (animate ? ` style="animation-delay:${i * 450}ms"` : "");
  const bubbles = lines
    .map((line, i) =>
      line.from === "event"
        ? `<p class="${enter}my-0.5 self-center rounded-md bg-[#fff5c4] px-2.5 py-1 text-center text-[11px] font-semibold text-amber-950 shadow-sm"${delay(i)}>${escapeHtml(line.text)}</p>`
        : `<p class="${enter}max-w-[85%] rounded-xl px-2.5 py-1.5 leading-snug text-slate-900 shadow-sm ${
            line.from === "customer" ? "self-end rounded-tr-sm bg-[#d9fdd3]" : "self-start rounded-tl-sm bg-white"
          }"${delay(i)}>${escapeHtml(line.text)}${line.from === "customer" ? '<span class="ml-1 align-bottom text-[10px] text-sky-600">✓✓</span>' : ""}</p>`,
    )
    .join("");
  return (
    '<div class="overflow-hidden rounded-[1.35rem] bg-[#efeae2]">' +
    '<div class="flex items-center gap-2.5 bg-[#075e54] px-3 py-2 text-white">' +
    `<svg viewBox="0 0 40 40" class="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">${PARROT_MARK}</svg>` +
    '<span class="min-w-0">' +
    `<span class="block truncate text-sm font-semibold">${escapeHtml(title)}</span>` +
    `<span class="block text-[11px] text-emerald-100">${escapeHtml(status)}</span>` +
    "</span></div>" +
    `<div class="flex flex-col gap-1.5 ${compact ? "p-2.5 text-[13px]" : "p-3 text-sm"}${bodyClassName ? ` ${escapeHtml(bodyClassName)}` : ""}">${bubbles}</div>` +
    "</div>"
  );
}

/**
 * A phone-sized WhatsApp conversation. With `animate`, bubbles appear one after another (not under reduced
 * motion); the hero's is drawn still, so the first screen is complete at its first paint (Speed Index).
 * `bodyClassName` goes on the list of bubbles (the slideshow reserves its height there). Like the app on a
 * phone it is written in the phone's own sans-serif (the site font's metric-matched local fallback), so the
 * site font's arrival never resizes a bubble: a customer's bubble is anchored on the right, and a narrower
 * line would move its left edge on the first screen.
 */
export const PhoneChat = memo(function PhoneChat({
  lines,
  title,
  compact = false,
  animate = false,
  className = "",
  bodyClassName = "",
}: {
  lines: readonly (ChatLine | Translation<ChatLine>)[];
  title?: string;
  compact?: boolean;
  animate?: boolean;
  className?: string;
  bodyClassName?: string;
}) {
  const words = useText(HERO, HINDI_HOME, (hi) => hi.HERO_HI);
  const heading = title ?? words.chatTitle;
  // One object while the conversation is the same (see Drawing in ./icons).
  const inner = useMemo(
    () => ({ __html: chatMarkup(lines as readonly ChatLine[], heading, words.chatStatus, compact, animate, bodyClassName) }),
    [lines, heading, words.chatStatus, compact, animate, bodyClassName],
  );
  return (
    <div
      aria-hidden="true"
      className={`rounded-[1.75rem] bg-slate-900 p-2 shadow-2xl shadow-emerald-900/20 [font-family:"Jakarta_Fallback",sans-serif] ${className}`}
      data-drawing="phone-chat"
      dangerouslySetInnerHTML={inner}
    />
  );
});

const AVATAR_COLOURS = ["bg-emerald-700", "bg-sky-700", "bg-violet-700", "bg-rose-700", "bg-amber-700"];

/**
 * "Dr. Meera Kulkarni" → "MK", and a colour of its own for each name. A name in Devanagari takes the first letter of
 * the first name alone ("डॉ. मीरा कुलकर्णी" → "म"): two Hindi initials read as a word (रोहन देशमुख gave रद, "cancelled").
 */
export function avatarOf(name: string): { initials: string; colour: string } {
  // Titles in English and Hindi (Dr, Shri, Shrimati), escaped: the server bundles stay ASCII.
  const words = name.replace(/^(Dr|Mr|Mrs|Ms|\u0921\u0949|\u0936\u094d\u0930\u0940|\u0936\u094d\u0930\u0940\u092e\u0924\u0940)\.?\s+/i, "").split(/\s+/).filter(Boolean);
  const devanagari = /[\u0900-\u097f]/.test(name);
  const initials = devanagari ? (words[0]?.[0] ?? "") : `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`.toUpperCase();
  let h = 0;
  for (const ch of name) h = (h + ch.charCodeAt(0)) % AVATAR_COLOURS.length;
  return { initials, colour: AVATAR_COLOURS[h]! };
}

const AVATAR_CLASS = "inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white";

/** A round avatar with the person's initials ("Dr. Meera Kulkarni" → "MK"). */
export function InitialsAvatar({ name, className = "h-11 w-11 text-sm" }: { name: string; className?: string }) {
  const { initials, colour } = avatarOf(name);
  return (
    <span aria-hidden="true" className={`${AVATAR_CLASS} ${colour} ${className}`}>
      {initials}
    </span>
  );
}

function avatarMarkup(name: string, className: string): string {
  const { initials, colour } = avatarOf(name);
  return `<span aria-hidden="true" class="${AVATAR_CLASS} ${colour} ${className}">${escapeHtml(initials)}</span>`;
}

/** The leads board's markup in a language (made once per language, the same object on every render). */
const leadsBoardHtml = (board: Translation<typeof LEADS_BOARD>) => ({
  __html:
  '<div class="flex items-center justify-between gap-2 px-1">' +
  `<span class="text-sm font-semibold text-slate-900">${escapeHtml(board.title)}</span>` +
  `<span class="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-700">${escapeHtml(board.live)}</span>` +
  "</div>" +
  '<div class="mt-3 grid grid-cols-3 gap-2">' +
  board.columns
    .map(
      (column) =>
        '<div class="min-w-0 rounded-xl bg-slate-50 p-1.5 sm:p-2">' +
        '<p class="flex items-center gap-1.5 px-1 text-[11px] font-semibold uppercase leading-tight text-slate-700 sm:tracking-wide">' +
        `<span class="h-2 w-2 shrink-0 rounded-full ${column.dot}"></span>` +
        `<span class="min-w-0 break-words">${escapeHtml(column.name)}</span>` +
        "</p>" +
        '<ul class="mt-1.5 space-y-1.5">' +
        column.leads
          .map(
            (lead) =>
              '<li class="rounded-lg bg-white p-1.5 shadow-sm ring-1 ring-slate-200 sm:p-2">' +
              '<span class="flex items-center gap-1.5">' +
              avatarMarkup(lead.name, "h-6 w-6 text-[10px] max-sm:hidden") +
              `<span class="min-w-0 break-words text-xs font-semibold leading-tight text-slate-900">${escapeHtml(lead.name)}</span>` +
              "</span>" +
              `<span class="mt-1 block break-words text-[11px] leading-snug text-slate-700">${escapeHtml(lead.note)}</span>` +
              "</li>",
          )
          .join("") +
        "</ul></div>",
    )
    .join("") +
  "</div>",
});
const LEADS_BOARD_HTML: Partial<Record<Locale, { __html: string }>> = {};

/** A leads board: new enquiries, hot leads being followed up, visits booked. */
export function LeadsBoard({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const html = (LEADS_BOARD_HTML[locale] ??= leadsBoardHtml(locale === "hi" ? hindiNow(HINDI_HOME).LEADS_BOARD_HI : LEADS_BOARD));
  return (
    <div
      aria-hidden="true"
      className={`rounded-2xl bg-white p-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 sm:p-4 ${className}`}
      data-drawing="leads-board"
      dangerouslySetInnerHTML={html}
    />
  );
}

/** The Wise Core: what it is trained with flows in, what it does for the business flows out. */
export function WiseCoreDiagram({ inputs }: { inputs: readonly string[] }) {
  const WISE_CORE_DIAGRAM = useText(WISE_CORE_DIAGRAM_EN, HINDI_HOME, (hi) => hi.WISE_CORE_DIAGRAM_HI);
  const rowsIn = inputs.length;
  const outputs = WISE_CORE_DIAGRAM.outputs;
  const h = Math.max(rowsIn, outputs.length) * 44 + 16;
  const yIn = (i: number) => 8 + 22 + i * ((h - 16) / rowsIn);
  const yOut = (i: number) => 8 + 22 + i * ((h - 16) / outputs.length) + ((h - 16) / outputs.length - 44) / 2;
  const cy = h / 2;
  const markup =
    '<defs><radialGradient id="core-glow">' +
    '<stop offset="0" stop-color="#34d399" stop-opacity="0.55"/>' +
    '<stop offset="1" stop-color="#34d399" stop-opacity="0"/>' +
    "</radialGradient></defs>" +
    inputs
      .map(
        (label, i) =>
          "<g>" +
          `<path d="M174 ${yIn(i)} C 220 ${yIn(i)}, 225 ${cy}, 246 ${cy}" fill="none" stroke="#34d399" stroke-opacity="0.55" stroke-width="2"/>` +
          `<rect x="4" y="${yIn(i) - 17}" width="170" height="34" rx="17" fill="#1e293b" stroke="#334155"/>` +
          `<text x="89" y="${yIn(i) + 5.5}" text-anchor="middle" font-size="15" font-weight="600" fill="#e2e8f0">${escapeHtml(label)}</text>` +
          "</g>",
      )
      .join("") +
    outputs
      .map(
        (label, i) =>
          "<g>" +
          `<path d="M314 ${cy} C 340 ${cy}, 345 ${yOut(i)}, 386 ${yOut(i)}" fill="none" stroke="#fcd34d" stroke-opacity="0.6" stroke-width="2"/>` +
          `<rect x="386" y="${yOut(i) - 17}" width="170" height="34" rx="8" fill="#fcd34d"/>` +
          `<text x="471" y="${yOut(i) + 5.5}" text-anchor="middle" font-size="15" font-weight="700" fill="#422006">${escapeHtml(label)}</text>` +
          "</g>",
      )
      .join("") +
    `<circle cx="280" cy="${cy}" r="70" fill="url(#core-glow)"/>` +
    `<circle cx="280" cy="${cy}" r="38" fill="#047857" stroke="#6ee7b7" stroke-width="2"/>` +
    `<text x="280" y="${cy - 2}" text-anchor="middle" font-size="14" font-weight="700" fill="#ffffff">${escapeHtml(WISE_CORE_DIAGRAM.coreTop)}</text>` +
    `<text x="280" y="${cy + 14}" text-anchor="middle" font-size="14" font-weight="700" fill="#ffffff">${escapeHtml(WISE_CORE_DIAGRAM.coreBottom)}</text>`;
  return (
    <Drawing
      viewBox={`0 0 560 ${h}`}
      role="img"
      aria-label={WISE_CORE_DIAGRAM.label(inputs, outputs)}
      className="h-auto w-full"
      markup={markup}
    />
  );
}

const FEATURE_ICONS = {
  moon: '<path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z"/>',
  repeat:
    '<path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.5"/><path d="M20 4v4.5h-4.5"/>' +
    '<path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.5"/><path d="M4 20v-4.5h4.5"/>',
  leak: '<path d="M4 7h16l-2 6H6Z"/><path d="M12 16.5c-1.2 1.6-1.8 2.6-1.8 3.3a1.8 1.8 0 0 0 3.6 0c0-.7-.6-1.7-1.8-3.3Z"/>',
  calendarX: '<rect x="3.5" y="5" width="17" height="15" rx="2"/><path d="M3.5 9.5h17M8 3v4M16 3v4M10 13l4 4M14 13l-4 4"/>',
  bolt: '<path d="M13 3 5 13.5h6L10 21l8-10.5h-6Z"/>',
  calendarCheck: '<rect x="3.5" y="5" width="17" height="15" rx="2"/><path d="M3.5 9.5h17M8 3v4M16 3v4M9 14.5l2 2 4-4"/>',
  target: '<circle cx="12" cy="12" r="8"/><circle cx="12" cy="12" r="4.5"/><circle cx="12" cy="12" r="1"/>',
  tag: '<path d="M3.5 12.5V4.5h8l9 9-8 8Z"/><circle cx="8" cy="9" r="1.4"/>',
  megaphone: '<path d="M4 10v4h3l8 4V6L7 10Z"/><path d="M18 9.5a3.5 3.5 0 0 1 0 5M7 14l1.5 5h2.5L10 14.8"/>',
} as const;

export type FeatureIconName = keyof typeof FEATURE_ICONS;

/** A line icon for a pain point or a benefit (decorative: the card's title says it). */
export function FeatureIcon({ name, className = "h-6 w-6" }: { name: FeatureIconName; className?: string }) {
  return (
    <Drawing
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      markup={FEATURE_ICONS[name]}
    />
  );
}
