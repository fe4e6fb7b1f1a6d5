import type { Db } from "../../server/db/database";

/**
 * The account's owner followed the verification link: granting studio access to an account whose address was
 * never verified takes it back from whoever registered it (findings, issue 26), so tests that register a person
 * and then make them staff verify the address first, as that person would have.
 */
export async function markAddressVerified(db: Db, email: string): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ email_verified_at: Date.now() })
    .where("email_normalized", "=", email.trim().toLowerCase())
    .where("email_verified_at", "is", null)
    .execute();
}
