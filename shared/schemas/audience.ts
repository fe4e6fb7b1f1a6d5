import { z } from "../zod";
import { LEAD_STATUSES, SUBSCRIBER_STATUSES } from "../content/audience";

// The studio's audience lists: query strings of the API and of the pages, read the same way by both.

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const search = z.preprocess(emptyToUndefined, z.string().trim().max(200, "The search is too long.").optional());
const before = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional());
/** A day (YYYY-MM-DD, UTC), as a date input sends it. */
const day = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-24.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Use a date like 2026-11-24.")
    .optional(),
);

export const SubscriberQuerySchema = z.object({
  search,
  status: z.preprocess(emptyToUndefined, z.enum(SUBSCRIBER_STATUSES, { error: "Choose a status from the list." }).optional()),
  before,
});

export const LeadQuerySchema = z.object({
  search,
  status: z.preprocess(emptyToUndefined, z.enum(LEAD_STATUSES, { error: "Choose a status from the list." }).optional()),
  from: day,
  to: day,
  before,
});

export const AccountQuerySchema = z.object({ search, before });

export const NewsletterSendSchema = z.object({
  post: z.coerce.number({ error: "Choose a post." }).int("Choose a post.").positive("Choose a post."),
  confirm: z.coerce.number({ error: "Confirm the number of subscribers." }).int().min(0).max(10_000_000),
});

export const PostRefSchema = z.object({ post: z.coerce.number({ error: "Choose a post." }).int("Choose a post.").positive("Choose a post.") });

/** A day's bounds in epoch ms: from its start (UTC), to the start of the next day. */
export function dayRange(from?: string, to?: string): { from?: number; to?: number } {
  return {
    from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
    to: to ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : undefined,
  };
}
