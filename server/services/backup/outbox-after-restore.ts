import type { Db } from "../../db/database";

/**
 * A backup holds the outbox as it was when it was taken: e-mails queued then were sent by the site afterwards, and a
 * restored outbox would send them a second time (issue 46, item 6; decision 0057). The database a restore replaces
 * knows which of them went out: `deliveredBefore` reads that (before it is replaced), `markDelivered` gives each
 * restored e-mail still queued the outcome it had there (sent or given up), matched by its id, its address and the
 * time it was queued (the same message, not one that reused the id). What the replaced database never saw stays
 * queued: it is sent as before.
 */
export type Delivered = { id: number; to: string; createdAt: number; status: string; sentAt: number | null };

const BATCH = 500;

/** The outbox rows that left the queue (sent, or given up) in the database about to be replaced. */
export async function deliveredBefore(db: Db): Promise<Delivered[]> {
  const rows = await db.kysely.selectFrom("mail_outbox").select(["id", "to_address", "created_at", "status", "sent_at"]).where("status", "<>", "pending").execute();
  return rows.map((r) => ({ id: Number(r.id), to: r.to_address, createdAt: Number(r.created_at), status: r.status, sentAt: r.sent_at === null ? null : Number(r.sent_at) }));
}

/** Marks restored queued e-mails the replaced database had delivered; returns how many. */
export async function markDelivered(db: Db, delivered: readonly Delivered[]): Promise<number> {
  if (delivered.length === 0) return 0;
  const byId = new Map(delivered.map((d) => [d.id, d]));
  const pending = await db.kysely.selectFrom("mail_outbox").select(["id", "to_address", "created_at"]).where("status", "=", "pending").execute();
  const matches = pending.flatMap((row) => {
    const d = byId.get(Number(row.id));
    return d && d.to === row.to_address && d.createdAt === Number(row.created_at) ? [d] : [];
  });
  for (let i = 0; i < matches.length; i += BATCH) {
    await db.kysely.transaction().execute(async (trx) => {
      for (const d of matches.slice(i, i + BATCH)) {
        await trx
          .updateTable("mail_outbox")
          .set({ status: d.status, sent_at: d.sentAt, ...(d.status === "sent" ? { last_error: null } : {}) })
          .where("id", "=", d.id)
          .where("status", "=", "pending")
          .execute();
      }
    });
  }
  return matches.length;
}
