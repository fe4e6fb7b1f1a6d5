import { z } from "../zod";
import { AUTH_RULES, AUTH_VALIDATION as V, PROVIDERS } from "../content/auth";
import { INDUSTRIES, JOB_ROLES } from "../content/site";
import { LocaleFieldSchema } from "./locale";

/**
 * One schema per payload, shared by the forms (client-side checks, the
 * actions) and the API. Browser-safe: no server imports.
 */

export const EmailSchema = z
  .string({ error: V.emailRequired })
  .trim()
  .min(1, V.emailRequired)
  .max(AUTH_RULES.emailMaxLength, V.emailTooLong)
  .pipe(z.email({ error: V.emailInvalid }));

/** A new password: the length rules apply. */
export const NewPasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, V.passwordRequired)
  .min(AUTH_RULES.passwordMinLength, V.passwordTooShort)
  .max(AUTH_RULES.passwordMaxLength, V.passwordTooLong);

/** A password typed to sign in: only presence and the upper bound (never reveal the rules of an account). */
export const CurrentPasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, V.passwordRequired)
  .max(AUTH_RULES.passwordMaxLength, V.passwordTooLong);

export const IndustrySchema = z.enum(INDUSTRIES, { error: V.industryInvalid });

/**
 * Control characters (the C0 and C1 codes: NUL, escapes…) have no place in a name, and
 * PostgreSQL cannot store NUL at all: refused with a field message on every database alike.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const noControlCharacters = (v: string) => !CONTROL_CHARACTERS.test(v);
/**
 * Names and companies are one line: they are quoted into e-mails and pages, where a line break (CR, LF, tab, or
 * Unicode's line and paragraph separators) would let the text pose as the site's own words.
 */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
const oneLine = (v: string) => !LINE_BREAKS.test(v);

/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they reorder the
 * text around them, so "Ann<U+202E>nimda" reads as "Annadmin" in a staff list, an audit line or an e-mail.
 */
const DIRECTION_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/;
const noDirectionOverrides = (v: string) => !DIRECTION_OVERRIDES.test(v);

/** A one-line text field: trimmed, required, bounded, no line breaks, control characters or direction overrides. */
function lineSchema(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(oneLine, { error: V.oneLine })
    .refine(noControlCharacters, { error: V.badCharacters })
    .refine(noDirectionOverrides, { error: V.directionMarks });
}

/**
 * A person's name, wherever one is set (sign-up, profile, a staff invitation's acceptance): the one rule for all of
 * them, so no door can take a name another refuses.
 */
export const PersonNameSchema = lineSchema(V.nameRequired, AUTH_RULES.nameMaxLength, V.nameTooLong);
const NameSchema = PersonNameSchema;

/**
 * A name a third party supplies (a sign-in provider's profile): not refused, since the person cannot correct it
 * there, but made to fit the same rule: line breaks become spaces, control characters and direction overrides go.
 */
export function cleanPersonName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.replace(/[\t\n\r\u2028\u2029]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
  return cleaned.replace(/\s+/g, " ").trim().slice(0, AUTH_RULES.nameMaxLength);
}
const CompanySchema = lineSchema(V.companyRequired, AUTH_RULES.companyMaxLength, V.companyTooLong);

/**
 * POST /api/auth/register. `role` may be sent (the spec's payload has it) but is always 'user'; `locale` (optional)
 * is the account's language, its verification e-mail's too.
 */
export const RegisterSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  company: CompanySchema,
  industry: IndustrySchema,
  role: z.unknown().optional(),
  locale: LocaleFieldSchema,
});
export type RegisterInput = z.output<typeof RegisterSchema>;

/** POST /api/auth/login. */
export const LoginSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });

/** PUT /api/auth/profile: only these three; anything else (role, email, id…) is refused. */
export const ProfileUpdateSchema = z
  .strictObject(
    { name: NameSchema.optional(), company: CompanySchema.optional(), industry: IndustrySchema.optional() },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Only name, company and industry can be changed; not: ${issue.keys.join(", ")}.`
          : undefined,
    },
  )
  .refine((v) => v.name !== undefined || v.company !== undefined || v.industry !== undefined, {
    message: "Send at least one of name, company or industry.",
  });
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

/** POST /api/auth/reset-password; `locale` (optional): the reset e-mail's language and its link's page. */
export const ResetRequestSchema = z.object({ email: EmailSchema, locale: LocaleFieldSchema });

/** POST /api/auth/password, the signed-in page's and the studio's form: the current password, then the new one. */
export const ChangePasswordSchema = z.object({ currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema });
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

const TokenSchema = z.string({ error: V.tokenRequired }).trim().min(1, V.tokenRequired).max(200, V.tokenRequired);

export const ResetConfirmSchema = z.object({ token: TokenSchema, password: NewPasswordSchema });

export const VerifyEmailSchema = z.object({ token: TokenSchema });

/** POST /api/auth/social: a provider-issued ID token, never a bare e-mail and name. */
export const SocialSchema = z.object({
  provider: z.enum(Object.keys(PROVIDERS) as [keyof typeof PROVIDERS, ...(keyof typeof PROVIDERS)[]], {
    error: "provider must be google or microsoft",
  }),
  idToken: z
    .string({ error: "idToken is required: send the ID token the provider issued." })
    .min(20, "idToken is required: send the ID token the provider issued.")
    .max(8000, "idToken is too long."),
  nonce: z
    .string({ error: "nonce is required: ask POST /api/auth/social/nonce for one and have the provider put it in the ID token." })
    .min(1, "nonce is required: ask POST /api/auth/social/nonce for one and have the provider put it in the ID token.")
    .max(200, "nonce is too long."),
});

/** POST /api/auth/social/nonce. */
export const SocialNonceSchema = z.object({ provider: SocialSchema.shape.provider });

/** The sign-in form (the industry is asked for but, as in the spec, not sent to the API). */
export const SignInFormSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  industry: z.string({ error: V.industryRequired }).min(1, V.industryRequired).pipe(IndustrySchema),
});

export const SignUpStep1Schema = z.object({
  firstName: lineSchema(V.firstNameRequired, AUTH_RULES.nameMaxLength, V.nameTooLong),
  lastName: lineSchema(V.lastNameRequired, AUTH_RULES.nameMaxLength, V.nameTooLong),
  email: EmailSchema,
  password: NewPasswordSchema,
});

export const SignUpStep2Schema = z.object({
  company: CompanySchema,
  role: z.string({ error: V.roleRequired }).min(1, V.roleRequired).pipe(z.enum(JOB_ROLES, { error: V.roleRequired })),
  industry: z.string({ error: V.industryRequired }).min(1, V.industryRequired).pipe(IndustrySchema),
  terms: z.literal("on", { error: V.termsRequired }),
});

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** A same-site path to go to after signing in; anything else (other sites, //host, odd schemes) becomes /templates. */
export function safeRedirect(target: unknown, fallback = "/templates"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 500) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters and backslashes: browsers may read "/\\evil" as another host.
  if ([...target].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\")) return fallback;
  try {
    const url = new URL(target, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    // What is returned is checked, not only what came in: resolving "/..//evil.example" or "/%2e%2e//x" yields "//…",
    // which a browser reads as another host.
    const result = `${url.pathname}${url.search}${url.hash}`;
    return isSameSitePath(result) ? result : fallback;
  } catch {
    return fallback;
  }
}

/** A path on this site: one leading slash, then no second slash or backslash (no "//host", no "/\\host"), no control characters. */
function isSameSitePath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && ![...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\");
}
