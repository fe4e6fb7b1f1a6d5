import { Hono } from "hono";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../services/analytics/dashboard";
import { securityEvent } from "../services/security-events";
import type { StudioEnv } from "./studio-guard";

/**
 * /api/studio/analytics (owner and editors, behind the studio's guards): the dashboard as JSON, and as CSV at
 * /api/studio/analytics.csv. Query: period=7d|30d|90d or from=YYYY-MM-DD&to=YYYY-MM-DD, and page=/path or source=domain.
 */
export function createStudioAnalyticsRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();
  r.get("/analytics", async (c) => {
    const deps = c.get("deps");
    const dashboard = await analyticsDashboard(deps, parseDashboardQuery(c.req.query()));
    return c.json({ success: true, dashboard });
  });
  r.get("/analytics.csv", async (c) => {
    const deps = c.get("deps");
    const query = parseDashboardQuery(c.req.query());
    const dashboard = await analyticsDashboard(deps, query);
    securityEvent(deps, "data.export", { action: "analytics.export", detail: `${dashboard.from}..${dashboard.to}` });
    return c.body(dashboardCsv(dashboard), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="analytics-${dashboard.from}-${dashboard.to}.csv"`,
    });
  });
  return r;
}
