/** Generated posts for bench:chat, sharing the words visitors ask about so that searches match many of them. */
import type { BlogInput } from "../server/services/blog/types";

const SUBJECTS = ["WhatsApp follow-ups", "clinic reminders", "site visits", "lead labels", "price lists", "festival offers", "gym memberships", "salon bookings", "coaching admissions", "car service slots"];
const VERBS = ["answer", "book", "remind", "qualify", "label", "nurture", "follow up with", "thank", "welcome", "invite"];
const OBJECTS = ["customers", "patients", "buyers", "students", "guests", "parents", "members", "leads", "clients", "visitors"];
const EXTRAS = ["within a minute", "before the weekend", "after every enquiry", "in their own language", "with a clear price range", "without being pushy", "at any hour", "on the day of the visit", "with one tap to reschedule", "during festival season"];

export function generatedPost(i: number): BlogInput {
  const pick = <T>(list: readonly T[], k: number) => list[(i * 7 + k * 13) % list.length]!;
  const subject = pick(SUBJECTS, 1);
  const sections = Array.from({ length: 4 }, (_, s) => ({
    title: `${pick(VERBS, s + 2)} ${pick(OBJECTS, s + 3)} ${pick(EXTRAS, s)}`.replace(/^./, (c) => c.toUpperCase()),
    content: Array.from(
      { length: 3 },
      (_, p) =>
        `Local businesses ${pick(VERBS, s + p)} ${pick(OBJECTS, s + p + 1)} ${pick(EXTRAS, s + p + 2)} using ${subject.toLowerCase()}. Note ${i}-${s}-${p}: owners who ${pick(VERBS, p + 5)} ${pick(OBJECTS, p + 7)} ${pick(EXTRAS, p + 4)} see more bookings.`,
    ),
  }));
  return {
    slug: `bench-post-${i}`,
    title: `${subject}: guide ${i}`,
    excerpt: `How local businesses ${pick(VERBS, 4)} ${pick(OBJECTS, 5)} ${pick(EXTRAS, 6)}.`,
    author: "Wise Parrot Team",
    date: "2025-01-01",
    readTime: "5 min read",
    category: "Growth Strategy",
    featured: false,
    tags: [subject, pick(OBJECTS, 9)],
    sections,
  };
}
