import { Hono } from "hono";
import { CONTACT_FORM } from "../../shared/content/contact";
import type { AppEnv } from "../context";
import { readJsonBody } from "../http/errors";
import { invalid } from "../services/errors";
import { submitLead } from "../services/leads/intake";
import { recordGoal } from "../http/page-views";
import { isLocale } from "../../shared/i18n";
import { LOCALE_INVALID } from "../../shared/schemas/locale";

/**
 * POST /api/leads: the Contact form's JSON door. The answer is the same for a
 * real lead and for a filled honeypot, so a bot learns nothing.
 */
export function createLeadsRouter(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.post("/", async (c) => {
    const body = await readJsonBody(c);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw invalid("The request body must be a JSON object.");
    }
    // The language of the page the form is on (issue 33): kept with the lead; English when absent.
    const { locale } = body as { locale?: unknown };
    if (locale !== undefined && !isLocale(locale)) throw invalid(LOCALE_INVALID, "locale");
    if (!(await submitLead(c.get("deps"), body, { clientIp: c.get("clientIp"), locale })).spam) recordGoal(c.get("deps"), "lead", c.req.raw, c.get("clientIp"));
    return c.json({ success: true, title: CONTACT_FORM.successTitle, message: CONTACT_FORM.successMessage }, 201);
  });
  return router;
}
