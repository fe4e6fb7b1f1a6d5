import type { Deps } from "../../context";
import { forgetSignInTrust } from "./trust";

export type Reclaimed = {
  /** The account had a password (now removed). */
  hadPassword: boolean;
  /** Sessions that were live and are now ended. */
  sessionsEnded: number;
  /** A second factor (TOTP, even a pending one) or recovery codes existed and are now deleted. */
  secondFactorCleared: boolean;
};

/**
 * Takes an account whose e-mail address was never verified away from whoever registered it (a pre-account
 * takeover: anyone can sign up with somebody else's address). Its password, every session, every pending link,
 * every trusted device and address, its second factor and recovery codes go; what is left belongs to whoever
 * reads the mailbox. `verifiedAt`: the address is proven now (a provider vouched for it); otherwise it stays
 * unverified until the mailbox's owner follows a set-password link.
 */
export async function reclaimUnverifiedAccount(
  deps: Deps,
  account: { id: string; email_normalized: string; password_hash: string | null },
  { verifiedAt, now = Date.now() }: { verifiedAt?: number; now?: number } = {},
): Promise<Reclaimed> {
  const done = await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: null, ...(verifiedAt !== undefined ? { email_verified_at: verifiedAt } : {}) })
      .where("id", "=", account.id)
      .execute();
    const live = await trx
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("user_id", "=", account.id)
      .where("revoked_at", "is", null)
      .where("idle_expires_at", ">", now)
      .where("absolute_expires_at", ">", now)
      .executeTakeFirst();
    await trx.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", account.id).where("revoked_at", "is", null).execute();
    await trx.deleteFrom("auth_tokens").where("user_id", "=", account.id).execute();
    const totp = await trx.deleteFrom("staff_totp").where("user_id", "=", account.id).executeTakeFirst();
    const codes = await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", account.id).executeTakeFirst();
    return {
      sessionsEnded: Number(live?.n ?? 0),
      secondFactorCleared: Number(totp.numDeletedRows) + Number(codes.numDeletedRows) > 0,
    };
  });
  await forgetSignInTrust(deps, account.email_normalized);
  return { hadPassword: account.password_hash !== null, ...done };
}
