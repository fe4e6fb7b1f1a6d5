import type { ImportReason } from "../../../shared/content/audience-tools";
import { parseCsv } from "./csv";

/**
 * The exports owners bring from other tools, read as those tools download them (decision 0045): which column holds
 * the address, the name (first and last joined), the tags (in each tool's own writing) and the subscription's state
 * there (an address that left, bounced or never opted in over there is not added here).
 *
 * Headers are compared folded: lower case, without spaces, underscores or dashes ("Email Address" = "EMAIL_ADDRESS").
 */
export type ImportFormat = "mailchimp" | "brevo" | "zoho" | "ghost" | "plain";

export type FormatRow = { email: string; name?: string; labels?: string[]; skip?: ImportReason };

type Mapping = { format: ImportFormat; read: (record: string[]) => FormatRow };

export const foldHeader = (h: string) => h.trim().toLowerCase().replace(/[\s_-]+/g, "");

const EMAIL_HEADERS = ["email", "emailaddress", "mail", "contactemail"];
const YES = new Set(["yes", "true", "1", "y", "oui"]);
const NO = new Set(["no", "false", "0", "n", "non"]);

/** The format a header row is, by the columns only that tool writes. */
export function formatOf(head: string[]): ImportFormat {
  const has = (...names: string[]) => names.some((n) => head.includes(n));
  if (has("emailaddress") && has("memberrating", "optintime", "confirmtime", "leid", "euid", "unsubtime", "cleantime")) return "mailchimp";
  if (has("email") && has("subscribedtoemails", "complimentaryplan", "stripecustomerid")) return "ghost";
  if (has("contactemail")) return "zoho";
  if (has("email") && has("emailblacklisted", "blacklisted", "contactid", "doubleoptin", "prenom")) return "brevo";
  return "plain";
}

/** Tags as a cell lists them: Mailchimp quotes each (`"Real estate","Pune"`), the others separate them by commas or semicolons. */
function tagsOf(cell: string, format: ImportFormat): string[] {
  const text = cell.trim();
  if (!text) return [];
  if (format === "mailchimp" && text.startsWith('"')) return (parseCsv(text, 1)[0] ?? []).map((t) => t.trim()).filter(Boolean);
  return text.split(format === "ghost" ? /,/ : /[,;|]/).map((t) => t.trim().replace(/^"(.*)"$/, "$1")).filter(Boolean);
}

const joinName = (...parts: (string | undefined)[]) => parts.map((p) => (p ?? "").trim()).filter(Boolean).join(" ") || undefined;

/** How to read each record of a file with this header row (folded), or null when it names no e-mail column. */
export function mappingOf(head: string[]): Mapping | null {
  const at = (...names: string[]) => {
    for (const n of names) {
      const i = head.indexOf(n);
      if (i >= 0) return i;
    }
    return -1;
  };
  const emailAt = at(...EMAIL_HEADERS);
  if (emailAt < 0) return null;
  const format = formatOf(head);
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? "").trim() : "");
  const full = at("name", "fullname", "contactname");
  const first = at("firstname", "prenom", "fname");
  const last = at("lastname", "nom", "lname", "surname");
  const tags = at("tags", "tag", "labels", "label");
  const unsub = at("unsubtime");
  const clean = at("cleantime");
  const blocked = at("emailblacklisted", "blacklisted");
  const subscribed = at("subscribedtoemails");
  const status = at("contactstatus", "status");
  const read = (r: string[]): FormatRow => {
    const row: FormatRow = {
      email: cell(r, emailAt),
      name: full >= 0 && cell(r, full) ? cell(r, full) : joinName(cell(r, first), cell(r, last)),
      labels: tags >= 0 ? tagsOf(r[tags] ?? "", format) : undefined,
    };
    if (cell(r, unsub)) row.skip = "unsubscribedInSource";
    else if (cell(r, clean)) row.skip = "bouncedInSource";
    else if (blocked >= 0 && YES.has(cell(r, blocked).toLowerCase())) row.skip = "unsubscribedInSource";
    else if (subscribed >= 0 && NO.has(cell(r, subscribed).toLowerCase())) row.skip = "notSubscribedInSource";
    else if (status >= 0) row.skip = statusSkip(cell(r, status));
    return row;
  };
  return { format, read };
}

/** A status column's word (Zoho's "Unsubscribed", "Bounced"...): the reason the row is not added, if it is one. */
function statusSkip(word: string): ImportReason | undefined {
  const w = foldHeader(word);
  if (/^(unsubscribed|optedout|donotmail|blocklisted|blacklisted|spam|complained|marked ?as ?spam)/.test(w)) return "unsubscribedInSource";
  if (/bounce|cleaned|invalid/.test(w)) return "bouncedInSource";
  return undefined;
}
