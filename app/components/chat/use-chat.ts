import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { useCallback, useEffect, useRef, useState } from "react";
import { AI_HELP_PAGE, CHAT_LIMITS, CHAT_WELCOME } from "@shared/content";
import { useLocale } from "~/lib/locale";
import type { ChatSourceLink } from "~/lib/chat-format";
import { ChatRequestError, rateChatAnswer, sendChatMessage } from "./chat-client";

const HINDI_CHAT = hindiWords("chat", () => import("~/lib/hindi/chat"));

/** A chat message (spec section 3): id (timestamp-based number), text, isBot, timestamp. */
export type ChatMessage = {
  id: number;
  text: string;
  isBot: boolean;
  /** Epoch ms; null for the welcome message until the page runs in the browser (prerendered HTML has no clock). */
  timestamp: number | null;
  /** The visitor's message was cut to the limit. */
  truncated?: boolean;
  /** The reply is still arriving. */
  streaming?: boolean;
  /** Where a bot answer comes from: same-site links shown below it. */
  sources?: ChatSourceLink[];
  /** What the answer is rated by (the server's id); absent for answers that cannot be rated. */
  answerId?: string;
  /** The server's id of the conversation this answer belongs to: the next message is sent with it. */
  conversationId?: string;
  /** The visitor's rating: which, and whether it is being sent, stored, or failed (the buttons may be used again). */
  rating?: { helpful: boolean; state: "sending" | "rated" | "failed" };
};

const WELCOME_ID = 0;

/** Cuts to the limit in characters (code points), like the server does. */
export function cutToLimit(text: string): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= CHAT_LIMITS.maxMessageChars) return { text, truncated: false };
  return { text: chars.slice(0, CHAT_LIMITS.maxMessageChars).join(""), truncated: true };
}

/** How many earlier messages the no-JavaScript form carries along to show the conversation again. */
export const FORM_HISTORY_MESSAGES = 20;

/**
 * The chat's state. `initial` holds a conversation the server answered
 * through the page's form (without JavaScript).
 */
export function useChat(initial: ChatMessage[] = []) {
  // The welcome and the failure messages in the page's language (the answers are in it already).
  const hindi = useLocale() === "hi";
  const page = hindi ? hindiNow(HINDI_CHAT).AI_HELP_PAGE_HI : AI_HELP_PAGE;
  const pageRef = useRef(page);
  pageRef.current = page;
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: WELCOME_ID, text: hindi ? hindiNow(HINDI_CHAT).CHAT_WELCOME_HI : CHAT_WELCOME, isBot: true, timestamp: null },
    ...initial,
  ]);
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last complete bot reply, for the polite live region. */
  const [announcement, setAnnouncement] = useState("");
  const busyRef = useRef(false);
  const lastId = useRef(initial.at(-1)?.id ?? 0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const abortRef = useRef<AbortController | null>(null);

  // A reply still streaming when the page goes away is cancelled. (The welcome message's stamp is the bubble's own:
  // setting it here re-rendered the whole page right after hydration, the page's longest task on a slow phone.)
  useEffect(() => () => abortRef.current?.abort(), []);

  const nextId = () => {
    lastId.current = Math.max(Date.now(), lastId.current + 1);
    return lastId.current;
  };

  const send = useCallback(async (raw: string): Promise<boolean> => {
    if (busyRef.current || raw.trim() === "") return false;
    const { text, truncated } = cutToLimit(raw.trim());
    const history = messagesRef.current
      .filter((m) => m.id !== WELCOME_ID && !m.streaming)
      .slice(-CHAT_LIMITS.historyMessages)
      .map((m) => ({ role: m.isBot ? ("assistant" as const) : ("user" as const), content: m.text }));
    const conversationId = messagesRef.current.findLast((m) => m.isBot && m.conversationId)?.conversationId;
    const userMessage: ChatMessage = { id: nextId(), text, isBot: false, timestamp: Date.now(), truncated };
    const botId = nextId();
    busyRef.current = true;
    setBusy(true);
    setTyping(true);
    setAnnouncement("");
    setMessages((list) => [...list, userMessage]);

    const showBot = (reply: string, streaming: boolean, sources?: ChatSourceLink[], answerId?: string, conversation?: string) =>
      setMessages((list) => {
        const bot: ChatMessage = {
          id: botId,
          text: reply,
          isBot: true,
          timestamp: Date.now(),
          streaming,
          ...(sources?.length ? { sources } : {}),
          ...(answerId ? { answerId } : {}),
          ...(conversation ? { conversationId: conversation } : {}),
        };
        const at = list.findIndex((m) => m.id === botId);
        if (at < 0) return [...list, bot];
        const copy = list.slice();
        copy[at] = { ...bot, timestamp: list[at]!.timestamp };
        return copy;
      });

    const controller = new AbortController();
    abortRef.current = controller;
    let reply: string;
    let sources: ChatSourceLink[] = [];
    let answerId: string | undefined;
    let answeredIn: string | undefined = conversationId;
    try {
      const answer = await sendChatMessage(
        text,
        history,
        (soFar) => {
          setTyping(false);
          showBot(soFar, true);
        },
        controller.signal,
        conversationId,
      );
      reply = answer.reply;
      sources = answer.sources;
      answerId = answer.answerId;
      answeredIn = answer.conversationId ?? conversationId;
    } catch (error) {
      if (controller.signal.aborted) return false;
      reply = error instanceof ChatRequestError && error.status === 429 ? pageRef.current.tooManyRequests : pageRef.current.failedReply;
      if (!(error instanceof ChatRequestError)) console.warn("chat request failed", error);
    }
    showBot(reply, false, sources, answerId, answeredIn);
    setTyping(false);
    setAnnouncement(reply);
    busyRef.current = false;
    setBusy(false);
    return true;
  }, []);

  /** Rates a bot answer once; a failed send brings the buttons back. */
  const rate = useCallback(async (id: number, helpful: boolean) => {
    const target = messagesRef.current.find((m) => m.id === id);
    if (!target?.answerId || (target.rating && target.rating.state !== "failed")) return;
    const mark = (state: "sending" | "rated" | "failed") =>
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, rating: { helpful, state } } : m)));
    mark("sending");
    mark((await rateChatAnswer(target.answerId, helpful)) ? "rated" : "failed");
  }, []);

  return { messages, typing, busy, announcement, send, rate };
}
