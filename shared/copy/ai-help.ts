import { AI_HELP_PAGE, CHAT_FEATURES, CHAT_SUGGESTIONS, CHAT_TOPICS } from "../content/chat";
import { AI_HELP_PAGE_HI, CHAT_FEATURES_HI, CHAT_SUGGESTIONS_HI, CHAT_TOPICS_HI } from "../content/hi/chat";
import { group, list, text } from "./build";
import { defineCopyDoc } from "./fields";

/**
 * The AI Help page's copy (issue 28, decision 0027): its introduction, the quick topics (each sends its question to
 * the assistant), the quick suggestions under the message box, the chat box's heading and status, and the three
 * features. What the assistant answers is its own document (the help assistant's replies, another part of issue 28).
 */
const TOPIC_ICONS = [
  { value: "workflow", label: "Workflow" },
  { value: "ai", label: "Chip (AI)" },
  { value: "templates", label: "Grid (templates)" },
  { value: "start", label: "Arrow (getting started)" },
  { value: "clock", label: "Clock" },
  { value: "spark", label: "Spark" },
  { value: "bolt", label: "Bolt" },
] as const;
const icon = { kind: "choice", label: "Icon", options: TOPIC_ICONS } as const;

export const AI_HELP_DOC = defineCopyDoc({
  id: "ai-help",
  title: "AI Help page",
  path: "/ai-help",
  sections: {
    seo: group("Search engines", { title: text("Page title (search results)", 70), description: text("SEO description", 300, true) }),
    header: group("Introduction", { eyebrow: text("Eyebrow", 40), title: text("Headline", 80), intro: text("Introduction", 300, true) }),
    chat: group("Chat box", { heading: text("Heading", 60), status: text("Status", 40), badge: text("Badge", 20) }),
    topics: list(
      "Quick topics",
      "Topic",
      group("Topic", { title: text("Title", 40), description: text("Description", 120), query: text("Question it asks", 200), icon }),
      6,
    ),
    suggestions: list("Quick suggestions", "Suggestion", text("Suggestion", 80), 6, 0),
    features: list("Features", "Feature", group("Feature", { title: text("Title", 40), description: text("Description", 160), icon }), 3, 0),
  },
  // The Hindi (issue 33) is shared/content/hi/chat.ts.
  defaults: (locale) => {
    const page = locale === "hi" ? AI_HELP_PAGE_HI : AI_HELP_PAGE;
    const topics = locale === "hi" ? CHAT_TOPICS_HI : CHAT_TOPICS;
    return {
      seo: { title: page.metaTitle, description: page.metaDescription },
      header: { eyebrow: page.eyebrow, title: page.title, intro: page.intro },
      chat: { heading: page.chatHeading, status: page.status, badge: page.badge },
      topics: topics.map((t, i) => ({ ...t, icon: CHAT_TOPICS[i]?.icon ?? CHAT_TOPICS[0].icon })),
      suggestions: [...(locale === "hi" ? CHAT_SUGGESTIONS_HI : CHAT_SUGGESTIONS)],
      features: (locale === "hi" ? CHAT_FEATURES_HI : CHAT_FEATURES).map((f, i) => ({ ...f, icon: CHAT_FEATURES[i]?.icon ?? CHAT_FEATURES[0].icon })),
    };
  },
});

export type AiHelpCopy = ReturnType<typeof AI_HELP_DOC.defaults>;
