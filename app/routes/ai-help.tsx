import { hindiWords, textIn, useText } from "~/lib/hindi-words";
import { useRef } from "react";
import { ChatIcon } from "~/components/chat/chat-icons";
import { CHAT_FORM_ID, ChatPanel } from "~/components/chat/chat-panel";
import { type ChatMessage, FORM_HISTORY_MESSAGES, useChat } from "~/components/chat/use-chat";
import { AI_HELP_PAGE } from "@shared/content";
import { requestLocale } from "~/lib/locale";
import { AI_HELP_DOC } from "@shared/copy/ai-help";
import { type ChatSourceLink, safeSources } from "~/lib/chat-format";
import { ANSWER_ID } from "~/components/chat/chat-client";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { z } from "@shared/zod";
import { answerChat, cutMessage, limitChatClient } from "../../server/services/chat/service";
import type { Route } from "./+types/ai-help";
import { recordGoal } from "../../server/http/page-views";
import { readCopy } from "../../server/services/content/copy";

const HINDI_CHAT = hindiWords("chat", () => import("~/lib/hindi/chat"));

/** The owner's published copy of the page in its language (its defaults on a fresh install); cached per content version. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { copy: await readCopy(context.deps, AI_HELP_DOC, requestLocale(request)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? { title: AI_HELP_PAGE.metaTitle, description: AI_HELP_PAGE.metaDescription };
  return pageMeta({ title: seo.title, description: seo.description, path: "/ai-help", matches });
}

const FormHistorySchema = z
  .array(
    z.object({
      text: z.string().max(4000),
      isBot: z.boolean(),
      // Only times a Date can hold, so a forged value can never break the rendering.
      timestamp: z.number().int().min(0).max(8.64e15).nullable().catch(null),
      truncated: z.boolean().optional().catch(undefined),
      // Only well-formed, same-site links survive a round trip through the form.
      sources: z.unknown().optional().transform((v) => safeSources(v)),
      // What the answer is rated by, kept so a conversation answered without JavaScript can be rated once it runs.
      answerId: z.string().regex(ANSWER_ID).optional().catch(undefined),
      // The server's id of the conversation: the next answer reads the conversation from the server's log by it.
      conversationId: z.string().regex(ANSWER_ID).optional().catch(undefined),
    }),
  )
  .max(FORM_HISTORY_MESSAGES);

/**
 * The chat without JavaScript: the form posts the message (or a topic's or
 * suggestion's query) and the conversation so far; the same service answers
 * and the page renders the conversation again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const locale = requestLocale(request);
  const text = textIn(locale, AI_HELP_PAGE, HINDI_CHAT, (hi) => hi.AI_HELP_PAGE_HI);
  const form = await request.formData();
  const quick = form.get("quick");
  const raw = typeof quick === "string" && quick ? quick : form.get("message");
  let earlier: z.output<typeof FormHistorySchema> = [];
  try {
    earlier = FormHistorySchema.parse(JSON.parse(String(form.get("history") ?? "[]")));
  } catch {
    // A damaged history only loses the earlier messages, never the answer.
  }
  let id = Math.max(Date.now(), ...earlier.map((m) => m.timestamp ?? 0));
  const messages: ChatMessage[] = earlier.map(({ sources, answerId: earlierId, conversationId: earlierConversation, ...m }) => ({
    ...m,
    id: ++id,
    ...(m.isBot && sources.length ? { sources } : {}),
    ...(m.isBot && earlierId ? { answerId: earlierId } : {}),
    ...(m.isBot && earlierConversation ? { conversationId: earlierConversation } : {}),
  }));
  const conversationId = earlier.findLast((m) => m.isBot && m.conversationId)?.conversationId;
  if (typeof raw !== "string" || raw.trim() === "") return { messages };
  const { text: message, truncated } = cutMessage(raw.trim());
  messages.push({ id: ++id, text: message, isBot: false, timestamp: Date.now(), truncated });
  let reply: string;
  let sources: ChatSourceLink[] = [];
  let answerId: string | null = null;
  let answeredIn = conversationId;
  try {
    await limitChatClient(deps, context.clientIp);
    if (earlier.length === 0) recordGoal(deps, "chat", request, context.clientIp);
    const answer = await answerChat(deps, {
      message,
      history: earlier.map((m) => ({ role: m.isBot ? "assistant" : "user", content: m.text })),
      ...(conversationId ? { conversationId } : {}),
      page: new URL(request.url).pathname,
      locale,
      clientIp: context.clientIp,
    });
    reply = answer.reply;
    sources = safeSources(answer.sources);
    answerId = answer.answerId;
    answeredIn = answer.conversationId;
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    reply = failure.kind === "rate-limited" ? text.tooManyRequests : text.failedReply;
  }
  messages.push({
    id: ++id,
    text: reply,
    isBot: true,
    timestamp: Date.now(),
    ...(sources.length ? { sources } : {}),
    ...(answerId ? { answerId } : {}),
    ...(answeredIn ? { conversationId: answeredIn } : {}),
  });
  return { messages };
}

export default function AiHelp({ loaderData, actionData }: Route.ComponentProps) {
  const copy = loaderData.copy;
  const t = useText(AI_HELP_PAGE, HINDI_CHAT, (hi) => hi.AI_HELP_PAGE_HI);
  const chat = useChat(actionData?.messages);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const ask = (query: string) => {
    inputRef.current?.focus();
    void chat.send(query).then(() => inputRef.current?.focus());
  };

  return (
    <div className="bg-gradient-to-b from-emerald-50 via-white to-white">
      <div className="mx-auto max-w-6xl px-4 pb-8 pt-5 sm:px-6 sm:pb-16 sm:pt-6">
        <header className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-emerald-800">{copy.header.eyebrow}</p>
          <h1 className="mt-1 text-[1.625rem] font-bold leading-tight tracking-tight text-slate-900 sm:mt-2 sm:text-4xl">{copy.header.title}</h1>
          <p className="mt-2 text-base text-slate-700 sm:mt-3 sm:text-lg">{copy.header.intro}</p>
        </header>

        {/* The chat first (on a phone it was below the fold after the topics), the topics beside it on wide screens. */}
        <div className="mt-5 grid sm:mt-6 gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
          <div className="min-w-0">
          <noscript>
            <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t.noScript}</p>
          </noscript>
          <ChatPanel chat={chat} inputRef={inputRef} copy={copy.chat} suggestions={copy.suggestions} />
          </div>
          <section aria-labelledby="ai-help-topics" className="min-w-0">
            <h2 id="ai-help-topics" className="sr-only">
              {t.topicsHeading}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
              {copy.topics.map((topic, i) => (
                <li key={i}>
                  <button
                    type="submit"
                    form={CHAT_FORM_ID}
                    name="quick"
                    value={topic.query}
                    onClick={(event) => {
                      event.preventDefault();
                      ask(topic.query);
                    }}
                    aria-disabled={chat.busy || undefined}
                    className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-emerald-400 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
                  >
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-800">
                      <ChatIcon name={topic.icon} />
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{topic.title}</span>
                      <span className="mt-1 block text-sm text-slate-700">{topic.description}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="ai-help-features" className="mt-12">
          <h2 id="ai-help-features" className="sr-only">
            {t.featuresHeading}
          </h2>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {copy.features.map((feature, i) => (
              <li key={i} className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                  <ChatIcon name={feature.icon} />
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{feature.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
