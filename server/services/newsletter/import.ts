import { z } from "zod";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, IMPORT_REASONS, type ImportReason } from "../../../shared/content/audience-tools";
import type { Deps } from "../../context";
import { invalid, isServiceError, rateLimited } from "../errors";
import { addCounts, fixedWindow } from "../rate-limit";
import { type CsvColumns, toCsv } from "../export";
import { type Actor, recordAudit } from "../audit";
import { intervalWorker, type KickableWorker } from "../interval-worker";
import { addLabels, parseLabels } from "./labels";
import { sendConfirmation } from "./subscribe";

/**
 * Subscribers added by the owner: one by hand, or many from a CSV file (decision 0030).
 *
 * - Without a statement of consent, an address is added as pending and gets the double opt-in e-mail, as if it had
 *   used the form: made by the opt-in loop in batches and queued in the outbox at its pace, so a 5,000-row import
 *   answers in about a second and the e-mails follow.
 * - With one, it is added as confirmed and the statement is kept per subscriber with who stated it and when.
 * - An address already on the list (pending or confirmed) and one that unsubscribed are reported and never touched:
 *   an import cannot subscribe again someone who left. Invalid addresses and repeats within the file are reported.
 */

const Email = z.email().max(254);

export type ImportRow = { row: number; email: string; name?: string; labels?: string };

export type ImportProblem = { row: number; email: string; reason: ImportReason };

export type ImportReport = {
  rows: number;
  added: number;
  optin: number;
  confirmed: number;
  duplicates: number;
  invalid: number;
  unsubscribed: number;
  /** The rows not imported (the first AUDIENCE_LIMITS.reportRows of them), in file order. */
  problems: ImportProblem[];
  /** How many more problem rows there were than listed. */
  moreProblems: number;
};

/**
 * Every row an import left out, not only the ones the report lists (at most AUDIENCE_LIMITS.rows): kept beside the
 * report (not in it, so the API's answer keeps its shape) for the report's CSV.
 */
const allProblems = new WeakMap<ImportReport, ImportProblem[]>();

const REPORT_COLUMNS: CsvColumns<ImportProblem> = [
  ["row", (p) => p.row],
  ["email", (p) => p.email],
  ["reason", (p) => IMPORT_REASONS[p.reason]],
  ["reason_code", (p) => p.reason],
];

/**
 * The import's report as CSV (the studio's "Download the report"): one line per row not imported, in file order,
 * with its row number, the address as written and why. Every cell goes through csvField (formulas neutralised).
 */
export function importReportCsv(report: ImportReport): string {
  return toCsv(REPORT_COLUMNS, allProblems.get(report) ?? report.problems);
}

export type AddOptions = {
  /** How consent was obtained; absent or empty: the double opt-in e-mail is sent. */
  consent?: string | null;
  /** Labels for every row (besides each row's own). */
  labels?: string | readonly string[] | null;
  source: "studio" | "import";
};

// --- CSV ---------------------------------------------------------------------------------------------------------

/** RFC 4180 records (quotes, doubled quotes, CRLF or LF), at most `maxRows` + 1 of them (the header). */
export function parseCsv(text: string, maxRows: number): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A file separated by semicolons (a spreadsheet in many locales) is read as such.
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const sep = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const push = () => {
    record.push(field);
    field = "";
  };
  const end = () => {
    push();
    if (record.some((f) => f.trim() !== "")) records.push(record);
    record = [];
    if (records.length > maxRows + 1) throw invalid(AUDIENCE_TOOLS_MESSAGES.tooManyRows, "file");
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === "") {
      field = "";
      quoted = true;
    } else if (ch === sep) push();
    else if (ch === "\n") end();
    else if (ch !== "\r") field += ch;
  }
  if (field !== "" || record.length) end();
  return records;
}

/** The rows of an uploaded CSV: a header naming "email" (and "name", "labels") is recognised; else e-mail, name, labels in that order. */
export function rowsOfCsv(text: string): ImportRow[] {
  if (Buffer.byteLength(text, "utf8") > AUDIENCE_LIMITS.importBytes) throw invalid(AUDIENCE_TOOLS_MESSAGES.fileTooLarge, "file");
  // eslint-disable-next-line no-control-regex
  if (/\u0000/.test(text) || text.includes("\ufffd")) throw invalid(AUDIENCE_TOOLS_MESSAGES.notText, "file");
  const records = parseCsv(text, AUDIENCE_LIMITS.importRows);
  if (!records.length) throw invalid(AUDIENCE_TOOLS_MESSAGES.fileRequired, "file");
  const head = records[0]!.map((h) => h.trim().toLowerCase().replace(/[\s_-]+/g, ""));
  const emailAt = head.findIndex((h) => h === "email" || h === "emailaddress" || h === "e-mail" || h === "mail");
  const hasHeader = emailAt >= 0;
  const col = (names: string[], fallback: number) => {
    if (!hasHeader) return fallback;
    const i = head.findIndex((h) => names.includes(h));
    return i;
  };
  const e = hasHeader ? emailAt : 0;
  const n = col(["name", "fullname", "firstname"], 1);
  const l = col(["labels", "label", "tags", "tag"], 2);
  const body = hasHeader ? records.slice(1) : records;
  if (body.length > AUDIENCE_LIMITS.importRows) throw invalid(AUDIENCE_TOOLS_MESSAGES.tooManyRows, "file");
  if (!hasHeader && !body.some((r) => Email.safeParse((r[0] ?? "").trim()).success)) throw invalid(AUDIENCE_TOOLS_MESSAGES.noEmailColumn, "file");
  return body.map((r, i) => ({
    row: i + (hasHeader ? 2 : 1),
    email: (r[e] ?? "").trim(),
    name: n >= 0 ? (r[n] ?? "").trim() : undefined,
    labels: l >= 0 ? (r[l] ?? "").trim() : undefined,
  }));
}

// --- Adding ------------------------------------------------------------------------------------------------------

function consentOf(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  if (text.length > AUDIENCE_LIMITS.consentLength) throw invalid(AUDIENCE_TOOLS_MESSAGES.consentTooLong, "consent");
  // One line, no control characters: it is shown back as text.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ");
}

function cleanName(raw: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return name ? [...name].slice(0, AUDIENCE_LIMITS.nameLength).join("") : null;
}

/** Wakes this process's opt-in loop when addresses were added. */
const optinKicks = new Set<() => void>();

/**
 * Adds the rows as subscribers (one transaction). Reports every row not added and why; never changes a subscriber
 * already there. Audited as one line with the counts (never the addresses).
 */
export async function addSubscribers(deps: Deps, rows: ImportRow[], options: AddOptions, actor: Actor, now = Date.now()): Promise<ImportReport> {
  const consent = consentOf(options.consent);
  const common = parseLabels(options.labels ?? null, "labels");
  const report: ImportReport = { rows: rows.length, added: 0, optin: 0, confirmed: 0, duplicates: 0, invalid: 0, unsubscribed: 0, problems: [], moreProblems: 0 };
  const every: ImportProblem[] = [];
  allProblems.set(report, every);
  const problem = (row: ImportRow, reason: ImportReason) => {
    every.push({ row: row.row, email: row.email.slice(0, 254), reason });
    if (reason === "invalid" || reason === "badLabel") report.invalid++;
    else if (reason === "unsubscribed") report.unsubscribed++;
    else report.duplicates++;
    if (report.problems.length < AUDIENCE_LIMITS.reportRows) report.problems.push({ row: row.row, email: row.email.slice(0, 254), reason });
    else report.moreProblems++;
  };

  // Checked and without repeats, in file order.
  const candidates: { row: ImportRow; email: string; normalized: string; name: string | null; labels: string[] }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const email = row.email.trim();
    if (!Email.safeParse(email).success) {
      problem(row, "invalid");
      continue;
    }
    let labels: string[];
    try {
      labels = [...new Set([...common, ...parseLabels(row.labels ?? null)])].slice(0, AUDIENCE_LIMITS.labelsPerSubscriber);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      problem(row, "badLabel");
      continue;
    }
    const normalized = email.toLowerCase();
    if (seen.has(normalized)) {
      problem(row, "duplicateInFile");
      continue;
    }
    seen.add(normalized);
    candidates.push({ row, email, normalized, name: cleanName(row.name), labels });
  }

  const status = consent ? "confirmed" : "pending";
  const problemsAfter: { row: ImportRow; reason: ImportReason }[] = [];
  await deps.db.kysely.transaction().execute(async (trx) => {
    const known = new Map<string, string>();
    for (let i = 0; i < candidates.length; i += 500) {
      const chunk = candidates.slice(i, i + 500).map((c) => c.normalized);
      const found = await trx.selectFrom("subscribers").select(["email_normalized", "status"]).where("email_normalized", "in", chunk).execute();
      for (const f of found) known.set(f.email_normalized, f.status);
    }
    const fresh = candidates.filter((c) => {
      const was = known.get(c.normalized);
      if (was === undefined) return true;
      problemsAfter.push({ row: c.row, reason: was === "unsubscribed" ? "unsubscribed" : "duplicate" });
      return false;
    });
    const ids = new Map<string, number>();
    for (let i = 0; i < fresh.length; i += 200) {
      const chunk = fresh.slice(i, i + 200);
      const inserted = await trx
        .insertInto("subscribers")
        .values(
          chunk.map((c) => ({
            email: c.email,
            email_normalized: c.normalized,
            status,
            created_at: now,
            updated_at: now,
            confirmed_at: consent ? now : null,
            unsubscribed_at: null,
            name: c.name,
            source: options.source,
            consent_note: consent,
            consent_by: consent ? (actor.userId ?? actor.label).slice(0, 32) : null,
            consent_at: consent ? now : null,
            optin_due_at: consent ? null : now,
          })),
        )
        // Subscribed through the form a moment ago: theirs stands, and the row is reported as on the list.
        .onConflict((oc) => oc.column("email_normalized").doNothing())
        .returning(["id", "email_normalized"])
        .execute();
      for (const r of inserted) ids.set(r.email_normalized, Number(r.id));
    }
    for (const c of fresh) if (!ids.has(c.normalized)) problemsAfter.push({ row: c.row, reason: "duplicate" });
    if (!consent && ids.size > 0) await countOptins(trx, ids.size, now);
    await addLabels(
      trx,
      fresh.flatMap((c) => {
        const id = ids.get(c.normalized);
        return id === undefined ? [] : c.labels.map((label) => ({ subscriberId: id, label }));
      }),
    );
    report.added = ids.size;
  });
  for (const p of problemsAfter.sort((a, b) => a.row.row - b.row.row)) problem(p.row, p.reason);
  report.problems.sort((a, b) => a.row - b.row);
  every.sort((a, b) => a.row - b.row);
  if (consent) report.confirmed = report.added;
  else report.optin = report.added;

  await recordAudit(deps, actor, {
    action: options.source === "import" ? "subscribers.import" : "subscriber.add",
    recordType: "subscribers",
    recordId: "-",
    detail: `${report.rows} rows, ${report.added} added (${consent ? "consent stated" : "opt-in e-mail"}), ${report.duplicates} on the list or repeated, ${report.unsubscribed} unsubscribed, ${report.invalid} invalid`,
  });
  if (report.optin) for (const kick of optinKicks) kick();
  return report;
}

const OPTIN_WINDOW_MS = 3_600_000;

/**
 * Counts the opt-in e-mails an addition owes against the hour's allowance (AUDIENCE_LIMITS.optinsPerHour), in the
 * addition's transaction: over it, `rate-limited` with how many are left and when the hour ends, and the rollback
 * takes back the rows and the count alike (nothing added, nothing owed). The counter's row is held until the
 * transaction ends, so two imports at once are counted one after the other.
 */
async function countOptins(trx: Parameters<typeof addCounts>[0]["kysely"], owed: number, now: number): Promise<void> {
  const { windowStart, expiresAt, retryAfterSeconds } = fixedWindow(now, OPTIN_WINDOW_MS);
  const key = "subscribers:optin:hour";
  const counts = await addCounts({ kysely: trx }, [{ key, n: owed, windowStart, expiresAt }]);
  const total = counts.get(key) ?? owed;
  if (total > AUDIENCE_LIMITS.optinsPerHour) {
    const left = Math.max(0, AUDIENCE_LIMITS.optinsPerHour - (total - owed));
    throw rateLimited(AUDIENCE_TOOLS_MESSAGES.tooManyOptins(owed, left), retryAfterSeconds);
  }
}

export type AddOneInput = { email: string; name?: string; labels?: string; consent?: string | null };

/** One subscriber added by hand: the same rules as an import of one row; a known address is refused with why. */
export async function addSubscriber(deps: Deps, input: AddOneInput, actor: Actor): Promise<ImportReport> {
  const email = (input.email ?? "").trim();
  if (!Email.safeParse(email).success) throw invalid(AUDIENCE_TOOLS_MESSAGES.emailInvalid, "email");
  if ((input.name ?? "").length > AUDIENCE_LIMITS.nameLength) throw invalid(AUDIENCE_TOOLS_MESSAGES.nameTooLong, "name");
  parseLabels(input.labels ?? null, "labels");
  const report = await addSubscribers(deps, [{ row: 1, email, name: input.name, labels: input.labels }], { consent: input.consent, source: "studio" }, actor);
  const reason = report.problems[0]?.reason;
  if (reason === "unsubscribed") throw invalid(AUDIENCE_TOOLS_MESSAGES.alreadyUnsubscribed, "email");
  if (reason) throw invalid(AUDIENCE_TOOLS_MESSAGES.alreadyKnown, "email");
  return report;
}

/** An uploaded CSV imported. */
export async function importSubscribers(deps: Deps, csv: string, options: Omit<AddOptions, "source">, actor: Actor): Promise<ImportReport> {
  if (typeof csv !== "string" || !csv.trim()) throw invalid(AUDIENCE_TOOLS_MESSAGES.fileRequired, "file");
  return addSubscribers(deps, rowsOfCsv(csv), { ...options, source: "import" }, actor);
}

// --- The opt-in loop ---------------------------------------------------------------------------------------------

/**
 * One round: claims up to a batch of added addresses still owed their opt-in e-mail (the claim clears the mark in
 * one UPDATE each process races on, so each address is claimed once) and queues their e-mails in the outbox, spread
 * by MAIL_SEND_RATE_PER_MINUTE. Returns how many were claimed.
 */
export async function queueDueOptins(deps: Deps, now = Date.now()): Promise<number> {
  const { kysely } = deps.db;
  const claimed = await kysely
    .updateTable("subscribers")
    .set({ optin_due_at: null })
    .where("id", "in", (eb) =>
      eb.selectFrom("subscribers").select("id").where("optin_due_at", "is not", null).where("optin_due_at", "<=", now).orderBy("id").limit(AUDIENCE_LIMITS.optinBatch),
    )
    .where("optin_due_at", "is not", null)
    .where("status", "=", "pending")
    .returning(["id", "email"])
    .execute();
  const rate = deps.config.MAIL_SEND_RATE_PER_MINUTE;
  let i = 0;
  for (const row of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
    const notBefore = rate > 0 ? now + Math.floor((i++ * 60_000) / rate) : now;
    await sendConfirmation(deps, row.email, Number(row.id), now, notBefore);
  }
  // An address confirmed or gone since it was added (the claim's WHERE left it) is owed nothing: its mark goes.
  await kysely.updateTable("subscribers").set({ optin_due_at: null }).where("optin_due_at", "<=", now).where("status", "<>", "pending").execute();
  return claimed.length;
}

/** The opt-in loop: every 10 s, and at once when this process added addresses. */
export function optinWorker(deps: Deps): KickableWorker {
  const worker = intervalWorker("subscriber-optin", deps, 10_000, async () => {
    for (let i = 0; i < 100; i++) if ((await queueDueOptins(deps)) === 0) break;
  });
  const kick = () => worker.kick();
  optinKicks.add(kick);
  return {
    ...worker,
    async stop() {
      optinKicks.delete(kick);
      await worker.stop();
    },
  };
}
