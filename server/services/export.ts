import { AUDIENCE_MESSAGES, AUDIENCE_RULES } from "../../shared/content/audience";
import type { Deps } from "../context";
import type { Actor } from "./audit";
import { rateLimited } from "./errors";
import { hitRateLimit } from "./rate-limit";

/** Exports read their table this many rows a query, so a large list never needs one huge query. */
export const EXPORT_PAGE = 5000;

/** A CSV file's columns: the header's name and how a row fills the cell. */
export type CsvColumns<T> = [string, (r: T) => string | number | null][];

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula
 * (starting with = + - @, or a tab/CR that hides one) is prefixed with an
 * apostrophe, since visitors choose what they type into the site's forms.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV: a header line, then one record per row, lines ending in CRLF. */
export function toCsv<T>(columns: CsvColumns<T>, rows: T[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const row of rows) lines.push(columns.map(([, get]) => csvField(get(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** Exports read whole tables: a bound per staff member keeps a stuck script from loading the database. */
export async function assertExportAllowed(deps: Pick<Deps, "db">, actor: Actor): Promise<void> {
  const hit = await hitRateLimit(deps.db, `studio-export:${actor.userId ?? actor.label}`, { limit: AUDIENCE_RULES.exportsPerHour, windowMs: 3600_000 });
  if (!hit.allowed) throw rateLimited(AUDIENCE_MESSAGES.tooManyExports, hit.retryAfterSeconds);
}
