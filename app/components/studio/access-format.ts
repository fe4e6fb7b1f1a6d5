/**
 * A time as the studio's access pages show it: in UTC, spelled out, so the server's render and the browser's
 * hydration agree whatever the machine's time zone ("2026-11-24 05:30 UTC").
 */
export function formatStudioTime(at: number | null | undefined): string {
  if (at === null || at === undefined || !Number.isFinite(at) || at <= 0) return "";
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
