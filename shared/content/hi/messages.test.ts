import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, AUTH_VALIDATION } from "../auth";
import { LEAD_FIELDS } from "../contact";
import { FOOTER_NEWSLETTER_MESSAGES } from "../site";
import { NEWSLETTER } from "../blog";
import { validateLead } from "../../schemas/lead";
import { SignInFormSchema, SignUpStep1Schema, SignUpStep2Schema, fieldErrors } from "../../schemas/auth";
import * as auth from "./auth";
import * as audience from "./audience";
import * as contact from "./contact";
import * as headerAccount from "./header-account";
import * as newsletter from "./newsletter";
import { hindiMessage } from "./messages";

/** The Latin-script words a /hi page may show (issue 33's allow-list); addresses and URLs are taken out first. */
const ALLOWED = new Set(["Wise", "Parrot", "Core", "WhatsApp", "Google", "Microsoft", "Instagram", "Facebook", "LinkedIn", "YouTube", "CRM", "AI", "FAQ",
  // Acronyms in Latin script (docs/hindi-style.md).
  "API", "SOP", "GB", "BHK", "EMI", "IP", "UTM", "DNT", "GPC", "COPPA", "CEO"]);

function latinWords(text: string): string[] {
  const bare = text.replace(/https?:\/\/\S+/g, " ").replace(/\S+@\S+\.\S+/g, " ");
  return (bare.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).filter((w) => !ALLOWED.has(w));
}

/** Every text of a module's exports, functions called with sample arguments. */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (!value.startsWith("/")) out.push(value); // a site path (a channel's page) is an address, not a word
  }
  else if (typeof value === "function") texts((value as (...a: unknown[]) => unknown)("7", 3), out);
  else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) if (!["kind", "url", "id", "submittedParam"].includes(k)) texts(v, out);
  return out;
}

describe("Hindi form messages", () => {
  it("every field and account message has its Hindi, in Devanagari", () => {
    const english = [...Object.values(AUTH_VALIDATION), ...(Object.values(AUTH_MESSAGES) as unknown[]).filter((m): m is string => typeof m === "string")];
    for (const message of english) {
      const hindi = hindiMessage(message);
      expect(hindi, message).not.toBe(message);
      expect(hindi, message).toMatch(/[\u0900-\u097f]/);
    }
  });

  it("the contact form's messages for each field, as the checks give them, have their Hindi", () => {
    const empty = validateLead({});
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    for (const field of LEAD_FIELDS) expect(hindiMessage(empty.errors[field.name] ?? "")).toMatch(/^[\u0900-\u097f].* ख़ाली नहीं छोड़ा जा सकता।$/);
    const badEmail = validateLead({ firstName: "A", lastName: "B", email: "nope", phone: "1", message: "x".repeat(5001) });
    if (badEmail.ok) throw new Error("should fail");
    expect(hindiMessage(badEmail.errors.email ?? "")).toBe("कृपया सही ईमेल पता लिखें।");
    expect(hindiMessage(badEmail.errors.message ?? "")).toBe("संदेश ज़्यादा से ज़्यादा 5000 अक्षरों का हो सकता है।");
  });

  it("the sign-in and sign-up schemas' messages have their Hindi", () => {
    const results = [SignInFormSchema.safeParse({}), SignUpStep1Schema.safeParse({ email: "x", password: "short" }), SignUpStep2Schema.safeParse({})];
    for (const r of results) {
      expect(r.success).toBe(false);
      if (r.success) continue;
      for (const message of Object.values(fieldErrors(r.error))) expect(hindiMessage(message ?? ""), message).toMatch(/[\u0900-\u097f]/);
    }
  });

  it("headlines with a reason, waits in seconds and the newsletter's answers are translated; unknown text passes through", () => {
    expect(hindiMessage(AUTH_MESSAGES.loginFailed("Unauthorized"))).toBe("साइन इन नहीं हो सका");
    expect(hindiMessage(`${AUTH_MESSAGES.tooManyAttempts} (42 s)`)).toBe(`${auth.AUTH_MESSAGES_HI.tooManyAttempts} (42 सेकंड)`);
    expect(hindiMessage(NEWSLETTER.subscribed)).toBe(newsletter.NEWSLETTER_HI.subscribed);
    expect(hindiMessage(FOOTER_NEWSLETTER_MESSAGES.invalid.title)).toBe("ईमेल सही नहीं है");
    expect(hindiMessage("Something new the table does not know")).toBe("Something new the table does not know");
  });

  it("the account headlines say what happened in words, never an HTTP reason phrase (issue 44)", () => {
    // English keeps the spec's 'Login failed: {status text}'.
    expect(AUTH_MESSAGES.loginFailed("Unauthorized")).toBe("Login failed: Unauthorized");
    for (const status of ["Bad Request", "Unauthorized", "Forbidden", "Not Found", "Conflict", "Too Many Requests", "Service Unavailable", "Internal Server Error", "I'm a teapot"]) {
      expect(hindiMessage(AUTH_MESSAGES.registrationFailed(status)), status).toBe("अकाउंट नहीं बन सका");
      expect(hindiMessage(AUTH_MESSAGES.loginFailed(status)), status).toBe("साइन इन नहीं हो सका");
      expect(hindiMessage(AUTH_MESSAGES.socialFailed(status)), status).toBe("सोशल साइन इन नहीं हो सका");
    }
    for (const word of ["टकराव", "अनधिकृत", "अनुरोध", ":"]) {
      expect(auth.AUTH_MESSAGES_HI.registrationFailed("Conflict")).not.toContain(word);
      expect(auth.AUTH_MESSAGES_HI.loginFailed("Unauthorized")).not.toContain(word);
    }
  });

  it("no Hindi text of the forms carries a Latin-script word outside the allow-list", () => {
    const all = [auth, audience, contact, headerAccount, newsletter].flatMap((m) => texts(m));
    expect(all.length).toBeGreaterThan(200);
    const stray = all.flatMap((t) => latinWords(t).map((w) => `${w} in "${t}"`));
    expect(stray).toEqual([]);
  });
});
