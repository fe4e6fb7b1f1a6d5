import { describe, expect, it } from "vitest";
import {
  CHAT_GREETING_REPLY,
  CHAT_INDUSTRY_REPLIES,
  CHAT_MENU,
  CHAT_REPLIES,
  CHAT_SUGGESTIONS,
  CHAT_TOPICS,
  CHAT_WELCOME,
} from "../../../shared/content/chat";
import { INDUSTRIES } from "../../../shared/content/site";
import { isGreeting, keywordPattern, localIntent, localReply, matchRule } from "./engine";

const topic = (message: string) => localReply(message).topic;

describe("local assistant keyword rules", () => {
  it.each([
    ["workflow", ["Tell me about workflow automation", "WORKFLOWS please", "Can I automate follow-ups?", "is it automatic?"]],
    ["ai", ["What AI features do you offer?", "ai", "How does the AI chatbot work?", "Is this artificial intelligence?", "AI-powered replies?"]],
    ["getting_started", ["How do I start?", "Where to begin", "I'm a beginner", "Help me book demo", "Can you show me a demo?"]],
    ["pricing", ["I want to know about pricing", "What's the price?", "How much does it cost", "Prices?", "COSTS"]],
    ["productivity", ["Will my team be more productive?", "productivity gains", "Is it efficient", "efficiency"]],
    ["integrations", ["I need help with integration", "Does it integrate with my CRM?", "Can I connect WhatsApp?", "connectors"]],
    ["support", ["I need support", "help!", "Is it helpful?", "SUPPORTING channels"]],
    ["templates", ["Show me your industry templates", "template list", "Which industries?"]],
  ] as const)("rule %s answers several phrasings", (id, phrasings) => {
    for (const phrase of phrasings) {
      expect(topic(phrase), phrase).toBe(id);
      expect(localReply(phrase).reply).toBe(CHAT_REPLIES[id]);
    }
  });

  it("applies the rules in the spec's order when two match", () => {
    expect(topic("How can AI help my workflow?")).toBe("workflow");
    expect(topic("What does the AI cost?")).toBe("ai");
    expect(topic("How do I start, and what is the price?")).toBe("getting_started");
    expect(topic("Does pricing include integrations?")).toBe("pricing");
    expect(topic("Efficient integration")).toBe("productivity");
    expect(topic("I need help with integration")).toBe("integrations");
    expect(topic("Support for industry templates")).toBe("support");
  });

  it("matches words, not letters inside other words", () => {
    expect(topic("He said we should maintain our site")).toBe("menu");
    expect(topic("A brain and a chair")).toBe("menu");
    expect(topic("restart")).not.toBe("getting_started");
    expect(topic("the helpdesk")).toBe("support"); // "help*" is a stem: a word that starts with it
    expect(topic("unhelpful")).toBe("menu");
    expect(topic("disconnected")).toBe("menu");
    expect(topic("AI.")).toBe("ai");
    expect(topic("(ai)")).toBe("ai");
  });

  it("is case-insensitive", () => {
    expect(matchRule("PRICING")?.id).toBe("pricing");
    expect(matchRule("Automation")?.id).toBe("workflow");
    expect(keywordPattern("good morning").test("GOOD   Morning!")).toBe(true);
  });

  it("gives anything else the welcome menu", () => {
    expect(localReply("What's the weather like?")).toMatchObject({ reply: CHAT_MENU, topic: "menu", intent: "general_inquiry" });
    expect(localReply("🦜").reply).toBe(CHAT_MENU);
  });
});

describe("greetings", () => {
  it.each(["hi", "Hello!", "hey there", "Good morning", "good afternoon team", "GOOD EVENING"])("%s gets the welcome", (g) => {
    expect(isGreeting(g)).toBe(true);
    expect(localReply(g)).toMatchObject({ reply: CHAT_GREETING_REPLY, topic: "greeting" });
  });

  it("does not see greetings inside other words", () => {
    for (const text of ["this", "which", "they", "Othello", "good food"]) expect(isGreeting(text), text).toBe(false);
  });

  it("lets a keyword rule win over a greeting", () => {
    expect(topic("Hi, what does it cost?")).toBe("pricing");
  });

  it("welcomes with the demo booking claim", () => {
    expect(CHAT_WELCOME).toContain("under 5 minutes");
  });
});

describe("industry fallbacks", () => {
  it.each(INDUSTRIES)("%s has its own reply when the visitor's industry is known", (industry) => {
    const reply = localReply("Tell me more", industry);
    expect(reply).toMatchObject({ topic: "industry", industry, reply: CHAT_INDUSTRY_REPLIES[industry] });
  });

  it("gives every industry a different reply", () => {
    expect(new Set(Object.values(CHAT_INDUSTRY_REPLIES)).size).toBe(INDUSTRIES.length);
  });

  it.each([
    ["I run a clinic", "Healthcare"],
    ["We are a real estate agency", "Real Estate"],
    ["my online store", "E-commerce"],
    ["a coaching school", "Education"],
    ["our restaurant and cafe", "Restaurant"],
    ["a car dealership", "Automotive"],
    ["We run a daycare", "Childcare"],
  ] as const)("%s names %s", (message, industry) => {
    expect(localReply(message)).toMatchObject({ topic: "industry", industry });
  });

  it("prefers a keyword rule, then a named industry, then a greeting, then the given industry", () => {
    expect(localReply("Pricing for my clinic?", "Restaurant").topic).toBe("pricing");
    expect(localReply("Hello, I run a clinic", "Restaurant").industry).toBe("Healthcare");
    expect(localReply("Hello", "Restaurant").topic).toBe("greeting");
    expect(localReply("Tell me more", "Restaurant").industry).toBe("Restaurant");
  });
});

describe("replies carry the site's claims", () => {
  it("states the spec's numbers", () => {
    expect(CHAT_REPLIES.workflow).toContain("15 hours a week");
    expect(CHAT_REPLIES.workflow).toContain("80%");
    expect(CHAT_REPLIES.templates).toContain("50+ templates");
    expect(CHAT_REPLIES.integrations).toContain("100+ integrations");
    expect(CHAT_REPLIES.pricing).toMatch(/Free\*\*: \$0, up to 3 workflows and 5GB storage/);
    expect(CHAT_REPLIES.pricing).toContain("**Professional**: $29 a month, unlimited workflows and 100GB storage");
    expect(CHAT_REPLIES.pricing).toContain("**Enterprise**: custom pricing");
    expect(CHAT_REPLIES.support).toContain("WhatsApp chat, 24/7");
    expect(CHAT_REPLIES.support).toContain("within 2 hours");
    expect(CHAT_REPLIES.support).toContain("under 30 minutes");
  });

  it("answers every topic card and suggestion with a topic, not the menu", () => {
    expect(CHAT_TOPICS.find((t) => t.title === "Getting Started")?.query).toBe("Help me book demo");
    expect(CHAT_TOPICS.map((t) => topic(t.query))).toEqual(["workflow", "ai", "templates", "getting_started"]);
    expect(CHAT_SUGGESTIONS.map(topic)).toEqual(["pricing", "getting_started", "ai", "integrations"]);
  });
});

describe("local intent analysis", () => {
  it("names the rule, the industries and plans, the mood and the urgency", () => {
    expect(localIntent("Urgent: the Professional plan price for my clinic?")).toEqual({
      intent: "pricing_inquiry",
      entities: ["Healthcare", "Professional"],
      sentiment: "neutral",
      urgency: "high",
    });
    expect(localIntent("Thanks, this is great")).toMatchObject({ sentiment: "positive", urgency: "medium" });
    expect(localIntent("I have a problem, no rush")).toMatchObject({ sentiment: "negative", urgency: "low" });
    expect(localIntent("blah")).toEqual({ intent: "general_inquiry", entities: [], sentiment: "neutral", urgency: "medium" });
  });
});
