import type { Deps } from "./context";
import { STAFF_ACCESS } from "../shared/content/studio";
import { grantAccess, isStaffAccess, listStaff, revokeAccess } from "./services/staff/access";
import { COMMAND_LINE } from "./services/audit";
import { isServiceError } from "./services/errors";

export const STAFF_USAGE = [
  "Usage:",
  "  npm run staff -- grant owner <email>    make an account owner (created, with a set-password link, if new)",
  "  npm run staff -- grant editor <email>   make an account editor",
  "  npm run staff -- revoke <email>         take studio access away",
  "  npm run staff -- list                   list editors and owners",
].join("\n");

/**
 * The server's command line for staff accounts (`npm run staff`): the only way to make the first owner.
 * Returns the exit code; writes what happened to `out` and problems to `err`.
 */
export async function runStaffCommand(deps: Deps, args: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const [verb, ...rest] = args;
  try {
    if (verb === "grant" && rest.length === 2 && isStaffAccess(rest[0])) {
      const granted = await grantAccess(deps, rest[1]!, rest[0], COMMAND_LINE);
      out(`${granted.email} is now ${rest[0]}.`);
      if (granted.setPasswordLink) {
        out("The account is new. It sets its password with this single-use link (also e-mailed):");
        out(granted.setPasswordLink);
      }
      return 0;
    }
    if (verb === "revoke" && rest.length === 1) {
      await revokeAccess(deps, rest[0]!, COMMAND_LINE);
      out(`${rest[0]} no longer has studio access.`);
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
