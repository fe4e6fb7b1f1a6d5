import { z } from "../zod";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES } from "../content/audience-tools";

/**
 * Subscribers' labels as the newsletter's labels service reads them (server/services/newsletter/labels.ts), here so
 * that the studio's labels form checks them in the browser by the same rules and in the same words. A label is
 * stored lower case, its spaces folded: "Pune Clinic" and "pune  clinic" are one label.
 */

const LABEL_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u;

/** The stored form of a label, or null when it is not one. */
export function normaliseLabel(raw: string): string | null {
  const label = raw.trim().replace(/\s+/g, " ").toLowerCase();
  if (!label || [...label].length > AUDIENCE_LIMITS.labelLength || !LABEL_SHAPE.test(label)) return null;
  return label;
}

/** Labels typed as a list ("a, b; c"), without repeats, or the message refusing them (a bad label, too many). */
export function readLabels(raw: string | readonly unknown[], max: number = AUDIENCE_LIMITS.labelsPerSubscriber): { labels: string[]; problem: null } | { labels: null; problem: string } {
  const parts = typeof raw === "string" ? raw.split(/[,;|]/) : raw;
  const out = new Set<string>();
  for (const part of parts) {
    if (typeof part !== "string") return { labels: null, problem: AUDIENCE_TOOLS_MESSAGES.labelInvalid };
    if (!part.trim()) continue;
    const label = normaliseLabel(part);
    if (!label) return { labels: null, problem: AUDIENCE_TOOLS_MESSAGES.labelInvalid };
    out.add(label);
  }
  if (out.size > max) return { labels: null, problem: max === AUDIENCE_LIMITS.labelsPerSubscriber ? AUDIENCE_TOOLS_MESSAGES.tooManyLabels : AUDIENCE_TOOLS_MESSAGES.tooManyNewsletterLabels };
  return { labels: [...out], problem: null };
}

/** The Subscribers page's labels form (one subscriber's, typed as a list); the subscriber is a hidden `id`. */
export const SubscriberLabelsFormSchema = z.object({
  labels: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const read = readLabels(raw ?? "");
      if (read.problem === null) return read.labels;
      ctx.addIssue({ code: "custom", message: read.problem });
      return z.NEVER;
    }),
});
