import { z } from "../zod";
// Relative imports: this module is shared with the server bundle and the scripts.
import {
  DEFAULT_LEAD_SOURCE,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  LEAD_MESSAGES,
  LEAD_SOURCES,
  type LeadFieldName,
} from "../content/contact";

/**
 * The Contact form's rules, shared by the page (checked before submit), the
 * page's action (the form posted without JavaScript) and POST /api/leads.
 */

/**
 * Spec section 5: an @ not in the first position, a dot after the @ with at
 * least one character between, and at least two characters after the last dot.
 */
export function isValidLeadEmail(email: string): boolean {
  const at = email.indexOf("@");
  const dot = email.lastIndexOf(".");
  return at > 0 && dot > at + 1 && email.length - dot - 1 >= 2;
}

function textField(label: string, max: number) {
  const empty = LEAD_MESSAGES.empty(label);
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? empty : LEAD_MESSAGES.notText(label)) })
    .trim()
    .min(1, { error: empty, abort: true })
    .max(max, { error: LEAD_MESSAGES.tooLong(label, max), abort: true })
    // NUL cannot be stored in PostgreSQL text nor sent in a form post: refuse it here, for every database alike.
    .refine((v) => !v.includes("\u0000"), { error: LEAD_MESSAGES.badCharacters(label), abort: true });
}

/** C0 and C1 control characters: CR, LF, NUL, tab and the rest. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

const field = Object.fromEntries(LEAD_FIELDS.map((f) => [f.name, f])) as {
  [K in LeadFieldName]: Extract<(typeof LEAD_FIELDS)[number], { name: K }>;
};

export const LeadFormSchema = z.object({
  firstName: textField(field.firstName.label, field.firstName.max),
  lastName: textField(field.lastName.label, field.lastName.max),
  email: textField(field.email.label, field.email.max)
    // A line break (or any control character) inside an address could add header lines where the address is
    // written into an e-mail or a CRM request: refuse it (S14 in docs/findings.md). Spaces around it are trimmed.
    .refine((v) => !CONTROL_CHARACTER.test(v), { error: LEAD_MESSAGES.badCharacters(field.email.label), abort: true })
    .refine(isValidLeadEmail, { error: LEAD_MESSAGES.invalidEmail }),
  phone: textField(field.phone.label, field.phone.max),
  message: textField(field.message.label, field.message.max),
  leadSource: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? DEFAULT_LEAD_SOURCE : v),
    z.enum(LEAD_SOURCES, { error: LEAD_MESSAGES.badLeadSource }),
  ),
  /** The honeypot: anything in it marks the submission as spam. */
  [HONEYPOT_FIELD]: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : v == null ? "" : String(v))),
});

export type LeadFormData = z.output<typeof LeadFormSchema>;
export type LeadFormField = LeadFieldName | "leadSource";

export type LeadFormErrors = Partial<Record<LeadFormField, string>>;

export type LeadValidation =
  | { ok: true; data: LeadFormData }
  | {
      ok: false;
      /** One message per bad field, shown next to it. */
      errors: LeadFormErrors;
      /** The field the spec's check would stop at first: it gets focus and is the API's `field`. */
      first: LeadFormField;
      message: string;
    };

const ORDER: LeadFormField[] = [...LEAD_FIELDS.map((f) => f.name), "leadSource"];

/**
 * Checks a submission. Every bad field gets its message; the first one is
 * chosen as the spec's check would: blank fields in form order first, and
 * only then the e-mail's format.
 */
export function validateLead(input: unknown): LeadValidation {
  const result = LeadFormSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data };
  const errors: LeadFormErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string" && ORDER.includes(name as LeadFormField) && !errors[name as LeadFormField]) {
      errors[name as LeadFormField] = issue.message;
    }
  }
  const bad = ORDER.filter((f) => errors[f]);
  const first =
    bad.find((f) => errors[f] !== LEAD_MESSAGES.invalidEmail) ?? bad[0] ?? "firstName";
  return { ok: false, errors, first, message: errors[first] ?? LEAD_MESSAGES.empty("First Name") };
}

/** The form's values from posted form data (the no-JavaScript path). */
export function leadFromFormData(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...ORDER, HONEYPOT_FIELD]) {
    const value = form.get(name);
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
