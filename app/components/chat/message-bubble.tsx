import { memo, useEffect, useState } from "react";
import { AI_HELP_PAGE, CHAT_SOURCE_LABELS } from "@shared/content";
import { formatChatText } from "~/lib/chat-format";
import { ChatIcon } from "./chat-icons";
import type { ChatMessage } from "./use-chat";

/** Local hour:minute, as the visitor's clock shows it. */
export function formatStamp(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export const MessageBubble = memo(function MessageBubble({ message }: { message: ChatMessage }) {
  const bot = message.isBot;
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
          <span className="sr-only">{bot ? AI_HELP_PAGE.botName : AI_HELP_PAGE.userName}: </span>
          <div className="space-y-2" data-testid="chat-text">
            {formatChatText(message.text)}
          </div>
          {bot && message.sources && message.sources.length > 0 && (
            <div className="border-t border-slate-200 pt-2" data-testid="chat-sources">
              <p className="text-xs font-semibold text-slate-700">{CHAT_SOURCE_LABELS.listLabel}</p>
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
              {AI_HELP_PAGE.truncatedNote}
            </p>
          )}
        </div>
        <p className="mt-1 min-h-4 px-1 text-xs text-slate-600">
          {stamp !== null && Number.isFinite(new Date(stamp).getTime()) && (
            <time dateTime={new Date(stamp).toISOString()} data-testid="chat-stamp" suppressHydrationWarning>
              <span className="sr-only">{AI_HELP_PAGE.sentAt} </span>
              {formatStamp(stamp)}
            </time>
          )}
        </p>
      </div>
    </li>
  );
});
