import { z } from "zod";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, IMPORT_REASONS, type ImportReason } from "../../../shared/content/audience-tools";
import type { Deps } from "../../context";
import { invalid, rateLimited } from "../errors";
import { addCounts, fixedWindow } from "../rate-limit";
import { type CsvColumns, toCsv } from "../export";
import { type Actor, recordAudit } from "../audit";
import { intervalWorker, type KickableWorker } from "../interval-worker";
import { parseCsv } from "./csv";
import { foldHeader, type ImportFormat, mappingOf } from "./import-formats";
import { normaliseLabel } from "../../../shared/schemas/subscriber-labels";
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

/**
 * One row of a file, as its format reads it: labels typed as a list (the add form) or already split (a file's tag
 * column); `skip`: why it is not added whatever the list holds (unsubscribed or bounced in the tool it came from).
 */
export type ImportRow = { row: number; email: string; name?: string; labels?: string | string[]; skip?: ImportReason };

export type ImportProblem = { row: number; email: string; reason: ImportReason };

/** A row added without some of its labels: which were left out (not labels here, or past the most per subscriber). */
export type ImportLabelNote = { row: number; email: string; left: string[] };

export type ImportReport = {
  rows: number;
  added: number;
  optin: number;
  confirmed: number;
  duplicates: number;
  invalid: number;
  unsubscribed: number;
  /** Rows left out because the tool they came from says they left, bounced or never opted in. */
  leftAtSource: number;
  /** The tool whose export the file was read as ("plain": a file of our own columns). */
  format: ImportFormat;
  /** Rows added with labels left out (the first AUDIENCE_LIMITS.reportRows of them), in file order. */
  labelNotes: ImportLabelNote[];
  /** The rows not imported (the first AUDIENCE_LIMITS.reportRows of them), in file order. */
  problems: ImportProblem[];
  /** How many more problem rows there were than listed. */
  moreProblems: number;
};

/**
 * Every row an import left out, not only the ones the report lists (at most AUDIENCE_LIMITS.rows): kept beside the
 * report (not in it, so the API's answer keeps its shape) for the report's CSV.
 */
const allProblems = new WeakMap<ImportReport, { problems: ImportProblem[]; notes: ImportLabelNote[] }>();

type ReportLine = { row: number; email: string; reason?: ImportReason; left: string[] };

const REPORT_COLUMNS: CsvColumns<ReportLine> = [
  ["row", (p) => p.row],
  ["email", (p) => p.email],
  ["outcome", (p) => (p.reason ? "not added" : "added")],
  ["reason", (p) => (p.reason ? IMPORT_REASONS[p.reason] : IMPORT_REASONS.labelsLeftOut)],
  ["reason_code", (p) => p.reason ?? "labelsLeftOut"],
  ["labels_left_out", (p) => p.left.join("; ")],
];

/**
 * The import's report as CSV (the studio's "Download the report"): one line per row not imported, and per row added
 * without some of its labels, in file order, with its row number, the address as written, what happened and why.
 * Every cell goes through csvField (formulas neutralised).
 */
export function importReportCsv(report: ImportReport): string {
  const held = allProblems.get(report) ?? { problems: report.problems, notes: report.labelNotes };
  const lines: ReportLine[] = [...held.problems.map((p) => ({ ...p, left: [] })), ...held.notes.map((n) => ({ row: n.row, email: n.email, left: n.left }))];
  return toCsv(REPORT_COLUMNS, lines.sort((a, b) => a.row - b.row));
}

/** Whether a report has anything to download (a row left out, or labels left out). */
export function reportHasLines(report: ImportReport): boolean {
  return report.problems.length + report.labelNotes.length > 0;
}

export type AddOptions = {
  /** How consent was obtained; absent or empty: the double opt-in e-mail is sent. */
  consent?: string | null;
  /** Labels for every row (besides each row's own). */
  labels?: string | readonly string[] | null;
  source: "studio" | "import";
  /** The tool whose export the rows were read from (the report says it). */
  format?: ImportFormat;
};

// --- CSV ---------------------------------------------------------------------------------------------------------

/**
 * The rows of an uploaded CSV: a header naming an e-mail column is read by its format (import-formats.ts: ours,
 * Mailchimp's, Brevo's, Zoho Campaigns' or Ghost's columns); without one, e-mail, name, labels in that order.
 */
export function readCsv(text: string): { format: ImportFormat; rows: ImportRow[] } {
  if (Buffer.byteLength(text, "utf8") > AUDIENCE_LIMITS.importBytes) throw invalid(AUDIENCE_TOOLS_MESSAGES.fileTooLarge, "file");
  // eslint-disable-next-line no-control-regex
  if (/\u0000/.test(text) || text.includes("\ufffd")) throw invalid(AUDIENCE_TOOLS_MESSAGES.notText, "file");
  const records = parseCsv(text, AUDIENCE_LIMITS.importRows);
  if (!records.length) throw invalid(AUDIENCE_TOOLS_MESSAGES.fileRequired, "file");
  const mapping = mappingOf(records[0]!.map(foldHeader));
  const body = mapping ? records.slice(1) : records;
  if (body.length > AUDIENCE_LIMITS.importRows) throw invalid(AUDIENCE_TOOLS_MESSAGES.tooManyRows, "file");
  if (mapping) return { format: mapping.format, rows: body.map((r, i) => ({ row: i + 2, ...mapping.read(r) })) };
  if (!body.some((r) => Email.safeParse((r[0] ?? "").trim()).success)) throw invalid(AUDIENCE_TOOLS_MESSAGES.noEmailColumn, "file");
  return {
    format: "plain",
    rows: body.map((r, i) => ({ row: i + 1, email: (r[0] ?? "").trim(), name: (r[1] ?? "").trim(), labels: (r[2] ?? "").trim() })),
  };
}

/** The rows of an uploaded CSV (readCsv without the format). */
export function rowsOfCsv(text: string): ImportRow[] {
  return readCsv(text).rows;
}

/**
 * A row's own labels, each on its own: the good ones (at most what a subscriber may carry, besides `common`) and the
 * ones left out. One bad label never costs the row its address.
 */
function rowLabels(raw: string | string[] | undefined, common: string[]): { labels: string[]; left: string[] } {
  const parts = raw === undefined ? [] : typeof raw === "string" ? raw.split(/[,;|]/) : raw;
  const labels = new Set(common);
  const left: string[] = [];
  for (const part of parts) {
    if (!part.trim()) continue;
    const label = normaliseLabel(part);
    if (label && labels.has(label)) continue;
    if (label && labels.size < AUDIENCE_LIMITS.labelsPerSubscriber) labels.add(label);
    else left.push([...part.trim()].slice(0, AUDIENCE_LIMITS.labelLength + 20).join(""));
  }
  return { labels: [...labels], left };
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
  const report: ImportReport = {
    rows: rows.length,
    added: 0,
    optin: 0,
    confirmed: 0,
    duplicates: 0,
    invalid: 0,
    unsubscribed: 0,
    leftAtSource: 0,
    format: options.format ?? "plain",
    labelNotes: [],
    problems: [],
    moreProblems: 0,
  };
  const every: ImportProblem[] = [];
  const notes: ImportLabelNote[] = [];
  allProblems.set(report, { problems: every, notes });
  const problem = (row: ImportRow, reason: ImportReason) => {
    every.push({ row: row.row, email: row.email.slice(0, 254), reason });
    if (reason === "invalid") report.invalid++;
    else if (reason === "unsubscribed") report.unsubscribed++;
    else if (reason === "unsubscribedInSource" || reason === "bouncedInSource" || reason === "notSubscribedInSource") report.leftAtSource++;
    else report.duplicates++;
    if (report.problems.length < AUDIENCE_LIMITS.reportRows) report.problems.push({ row: row.row, email: row.email.slice(0, 254), reason });
    else report.moreProblems++;
  };

  // Checked and without repeats, in file order.
  const candidates: { row: ImportRow; email: string; normalized: string; name: string | null; labels: string[]; left: string[] }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const email = row.email.trim();
    if (row.skip) {
      problem(row, row.skip);
      continue;
    }
    if (!Email.safeParse(email).success) {
      problem(row, "invalid");
      continue;
    }
    const { labels, left } = rowLabels(row.labels, common);
    const normalized = email.toLowerCase();
    if (seen.has(normalized)) {
      problem(row, "duplicateInFile");
      continue;
    }
    seen.add(normalized);
    candidates.push({ row, email, normalized, name: cleanName(row.name), labels, left });
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
    for (const c of fresh) if (c.left.length && ids.has(c.normalized)) notes.push({ row: c.row.row, email: c.email, left: c.left });
  });
  report.labelNotes = notes.slice(0, AUDIENCE_LIMITS.reportRows);
  for (const p of problemsAfter.sort((a, b) => a.row.row - b.row.row)) problem(p.row, p.reason);
  report.problems.sort((a, b) => a.row - b.row);
  every.sort((a, b) => a.row - b.row);
  if (consent) report.confirmed = report.added;
  else report.optin = report.added;

  await recordAudit(deps, actor, {
    action: options.source === "import" ? "subscribers.import" : "subscriber.add",
    recordType: "subscribers",
    recordId: "-",
    detail: `${report.rows} rows (${report.format}), ${report.added} added (${consent ? "consent stated" : "opt-in e-mail"}), ${report.duplicates} on the list or repeated, ${report.unsubscribed} unsubscribed, ${report.leftAtSource} left at the source, ${report.invalid} invalid, ${notes.length} with labels left out`,
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
  const { format, rows } = readCsv(csv);
  return addSubscribers(deps, rows, { ...options, source: "import", format }, actor);
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
