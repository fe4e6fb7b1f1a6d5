import { randomBytes, scryptSync } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

/**
 * The studio's recovery codes were stored as unsalted SHA-256 (issue 26, item 12). Each stored hash becomes
 * `s1$<salt>$<scrypt(hash)>`: scrypt (2^12, r=8, p=1) of the SHA-256 that was stored, with one salt per account, as
 * server/services/staff/second-factor.ts now writes and checks them; codes already handed out keep working.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const rows = await sql<{ code_hash: string; user_id: string }>`select code_hash, user_id from staff_recovery_codes`.execute(db);
  const salts = new Map<string, Buffer>();
  for (const { code_hash, user_id } of rows.rows) {
    if (!/^[0-9a-f]{64}$/.test(code_hash)) continue;
    let salt = salts.get(user_id);
    if (!salt) salts.set(user_id, (salt = randomBytes(12)));
    const key = scryptSync(code_hash, salt, 32, { N: 2 ** 12, r: 8, p: 1 });
    const wrapped = ["s1", salt.toString("base64url"), key.toString("base64url")].join("$");
    await sql`update staff_recovery_codes set code_hash = ${wrapped} where code_hash = ${code_hash}`.execute(db);
  }
}
