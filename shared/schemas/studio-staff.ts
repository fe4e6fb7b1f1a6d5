import { z } from "../zod";
import { STAFF_ACCESS } from "../content/studio";
import { STAFF_PAGE } from "../content/studio-access";

/** An address an invitation may go to: no spaces or control characters (a NUL cannot be stored in PostgreSQL). */
export const STAFF_EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]{2,}$/u;
export const STAFF_EMAIL_MAX = 320;

const access = z.enum(STAFF_ACCESS, { error: STAFF_PAGE.accessInvalid });

/**
 * The Staff page's invitation: an address and the access it grants, checked in the browser and by the page's
 * action; the invitations service refuses the same address in the same words (STAFF_EMAIL_PATTERN).
 */
export const StaffInviteSchema = z.object({
  email: z.string({ error: STAFF_PAGE.emailInvalid }).trim().max(STAFF_EMAIL_MAX, STAFF_PAGE.emailInvalid).regex(STAFF_EMAIL_PATTERN, STAFF_PAGE.emailInvalid),
  access,
});

/** A member's new access (the manage form; the member is a hidden `email`, found by the action). */
export const StaffRoleSchema = z.object({ access });
