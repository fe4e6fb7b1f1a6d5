import { z } from "../zod";
import { AUDIENCE_PAGES, LEAD_STATUSES, SUBSCRIBER_STATUSES } from "../content/audience";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, LEAD_STAGES } from "../content/audience-tools";

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
  label: z.preprocess(emptyToUndefined, z.string().trim().max(AUDIENCE_LIMITS.labelLength, AUDIENCE_TOOLS_MESSAGES.labelInvalid).optional()),
  before,
});

export const LeadQuerySchema = z.object({
  search,
  status: z.preprocess(emptyToUndefined, z.enum(LEAD_STATUSES, { error: "Choose a status from the list." }).optional()),
  stage: z.preprocess(emptyToUndefined, z.enum(LEAD_STAGES, { error: AUDIENCE_TOOLS_MESSAGES.stageInvalid }).optional()),
  from: day,
  to: day,
  before,
});

export const AccountQuerySchema = z.object({ search, before });

const labelList = z
  .array(z.string().max(AUDIENCE_LIMITS.labelLength, AUDIENCE_TOOLS_MESSAGES.labelInvalid), { error: AUDIENCE_TOOLS_MESSAGES.labelInvalid })
  .max(AUDIENCE_LIMITS.labelsPerNewsletter, AUDIENCE_TOOLS_MESSAGES.tooManyNewsletterLabels);

export const NewsletterSendSchema = z.object({
  post: z.coerce.number({ error: "Choose a post." }).int("Choose a post.").positive("Choose a post."),
  confirm: z.coerce.number({ error: "Confirm the number of subscribers." }).int().min(0).max(10_000_000),
  /** Only subscribers with any of these labels; absent or empty: everyone. */
  labels: labelList.optional(),
  /** A date and time in the site's time zone ("2026-12-01T09:00"); absent: now. */
  at: z.preprocess(emptyToUndefined, z.string({ error: AUDIENCE_TOOLS_MESSAGES.scheduleInvalid }).max(40, AUDIENCE_TOOLS_MESSAGES.scheduleInvalid).optional()),
});

/**
 * What the newsletter's send form can judge before it is sent, in the browser and by the page's action: the box
 * confirming the send is ticked, and a send "later" has its date and time. The number confirmed (against who would
 * get it now), the time's being in the future and the code a send may want only the server judges.
 */
export const NewsletterSendFormSchema = z.object({ when: z.unknown().optional(), at: z.unknown().optional(), confirmed: z.unknown().optional() }).superRefine((form, ctx) => {
  if (form.confirmed !== "yes") ctx.addIssue({ code: "custom", path: ["confirmed"], message: AUDIENCE_PAGES.newNewsletter.confirmRequired });
  const at = typeof form.at === "string" ? form.at.trim() : "";
  if (form.when === "later" && (!at || at.length > 40)) ctx.addIssue({ code: "custom", path: ["at"], message: AUDIENCE_TOOLS_MESSAGES.scheduleInvalid });
});

export const AddSubscriberSchema = z.object({
  email: z.string({ error: AUDIENCE_TOOLS_MESSAGES.emailInvalid }).trim().min(1, AUDIENCE_TOOLS_MESSAGES.emailInvalid).max(254, AUDIENCE_TOOLS_MESSAGES.emailInvalid),
  name: z.string().max(AUDIENCE_LIMITS.nameLength, AUDIENCE_TOOLS_MESSAGES.nameTooLong).optional(),
  labels: z.string().max(500, AUDIENCE_TOOLS_MESSAGES.tooManyLabels).optional(),
  consent: z.string().max(AUDIENCE_LIMITS.consentLength, AUDIENCE_TOOLS_MESSAGES.consentTooLong).nullable().optional(),
});

export const ImportSubscribersSchema = z.object({
  csv: z.string({ error: AUDIENCE_TOOLS_MESSAGES.fileRequired }).max(AUDIENCE_LIMITS.importBytes, AUDIENCE_TOOLS_MESSAGES.fileTooLarge),
  labels: z.string().max(500, AUDIENCE_TOOLS_MESSAGES.tooManyLabels).optional(),
  consent: z.string().max(AUDIENCE_LIMITS.consentLength, AUDIENCE_TOOLS_MESSAGES.consentTooLong).nullable().optional(),
});

export const SubscriberLabelsSchema = z.object({ labels: z.array(z.string().max(AUDIENCE_LIMITS.labelLength, AUDIENCE_TOOLS_MESSAGES.labelInvalid)).max(AUDIENCE_LIMITS.labelsPerSubscriber, AUDIENCE_TOOLS_MESSAGES.tooManyLabels) });

export const LeadStageSchema = z.object({
  stage: z.enum(LEAD_STAGES, { error: AUDIENCE_TOOLS_MESSAGES.stageInvalid }),
  note: z.string().max(AUDIENCE_LIMITS.leadNoteLength, AUDIENCE_TOOLS_MESSAGES.noteTooLong).optional(),
});

export const PostRefSchema = z.object({ post: z.coerce.number({ error: "Choose a post." }).int("Choose a post.").positive("Choose a post.") });

/** A day's bounds in epoch ms: from its start (UTC), to the start of the next day. */
export function dayRange(from?: string, to?: string): { from?: number; to?: number } {
  return {
    from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
    to: to ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : undefined,
  };
}
