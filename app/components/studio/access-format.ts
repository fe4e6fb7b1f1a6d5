/**
 * A time as the studio's access pages show it: in UTC, spelled out, so the server's render and the browser's
 * hydration agree whatever the machine's time zone ("2026-11-24 05:30 UTC").
 */
export function formatStudioTime(at: number | null | undefined): string {
  if (at === null || at === undefined || !Number.isFinite(at) || at <= 0) return "";
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A date and time in UTC, spelled out by `Intl` ("en-GB", with the given styles), its formatter made on first use:
 * made when a route module loads, it would load ICU's locale data (about 7 MB) into every server process, which loads
 * every route at start, for pages most processes never render (issue 20).
 */
export function utcDateTimeFormat(styles: Pick<Intl.DateTimeFormatOptions, "dateStyle" | "timeStyle">): (ms: number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (ms) => (format ??= new Intl.DateTimeFormat("en-GB", { ...styles, timeZone: "UTC" })).format(ms);
}
