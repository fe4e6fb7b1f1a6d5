import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { BEACON_EVENTS } from "../../shared/content/analytics";
import type { AppEnv } from "../context";
import { countable, hitOf } from "../http/page-views";
import { siteOrigin } from "../http/security";
import { isStudioPath } from "../http/studio-path";
import { dayOf, recordGoalHit, recordPageView, visitorId } from "../services/analytics/record";
import { hitRateLimit } from "../services/rate-limit";

/** A beacon is a few dozen bytes; anything near this is not one. */
export const MAX_EVENT_BYTES = 1024;
/** Beacons one visitor may send per minute (navigations and clicks); more answer 429. */
export const EVENTS_PER_VISITOR_PER_MINUTE = 60;

const EventBody = z.object({
  n: z.enum(BEACON_EVENTS),
  // The page: a path on this site (its query carries UTM parameters), never another origin.
  p: z.string().min(1).max(600).regex(/^\/(?!\/)/),
});

/**
 * POST /api/events: the page's beacon (navigator.sendBeacon) after hydration, for a navigation inside the app
 * (`pageview`) and for a click on a booking or WhatsApp link. Same-origin browsers only, known names only, a small
 * body, a bounded rate per visitor. A request that asks not to be counted (DNT, GPC, a bot) is answered 204 and
 * nothing is kept.
 */
export function createEventsRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    "/",
    bodyLimit({
      maxSize: MAX_EVENT_BYTES,
      onError: (c) => c.json({ success: false, message: `An event is at most ${MAX_EVENT_BYTES} bytes.` }, 413, { connection: "close" }),
    }),
    async (c) => {
      const deps = c.get("deps");
      // The cross-site guard refused foreign origins already; a beacon also always says where it comes from.
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const sameOrigin = fetchSite ? fetchSite === "same-origin" : origin !== undefined && (origin === siteOrigin(c, deps.config) || origin === new URL(deps.config.PUBLIC_URL).origin);
      if (!sameOrigin) return c.json({ success: false, message: "Events are accepted from this site's pages only." }, 403);
      const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "text/plain" && type !== "application/json") {
        return c.json({ success: false, message: "Send the event as JSON (text/plain or application/json)." }, 415);
      }
      let raw: unknown;
      try {
        raw = JSON.parse(await c.req.text());
      } catch {
        return c.json({ success: false, message: "The event is not valid JSON." }, 400);
      }
      const parsed = EventBody.safeParse(raw);
      if (!parsed.success) return c.json({ success: false, message: `Unknown or malformed event: n must be one of ${BEACON_EVENTS.join(", ")} and p a path.` }, 400);
      const { n, p } = parsed.data;
      if (!countable(c.req.raw.headers) || isStudioPath(p.split("?")[0]!) || /^\/api(\/|$|\?)/.test(p)) return c.body(null, 204);

      const hit = hitOf(c.req.raw, c.get("clientIp"), p);
      const visitor = await visitorId(deps, hit, dayOf(Date.now()));
      const limit = await hitRateLimit(deps.db, `events:${visitor}`, { limit: EVENTS_PER_VISITOR_PER_MINUTE, windowMs: 60_000 });
      if (!limit.allowed) {
        return c.json({ success: false, message: "Too many events. Please slow down.", retryAfter: limit.retryAfterSeconds }, 429, {
          "Retry-After": String(limit.retryAfterSeconds),
        });
      }
      // A navigation's referrer is this site: the visit keeps the source of the page it started on.
      if (n === "pageview") recordPageView(deps, { ...hit, referrer: undefined });
      else recordGoalHit(deps, n, { ...hit, referrer: undefined });
      return c.body(null, 204);
    },
  );
  return r;
}
