import { useRouteLoaderData } from "react-router";

import { type Styles, zonedTime } from "@shared/zoned-time";

export { zonedTime };

/** The site's time zone, from the studio layout's loader (UTC outside the studio). */
export function useStudioTimeZone(): string {
  const data = useRouteLoaderData("studio") as { timeZone?: string } | undefined;
  return data?.timeZone ?? "UTC";
}

/** A time as the studio's access pages show it ("" for none). */
export function formatStudioTime(at: number | null | undefined, timeZone = "UTC"): string {
  if (at === null || at === undefined || !Number.isFinite(at) || at <= 0) return "";
  return zonedTime(at, timeZone);
}

/** The studio's time formatter for this page: "—" for none, else the time in the site's zone, named. */
export function useWhen(styles?: Styles): (ms: number | null | undefined) => string {
  const zone = useStudioTimeZone();
  return (ms) => (ms === null || ms === undefined || !Number.isFinite(ms) ? "—" : zonedTime(ms, zone, styles));
}
