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

/**
 * A whole number grouped the Indian way, "12,34,567" (the last three digits, then twos: lakh, crore), as
 * `Intl.NumberFormat("en-IN")` and `("hi-IN")` print it (checked in the tests, which may load Intl; the server does
 * not: see the top of this file). Other numbers as `String` prints them.
 */
export function groupDigitsIndian(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const all = String(Math.abs(n));
  const last3 = all.slice(-3);
  const rest = all.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const digits = rest ? `${rest},${last3}` : last3;
  return n < 0 ? `-${digits}` : digits;
}

/** A whole number with thousands separators: "1,234,567" ("-1,234" below zero); other numbers as `String` prints them. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
