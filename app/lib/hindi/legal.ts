// The legal pages' Hindi (their documents come from the loader) (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export { LEGAL_GOVERNS_HI, LEGAL_UI_HI, PRIVACY_HI, REFUND_HI, TERMS_HI } from "@shared/content/hi/legal";
