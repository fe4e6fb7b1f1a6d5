/**
 * Operators' view of the contact leads and their CRM delivery.
 *
 *   npm run leads                      newest leads with their delivery status
 *   npm run leads -- --status=failed   only one status (pending, sending, delivered, failed, spam)
 *   npm run leads:csv > leads.csv      every lead as CSV (RFC 4180, formulas neutralised)
 *   npm run leads -- retry failed      put every failed lead back in the delivery queue
 *   npm run leads -- retry 12 15       the same for the given ids
 *
 * Reads DATABASE_URL like the server does.
 */
import { loadConfigOrExit } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { openDatabase } from "../server/db/database";
import { type LeadRow, type LeadStatus, leadsToCsv, listLeads, requeueLeads } from "../server/services/leads/intake";

const STATUSES: LeadStatus[] = ["pending", "sending", "delivered", "failed", "spam"];

function option(args: string[], name: string): string | undefined {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}

function cut(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function table(rows: LeadRow[]): string {
  const head = ["ID", "CREATED (UTC)", "NAME", "EMAIL", "SOURCE", "STATUS", "TRIES", "NOTE"];
  const body = rows.map((r) => [
    String(r.id),
    new Date(r.createdAt).toISOString().slice(0, 16).replace("T", " "),
    cut(`${r.firstName} ${r.lastName}`, 24),
    cut(r.email, 32),
    cut(r.leadSource, 18),
    r.status,
    String(r.attempts),
    cut(
      r.status === "delivered"
        ? `CRM ${r.crmStatus ?? ""} at ${new Date(r.deliveredAt ?? 0).toISOString().slice(0, 19)}Z`
        : r.status === "pending" && r.attempts > 0
          ? `next try ${new Date(r.nextAttemptAt).toISOString().slice(0, 19)}Z: ${r.lastError ?? ""}`
          : (r.lastError ?? ""),
      60,
    ),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(head), ...body.map(line)].join("\n");
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const command = args.find((a) => !a.startsWith("--")) ?? "list";
  loadDotEnv();
  const config = loadConfigOrExit();
  const db = await openDatabase(config.DATABASE_URL);
  try {
    if (command === "csv") {
      process.stdout.write(leadsToCsv((await listLeads({ db }, { limit: 1_000_000 })).reverse()));
      return 0;
    }
    if (command === "retry") {
      const targets = args.slice(args.indexOf("retry") + 1).filter((a) => !a.startsWith("--"));
      const ids = targets.map(Number).filter((n) => Number.isInteger(n) && n > 0);
      if (targets[0] !== "failed" && (targets.length === 0 || ids.length !== targets.length)) {
        process.stderr.write("Usage: npm run leads -- retry failed | retry <id> [<id>…]\n");
        return 2;
      }
      const count = await requeueLeads({ db }, targets[0] === "failed" ? "failed" : ids);
      process.stdout.write(`${count} lead${count === 1 ? "" : "s"} queued for delivery again.\n`);
      return 0;
    }
    if (command !== "list") {
      process.stderr.write(`Unknown command "${command}". Use list, csv or retry.\n`);
      return 2;
    }
    const status = option(args, "status");
    if (status && !STATUSES.includes(status as LeadStatus)) {
      process.stderr.write(`--status must be one of ${STATUSES.join(", ")}.\n`);
      return 2;
    }
    const limit = Number(option(args, "limit") ?? 50);
    const rows = await listLeads({ db }, { limit: Number.isInteger(limit) && limit > 0 ? limit : 50, status: status as LeadStatus | undefined });
    if (rows.length === 0) {
      process.stdout.write("No leads yet.\n");
      return 0;
    }
    process.stdout.write(`${table(rows)}\n`);
    if (!config.CRM_WEB_TO_LEAD_URL) {
      process.stdout.write("\nCRM_WEB_TO_LEAD_URL is not set: leads are stored here but not forwarded.\n");
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no such table|does not exist/i.test(message)) {
      process.stderr.write("The leads table does not exist yet: run `npm run db:migrate` or start the server once.\n");
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
