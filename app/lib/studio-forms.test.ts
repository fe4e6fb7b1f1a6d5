import { describe, expect, it } from "vitest";
import { checkForm } from "./schema-form";
import { categoryName } from "../../server/services/content/categories";
import { parseLabels } from "../../server/services/newsletter/labels";
import { AUDIENCE_PAGES } from "../../shared/content/audience";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { CATEGORY_MESSAGES, CATEGORY_RULES } from "../../shared/content/blog-categories";
import { STAFF_PAGE } from "../../shared/content/studio-access";
import { NewsletterSendFormSchema } from "../../shared/schemas/audience";
import { CategoryAddSchema, CategoryEditSchema } from "../../shared/schemas/studio-categories";
import { checkSettings, SettingsFormSchema } from "../../shared/schemas/studio-settings-form";
import { StaffInviteSchema, StaffRoleSchema } from "../../shared/schemas/studio-staff";
import { SubscriberLabelsFormSchema } from "../../shared/schemas/subscriber-labels";

/** What a service refuses `raw` with (its message), or null when it accepts it. */
function refusal(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the studio's forms are checked by the same rules, in the same words, as their services", () => {
  it("a category's names: the add and rename forms refuse what the categories service refuses, with its message", () => {
    const long = "x".repeat(CATEGORY_RULES.nameMax + 1);
    for (const name of ["", "   ", "All", " all ", long, "Bad\u0000name", "Bidi\u202Ename"]) {
      const said = refusal(() => categoryName(name));
      expect(said, JSON.stringify(name)).not.toBeNull();
      expect(checkForm(CategoryAddSchema, { name, hi: "" }).errors, JSON.stringify(name)).toEqual({ name: said });
      expect(checkForm(CategoryEditSchema, { newName: name, hi: "" }).errors).toEqual({ newName: said });
    }
    expect(checkForm(CategoryAddSchema, { name: "All", hi: "\u0007" }).errors).toEqual({ name: CATEGORY_MESSAGES.nameReserved, hi: CATEGORY_MESSAGES.hindiInvalid });
    expect(checkForm(CategoryAddSchema, { name: "Yoga", hi: "य".repeat(CATEGORY_RULES.nameMax + 1) }).errors).toEqual({ hi: CATEGORY_MESSAGES.hindiTooLong });
    // Accepted as the service stores it: spaces folded, trimmed; no Hindi name is an empty one.
    expect(checkForm(CategoryAddSchema, { name: "  Yoga   Studios ", hi: undefined })).toEqual({ data: { name: "Yoga Studios", hi: "" }, errors: null });
    expect(categoryName("  Yoga   Studios ")).toBe("Yoga Studios");
    // A field the form did not send (formValues leaves it out) is an empty one, as the service reads it.
    expect(checkForm(CategoryAddSchema, { name: "Yoga" }).data).toEqual({ name: "Yoga", hi: "" });
  });

  it("a subscriber's labels: the form refuses a bad label and too many, as the labels service does", () => {
    const eleven = Array.from({ length: AUDIENCE_LIMITS.labelsPerSubscriber + 1 }, (_, i) => `label ${i}`).join(", ");
    for (const labels of ["pune, !clinic", "x".repeat(AUDIENCE_LIMITS.labelLength + 1), eleven]) {
      const said = refusal(() => parseLabels(labels));
      expect(said).not.toBeNull();
      expect(checkForm(SubscriberLabelsFormSchema, { labels }).errors).toEqual({ labels: said });
    }
    expect(refusal(() => parseLabels(eleven))).toBe(AUDIENCE_TOOLS_MESSAGES.tooManyLabels);
    expect(checkForm(SubscriberLabelsFormSchema, { labels: "Pune  Clinic; pune clinic, yoga" }).data).toEqual({ labels: parseLabels("Pune  Clinic; pune clinic, yoga") });
    expect(checkForm(SubscriberLabelsFormSchema, {}).data).toEqual({ labels: [] });
  });

  it("a staff invitation: an address and an access the page knows, in the page's words", () => {
    for (const email of ["", "not-an-address", "a b@example.com", "nul\u0000@example.com", `${"a".repeat(320)}@example.com`]) {
      expect(checkForm(StaffInviteSchema, { email, access: "editor" }).errors, JSON.stringify(email)).toEqual({ email: STAFF_PAGE.emailInvalid });
    }
    expect(checkForm(StaffInviteSchema, { email: "x", access: "admin" }).errors).toEqual({ email: STAFF_PAGE.emailInvalid, access: STAFF_PAGE.accessInvalid });
    expect(checkForm(StaffInviteSchema, { email: " new.editor@example.com ", access: "owner" }).data).toEqual({ email: "new.editor@example.com", access: "owner" });
    expect(checkForm(StaffRoleSchema, {}).errors).toEqual({ access: STAFF_PAGE.accessInvalid });
  });

  it("the settings: every bad field refused at once, with the words the settings service saves by", () => {
    const input = { email: "not an address", phone: "1", whatsappNumber: "+91 98765 43210", timeZone: "Mars/Olympus", address: "" };
    const { errors } = checkSettings(input);
    expect(Object.keys(errors).sort()).toEqual(["email", "phone", "timeZone"]);
    expect(checkForm(SettingsFormSchema, input).errors).toEqual(errors);
    const fine = checkForm(SettingsFormSchema, { phone: " +91 20 1234 5678 ", address: "", stepUpCode: "123456" });
    // An empty field clears the owner's value; a field not sent is left out; the code beside the form is not the schema's.
    expect(fine).toEqual({ data: { phone: "+91 20 1234 5678", address: null }, errors: null });
  });

  it("the newsletter's send: the box ticked and a later send's time, before anything else is judged", () => {
    expect(checkForm(NewsletterSendFormSchema, { when: "now", at: "" }).errors).toEqual({ confirmed: AUDIENCE_PAGES.newNewsletter.confirmRequired });
    expect(checkForm(NewsletterSendFormSchema, { when: "later", at: " ", confirmed: "yes" }).errors).toEqual({ at: AUDIENCE_TOOLS_MESSAGES.scheduleInvalid });
    expect(checkForm(NewsletterSendFormSchema, { when: "later", at: "", confirmed: "no" }).errors).toEqual({
      confirmed: AUDIENCE_PAGES.newNewsletter.confirmRequired,
      at: AUDIENCE_TOOLS_MESSAGES.scheduleInvalid,
    });
    expect(checkForm(NewsletterSendFormSchema, { when: "later", at: "2030-01-01T09:00", confirmed: "yes" }).errors).toBeNull();
  });
});
