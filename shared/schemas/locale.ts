import { LOCALES } from "../i18n";
import { z } from "../zod";

/** The answer to a `locale` that is not one of the site's languages (API only: the pages send their own). */
export const LOCALE_INVALID = `locale must be one of: ${LOCALES.join(", ")}.`;

/**
 * An API call's optional `locale`: the language of the e-mails it sends (and of what it keeps, e.g. a subscriber's),
 * for callers that are not the site's own pages, whose form handlers take it from the page's address. "en" when absent.
 */
export const LocaleFieldSchema = z.enum(LOCALES, { error: LOCALE_INVALID }).optional();
