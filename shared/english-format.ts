/**
 * Dates and counts in American English, written out by hand to match what `Intl` prints for "en-US", in UTC (so the
 * server's HTML and the browser's agree). The server never formats through `Intl`: its first use loads ICU's locale
 * data, about 7 MB of resident memory in every server process (issue 20, docs/findings.md).
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Jul 2024"; "" for an unreadable date. */
export function shortMonthYear(date: Date): string {
  return Number.isNaN(date.getTime()) ? "" : `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCFullYear()}`;
}

/** "July 29, 2024"; "" for an unreadable date. */
export function longDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? "" : `${MONTHS[date.getUTCMonth()]!} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A whole number with thousands separators: "1,234,567" ("-1,234" below zero); other numbers as `String` prints them. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
