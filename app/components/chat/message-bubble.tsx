import { hindiWords, textIn } from "~/lib/hindi-words";
import { memo, useEffect, useState } from "react";
import { AI_HELP_PAGE, CHAT_SOURCE_LABELS } from "@shared/content";
import { CHAT_RATING } from "@shared/content/chat-rating";
import type { Locale } from "@shared/i18n";
import { formatChatText } from "~/lib/chat-format";
import { ChatIcon } from "./chat-icons";
import type { ChatMessage } from "./use-chat";

const HINDI_CHAT = hindiWords("chat", () => import("~/lib/hindi/chat"));

/** Local hour:minute, as the visitor's clock shows it; on a Hindi page in 24 hours (no Latin "am"/"pm"). */
export function formatStamp(timestamp: number, locale: Locale = "en"): string {
  if (locale === "hi") return new Date(timestamp).toLocaleTimeString("hi-IN", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", numberingSystem: "latn" });
  return new Date(timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export const MessageBubble = memo(function MessageBubble({
  message,
  onRate,
  locale = "en",
}: {
  message: ChatMessage;
  /** The page's language (the panel passes it; the bubble needs no router). */
  locale?: Locale;
  /** Rates this answer (the chat's `rate`, stable across renders). */
  onRate?: (id: number, helpful: boolean) => void;
}) {
  const bot = message.isBot;
  const t = textIn(locale, AI_HELP_PAGE, HINDI_CHAT, (hi) => hi.AI_HELP_PAGE_HI);
  const labels = textIn(locale, CHAT_SOURCE_LABELS, HINDI_CHAT, (hi) => hi.CHAT_SOURCE_LABELS_HI);
  // A message rendered on the server without a time (the welcome) gets the visitor's clock once it runs here.
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    if (message.timestamp === null) setShownAt(Date.now());
  }, [message.timestamp]);
  const stamp = message.timestamp ?? shownAt;
  return (
    <li
      className={`flex items-end gap-2 ${bot ? "justify-start" : "flex-row-reverse"}`}
      data-role={bot ? "bot" : "user"}
      data-testid="chat-message"
    >
      <span
        className={`mb-5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${
          bot ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
        }`}
        aria-hidden="true"
      >
        <ChatIcon name={bot ? "bot" : "user"} className="h-5 w-5" />
      </span>
      <div className={`flex max-w-[85%] flex-col sm:max-w-[75%] ${bot ? "items-start" : "items-end"}`}>
        <div
          className={`space-y-2 rounded-2xl px-4 py-3 text-sm leading-relaxed shadow-sm ${
            bot ? "rounded-bl-sm border border-slate-200 bg-white text-slate-900" : "rounded-br-sm bg-emerald-700 text-white"
          }`}
        >
          <span className="sr-only">{bot ? t.botName : t.userName}: </span>
          <div className="space-y-2" data-testid="chat-text">
            {formatChatText(message.text)}
          </div>
          {bot && message.sources && message.sources.length > 0 && (
            <div className="border-t border-slate-200 pt-2" data-testid="chat-sources">
              <p className="text-xs font-semibold text-slate-700">{labels.listLabel}</p>
              {/* One link per line (not a list: the answer's own lists stay the message's only ones). */}
              <p className="mt-1 space-y-1 text-xs">
                {message.sources.map((source) => (
                  <a
                    key={`${source.url} ${source.label}`}
                    href={source.url}
                    className="block font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950"
                  >
                    {source.n ? `[${source.n}] ` : ""}
                    {source.label}
                  </a>
                ))}
              </p>
            </div>
          )}
          {message.truncated && (
            <p className="text-xs font-medium text-emerald-50" data-testid="chat-truncated">
              {t.truncatedNote}
            </p>
          )}
        </div>
        {/* The stamp, and beside it (wrapping below on a narrow screen) the answer's rating buttons. */}
        <div className={`mt-1 flex flex-wrap items-center gap-x-2 ${bot ? "" : "justify-end"}`}>
          <p className="min-h-4 px-1 text-xs text-slate-600">
            {stamp !== null && Number.isFinite(new Date(stamp).getTime()) && (
              <time dateTime={new Date(stamp).toISOString()} data-testid="chat-stamp" suppressHydrationWarning>
                <span className="sr-only">{t.sentAt} </span>
                {formatStamp(stamp, locale)}
              </time>
            )}
          </p>
          {bot && message.answerId && !message.streaming && onRate && <Rating message={message} onRate={onRate} locale={locale} />}
        </div>
      </div>
    </li>
  );
});

/** "Helpful" / "Not helpful" under an answer: once rated, the choice stays pressed and the buttons rest. */
function Rating({ message, onRate, locale }: { message: ChatMessage; onRate: (id: number, helpful: boolean) => void; locale: Locale }) {
  const state = message.rating?.state;
  const rating = textIn(locale, CHAT_RATING, HINDI_CHAT, (hi) => hi.CHAT_RATING_HI);
  const done = state === "sending" || state === "rated";
  const button = (helpful: boolean, label: string) => {
    const chosen = done && message.rating?.helpful === helpful;
    return (
      <button
        type="button"
        aria-pressed={chosen}
        aria-disabled={done || undefined}
        onClick={() => {
          if (!done) onRate(message.id, helpful);
        }}
        className={`min-h-11 min-w-11 rounded-full border px-3 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${
          chosen ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
        }`}
      >
        {label}
      </button>
    );
  };
  return (
    <div role="group" aria-label={rating.question} className="flex flex-wrap items-center gap-2" data-testid="chat-rating">
      {button(true, rating.helpful)}
      {button(false, rating.notHelpful)}
      <span role="status" className="text-xs text-slate-700">
        {state === "rated" ? rating.thanks : state === "failed" ? rating.failed : ""}
      </span>
    </div>
  );
}
