import { hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useId, useRef, useState } from "react";
import { AI_HELP_PAGE, CHAT_LIMITS } from "@shared/content";
import { useLocale, useLocalePath } from "~/lib/locale";
import type { AiHelpCopy } from "@shared/copy/ai-help";
import { plainChatText } from "~/lib/chat-format";
import { useAdoptTyped } from "~/lib/use-adopt-typed";
import { usePrefersReducedMotion } from "~/lib/use-rotation";
import { ChatIcon } from "./chat-icons";
import { MessageBubble } from "./message-bubble";
import { FORM_HISTORY_MESSAGES, type useChat } from "./use-chat";

const HINDI_CHAT = hindiWords("chat", () => import("~/lib/hindi/chat"));

/** The chat form's id: the topic cards submit it too when JavaScript is off. */
export const CHAT_FORM_ID = "ai-help-chat-form";

type Chat = ReturnType<typeof useChat>;

export function ChatPanel({
  chat,
  inputRef,
  copy,
  suggestions,
}: {
  chat: Chat;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  /** The owner's words for the box (shared/copy/ai-help.ts). */
  copy: AiHelpCopy["chat"];
  suggestions: readonly string[];
}) {
  const { messages, typing, busy, announcement, send, rate } = chat;
  const t = useText(AI_HELP_PAGE, HINDI_CHAT, (hi) => hi.AI_HELP_PAGE_HI);
  const localePath = useLocalePath();
  const locale = useLocale();
  const [draft, setDraft] = useState("");
  const logRef = useRef<HTMLOListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const id = useId();
  useAdoptTyped(inputRef, setDraft);
  const length = Array.from(draft).length;
  const over = length > CHAT_LIMITS.maxMessageChars;
  const lastText = messages.at(-1)?.text;
  // A reply that settles gains its sources and rating buttons: the log scrolls to them too.
  const lastSettled = messages.at(-1)?.streaming !== true;
  const formHistory = JSON.stringify(
    messages
      .filter((m) => m.id !== 0 && !m.streaming)
      .slice(-FORM_HISTORY_MESSAGES)
      .map(({ text, isBot, timestamp, truncated, sources, answerId, conversationId }) => ({ text, isBot, timestamp, truncated, sources, answerId, conversationId })),
  );

  // Keep the newest message (and the typing indicator) in view.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTo({ top: log.scrollHeight, behavior: reducedMotion ? "auto" : "smooth" });
  }, [messages.length, lastText, lastSettled, typing, reducedMotion]);

  async function submit(text: string) {
    inputRef.current?.focus();
    if (busy || text.trim() === "") return;
    setDraft("");
    await send(text);
    inputRef.current?.focus();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-lg">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-gradient-to-r from-emerald-800 to-teal-800 px-4 py-3 text-white sm:px-5">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white/15" aria-hidden="true">
            <ChatIcon name="bot" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-base font-semibold">
              {copy.heading}
            </h2>
            <p className="flex items-center gap-2 text-sm text-emerald-50">
              <span className="h-2 w-2 rounded-full bg-emerald-300" aria-hidden="true" />
              {copy.status}
            </p>
          </div>
        </div>
        <span className="rounded-full bg-white px-3 py-1 text-xs font-bold tracking-wider text-emerald-800">{copy.badge}</span>
      </header>

      <ol
        ref={logRef}
        aria-label={t.logLabel}
        tabIndex={0}
        className="h-[clamp(6.5rem,calc(100svh-35rem),26rem)] sm:h-[clamp(10rem,calc(100svh-25.5rem),26rem)] space-y-4 overflow-y-auto px-3 py-4 sm:px-5"
        data-testid="chat-log"
      >
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} onRate={rate} locale={locale} />
        ))}
        {typing && (
          <li className="flex items-center gap-2" data-testid="chat-typing">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-100 text-emerald-800" aria-hidden="true">
              <ChatIcon name="bot" className="h-5 w-5" />
            </span>
            <span className="flex items-center gap-1 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3">
              <span className="sr-only">{t.typing}</span>
              <span className="h-2 w-2 animate-bounce motion-reduce:animate-none rounded-full bg-slate-500" aria-hidden="true" />
              <span className="h-2 w-2 animate-bounce motion-reduce:animate-none rounded-full bg-slate-500 [animation-delay:150ms]" aria-hidden="true" />
              <span className="h-2 w-2 animate-bounce motion-reduce:animate-none rounded-full bg-slate-500 [animation-delay:300ms]" aria-hidden="true" />
            </span>
          </li>
        )}
      </ol>

      {/* Screen readers hear each finished reply once, politely, not every streamed piece. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">
        {typing ? t.typing : announcement ? `${t.botName}: ${plainChatText(announcement)}` : ""}
      </div>

      <div className="border-t border-slate-200 bg-white px-3 py-3 sm:px-5">
        {/* Without JavaScript the form posts to the page's action, which answers through the same service. */}
        <form
          id={CHAT_FORM_ID}
          method="post"
          action={localePath("/ai-help")}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(draft);
          }}
        >
          <input type="hidden" name="history" value={formHistory} />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-input`} className="sr-only">
              {t.inputLabel}
            </label>
            <textarea
              ref={inputRef}
              id={`${id}-input`}
              name="message"
              rows={2}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter (and Enter while composing text with an IME) breaks the line.
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void submit(draft);
                }
              }}
              placeholder={t.inputPlaceholder}
              aria-describedby={`${id}-hint ${id}-count`}
              aria-invalid={over || undefined}
              className="block max-h-40 min-h-11 w-full resize-y rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-600 focus:border-emerald-700"
            />
            <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
              <span id={`${id}-hint`}>{t.inputHint}</span>
              <span id={`${id}-count`} className={over ? "font-semibold text-rose-700" : undefined} data-testid="chat-count">
                {over ? t.overLimit(length) : t.charCount(length)}
              </span>
            </div>
          </div>
          <button type="submit" className="btn-primary shrink-0 justify-center sm:mb-5" aria-disabled={busy || undefined}>
            <ChatIcon name="send" className="h-4 w-4" />
            {busy ? t.sending : t.send}
          </button>
        </form>
        <h3 className="sr-only">{t.suggestionsHeading}</h3>
        {/* Under the message box (which stays in the first screen); below lg one row that scrolls sideways. */}
        <ul className="-mx-3 mt-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0 lg:flex-wrap lg:pb-0">
          {suggestions.map((suggestion, i) => (
            <li key={i}>
              <button
                type="submit"
                name="quick"
                value={suggestion}
                onClick={(event) => {
                  event.preventDefault();
                  void submit(suggestion);
                }}
                aria-disabled={busy || undefined}
                className="min-h-11 whitespace-nowrap rounded-full border border-emerald-300 bg-emerald-50 px-3 py-1.5 text-left text-xs lg:whitespace-normal font-medium text-emerald-900 transition-colors hover:bg-emerald-100"
              >
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
