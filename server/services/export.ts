import { AUDIENCE_MESSAGES, AUDIENCE_RULES } from "../../shared/content/audience";
import type { Deps } from "../context";
import type { Actor } from "./audit";
import { rateLimited } from "./errors";
import { hitRateLimit } from "./rate-limit";
import { assertFreshSecondFactor } from "./step-up";

/** Exports read their table this many rows a query, so a large list never needs one huge query. */
export const EXPORT_PAGE = 5000;

/** A CSV file's columns: the header's name and how a row fills the cell. */
export type CsvColumns<T> = [string, (r: T) => string | number | null][];

/** What some spreadsheet, in some locale, splits a line of text into cells at: `,` `;` tab `|`, and line breaks. */
const CSV_SEPARATORS = /[,;\t|\r\n]/;
/**
 * Every place a cell could start once some spreadsheet splits the text (the start, or just after any separator, and
 * any spaces) followed by what would make that cell a formula: = + - @, or a tab/CR that hides one.
 */
const FORMULA_STARTS = /(?<=(?:^|[,;\t|\r\n]) *)(?=[=+\-@\t\r])/g;

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula is prefixed with an apostrophe, at its start
 * and after every separator of any locale inside it (`a;=1+1` is two cells where `;` separates), since visitors
 * choose what they type into the site's forms; a field holding a quote or any such separator is quoted.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string") text = text.replace(FORMULA_STARTS, "'");
  return /"/.test(text) || CSV_SEPARATORS.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV: a header line, then one record per row, lines ending in CRLF. */
export function toCsv<T>(columns: CsvColumns<T>, rows: T[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const row of rows) lines.push(columns.map(([, get]) => csvField(get(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** Exports read whole tables: a bound per staff member keeps a stuck script from loading the database. */
export async function assertExportAllowed(deps: Pick<Deps, "db" | "log">, actor: Actor): Promise<void> {
  // A full export wants a second factor less than 15 minutes old (issue 26, item 12).
  assertFreshSecondFactor(deps, actor);
  const hit = await hitRateLimit(deps.db, `studio-export:${actor.userId ?? actor.label}`, { limit: AUDIENCE_RULES.exportsPerHour, windowMs: 3600_000 });
  if (!hit.allowed) throw rateLimited(AUDIENCE_MESSAGES.tooManyExports, hit.retryAfterSeconds);
}
