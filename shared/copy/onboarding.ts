import { ONBOARDING_PAGE, ONBOARDING_PROMISE } from "../content/onboarding";
import { ONBOARDING_PAGE_HI } from "../content/hi/onboarding";
import { group, text } from "./build";
import { defineCopyDoc } from "./fields";

/** The hours a kit is promised in, as the owner may set them (the order keeps the figure it was made with). */
export const PROMISE_HOURS_CHOICES = ["24", "48", "72", "96", "120", "168"].map((h) => ({ value: h, label: `${h} hours` }));

/**
 * The onboarding's copy the owner edits (issue 41, decision 0050): the promise's hours (each kit order stores the
 * figure it was made with, so a later change never moves an order's clock) and the kit page's words a business
 * most often tailors (the rest of the page's words are shared/content/onboarding.ts).
 */
export const ONBOARDING_DOC = defineCopyDoc({
  id: "onboarding",
  title: "Kit onboarding",
  path: "/templates",
  sections: {
    promise: group("The promise", { hours: { kind: "choice", label: "Kit ready within", options: PROMISE_HOURS_CHOICES } }),
    page: group("The customer's kit page", {
      notListed: text("Choice for a business not listed", 80),
      notListedNote: text("What the page says when the business is not listed", 240, true),
      waitingHeading: text("Heading while the brief waits for the e-mail address to be verified", 120),
    }),
  },
  defaults: (locale) => {
    const page = locale === "hi" ? ONBOARDING_PAGE_HI : ONBOARDING_PAGE;
    return {
      promise: { hours: ONBOARDING_PROMISE.hours },
      page: { notListed: page.notListed, notListedNote: page.notListedNote, waitingHeading: page.waitingHeading },
    };
  },
});

/** The promised hours a copy value gives (the shipped figure when it is not a whole number of hours). */
export function promisedHoursOf(value: string): number {
  const hours = Number(value);
  return Number.isInteger(hours) && hours > 0 && hours <= 24 * 30 ? hours : Number(ONBOARDING_PROMISE.hours);
}
