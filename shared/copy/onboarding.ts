import { ONBOARDING_PROMISE } from "../content/onboarding";
import { group } from "./build";
import { defineCopyDoc } from "./fields";

/** The hours a kit is promised in, as the owner may set them (the order keeps the figure it was made with). */
export const PROMISE_HOURS_CHOICES = ["24", "48", "72", "96", "120", "168"].map((h) => ({ value: h, label: `${h} hours` }));

/**
 * The onboarding's copy the owner edits (issue 41, decision 0050): the promise's hours. Each kit order stores the
 * figure it was made with, so a later change never moves an order's clock.
 */
export const ONBOARDING_DOC = defineCopyDoc({
  id: "onboarding",
  title: "Kit onboarding",
  path: "/templates",
  sections: {
    promise: group("The promise", { hours: { kind: "choice", label: "Kit ready within", options: PROMISE_HOURS_CHOICES } }),
  },
  defaults: () => ({ promise: { hours: ONBOARDING_PROMISE.hours } }),
});

/** The promised hours a copy value gives (the shipped figure when it is not a whole number of hours). */
export function promisedHoursOf(value: string): number {
  const hours = Number(value);
  return Number.isInteger(hours) && hours > 0 && hours <= 24 * 30 ? hours : Number(ONBOARDING_PROMISE.hours);
}
