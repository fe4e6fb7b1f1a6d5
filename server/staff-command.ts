import path from "node:path";
import type { Deps } from "./context";
import { STAFF_ACCESS } from "../shared/content/studio";
import { grantAccess, isStaffAccess, listStaff, resetSecondFactor, revokeAccess } from "./services/staff/access";
import { COMMAND_LINE } from "./services/audit";
import { isServiceError } from "./services/errors";

export const STAFF_USAGE = [
  "Usage:",
  "  npm run staff -- grant owner <email>    make an account owner (with a set-password link if new or never verified)",
  "  npm run staff -- grant editor <email>   make an account editor (the same)",
  "  npm run staff -- revoke <email>         take studio access away",
  "  npm run staff -- reset-2fa <email>      reset two-step sign-in (lost phone and recovery codes): set up again at next sign-in",
  "  npm run staff -- list                   list editors and owners",
].join("\n");

/** The database a command works on, as the operator can check it: a SQLite file's full path, or PostgreSQL's host and database (never its password). */
export function describeDatabase(url: string, cwd = process.cwd()): string {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const u = new URL(url);
    return `PostgreSQL ${decodeURIComponent(u.pathname.replace(/^\//, "")) || "(default database)"} on ${u.hostname}${u.port ? `:${u.port}` : ""}`;
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, "");
  return `SQLite ${path.resolve(cwd, file)}`;
}

/**
 * Said before anything is written when the command runs without the site's environment (no .env file where it
 * runs, no DATABASE_URL given): it would otherwise work on the default database and print links to
 * http://localhost:3000 without a word. Null when the environment names the database.
 */
export function environmentWarning(envFile: string | null, env: NodeJS.ProcessEnv): string | null {
  if (envFile || env.DATABASE_URL) return null;
  return "No .env file here and DATABASE_URL is not set: this uses the default database and site address below. Run it in the site's folder, or set DATABASE_URL and PUBLIC_URL.";
}

/**
 * The server's command line for staff accounts (`npm run staff`): the only way to make the first owner.
 * Returns the exit code; writes what happened to `out` and problems to `err`.
 */
export async function runStaffCommand(deps: Deps, args: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const [verb, ...rest] = args;
  // Which site this is: a grant on the wrong database, or a link to the wrong address, shows at once.
  if (["grant", "revoke", "reset-2fa", "list"].includes(verb ?? "")) out(`Database: ${describeDatabase(deps.config.DATABASE_URL)}; site address: ${deps.config.PUBLIC_URL}`);
  try {
    if (verb === "grant" && rest.length === 2 && isStaffAccess(rest[0])) {
      const granted = await grantAccess(deps, rest[1]!, rest[0], COMMAND_LINE);
      const { reclaimed } = granted;
      if (reclaimed) {
        // Said plainly: the operator may be surprised that the person they meant cannot sign in with the old password.
        out(`${granted.email} had an account whose e-mail address was never verified: anyone could have registered it.`);
        out("Before granting access it was taken back from whoever holds it:");
        out(`  - password ${reclaimed.hadPassword ? "removed" : "(none was set)"}`);
        out(`  - ${reclaimed.sessionsEnded} signed-in session${reclaimed.sessionsEnded === 1 ? "" : "s"} ended`);
        out(`  - second factor and recovery codes ${reclaimed.secondFactorCleared ? "deleted" : "(none were set up)"}`);
      }
      out(`${granted.email} is now ${rest[0]}.`);
      if (granted.setPasswordLink) {
        out(
          reclaimed
            ? "Only whoever reads that mailbox can use the account: it sets a new password with this single-use link (also e-mailed):"
            : granted.created
              ? "The account is new. It sets its password with this single-use link (also e-mailed):"
              : "The account has no password yet (restored from an archive, which carries none). It sets one with this single-use link (also e-mailed):",
        );
        out(granted.setPasswordLink);
      }
      return 0;
    }
    if (verb === "revoke" && rest.length === 1) {
      await revokeAccess(deps, rest[0]!, COMMAND_LINE);
      out(`${rest[0]} no longer has studio access.`);
      return 0;
    }
    if (verb === "reset-2fa" && rest.length === 1) {
      const reset = await resetSecondFactor(deps, rest[0]!, COMMAND_LINE);
      if (reset.nothingToReset) {
        out(`${reset.email} has no two-step sign-in set up: nothing to reset, nothing changed.`);
        return 0;
      }
      out(
        reset.hadSecondFactor
          ? `Two-step sign-in reset for ${reset.email}: the authenticator key and recovery codes are deleted.`
          : `${reset.email} had no two-step sign-in set up; nothing to delete.`,
      );
      out(`${reset.sessions} signed-in session${reset.sessions === 1 ? "" : "s"} must pass two-step sign-in again; at the next sign-in they set it up with a new authenticator.`);
      return 0;
    }
    if (verb === "list" && rest.length === 0) {
      const staff = await listStaff(deps);
      if (!staff.length) out("No editors or owners yet.");
      for (const member of staff) {
        out(`${member.access.padEnd(6)}  ${member.email}  ${member.secondFactor ? "two-step sign-in on" : "two-step sign-in not set up"}`);
      }
      return 0;
    }
    err(verb === "grant" && rest[0] && !isStaffAccess(rest[0]) ? `Access must be one of: ${STAFF_ACCESS.join(", ")}.` : STAFF_USAGE);
    return 2;
  } catch (error) {
    if (isServiceError(error)) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}
