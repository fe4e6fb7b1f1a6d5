// The onboarding's Hindi (decision 0036, issue 41): the customer's kit page, fetched on Hindi pages only.
export { BRIEF_RULE_MESSAGES_HI, KIT_EXAMPLES_HI, ONBOARDING_PAGE_HI } from "@shared/content/hi/onboarding";
