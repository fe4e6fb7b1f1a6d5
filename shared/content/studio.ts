/** The owner's studio: copy the server sends (e-mails, messages) and its rules. */

import type { MailBlock } from "./audience";

/** What an account may do in the studio. 'user' is every visitor account (sign-up only ever creates it). */
export const ACCESS_LEVELS = ["user", "editor", "owner"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export const STAFF_ACCESS = ["editor", "owner"] as const satisfies readonly Access[];
export type StaffAccess = (typeof STAFF_ACCESS)[number];

export const STUDIO_RULES = {
  /** A set-password link for an account made on the command line. */
  setPasswordHours: 24,
  /** An invitation link an owner sends. */
  invitationDays: 7,
  /** Single-use recovery codes handed out at enrolment. */
  recoveryCodes: 10,
  /** TOTP (RFC 6238): 6 digits, 30-second steps; a code one step early or late is accepted. */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpWindowSteps: 1,
} as const;

export const STUDIO_MESSAGES = {
  notStaff: "That account is not staff.",
  signInFirst: "Sign in with a studio account first.",
  staffOnly: "This account has no studio access.",
  secondFactorNeeded: "Enter the code from your authenticator app first.",
  enrolFirst: "Set up two-step sign-in first.",
  invitationSent: "Invitation sent.",
  accessRevoked: "Studio access removed.",
  notYourself: "You cannot remove your own studio access.",
  lastOwner: "The studio needs at least one owner: make someone else owner first.",
  alreadyEnrolled: "Two-step sign-in is already set up for this account.",
  notEnrolled: "Set up two-step sign-in first.",
  codeInvalid: "That code is not right. Check your authenticator app and try again.",
  codeFormat: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  tooManyCodes: "Too many wrong codes. Please wait a few minutes and try again.",
  stepUp: "For this, enter a new code from your authenticator app (your last one is more than 15 minutes old).",
  secretUnreadable:
    "This server cannot read your authenticator's key (its TOTP_SECRET_KEY changed). Use a recovery code, then ask an owner to reset your two-step sign-in (Staff, Role and sign-in) so you can set it up again.",
  invitationInvalid: "This invitation link is invalid or has expired. Ask the site's owner for a new one.",
  invitationOtherAccount: "This invitation is for another e-mail address. Sign out, then open the link again.",
  invitationSignIn: "An account with this e-mail address exists: sign in to it, then open the link again.",
  ownersOnly: "Only an owner can do this.",
  nameRequired: "Enter your name.",
  tooManyInvitations: "Too many invitations sent in the last hour. Please wait and try again.",
  roleInvalid: "Choose editor or owner.",
  notYourRole: "You cannot change your own role: another owner can.",
  notYourSecondFactor: "You cannot reset your own two-step sign-in here: another owner can, or the server's command line.",
  nameInvalid: (max: number) => `Enter your name (at most ${max} characters).`,
  roleChanged: "Role changed.",
  secondFactorReset: "Two-step sign-in reset: they set it up again at their next sign-in.",
  nameChanged: "Name saved.",
};

const ACCESS_NAMES: Record<StaffAccess, string> = { editor: "an editor", owner: "an owner" };

export const STUDIO_EMAILS = {
  setPassword: {
    subject: "Set your Wise Parrot studio password",
    blocks: (access: StaffAccess, link: string): MailBlock[] => [
      { kind: "paragraph", text: `You have been made ${ACCESS_NAMES[access]} of the Wise Parrot website's studio.` },
      { kind: "paragraph", text: `Set your password with this link (it works once, for ${STUDIO_RULES.setPasswordHours} hours):` },
      { kind: "button", label: "Set my password", url: link },
      { kind: "paragraph", text: "Then sign in and set up two-step sign-in with an authenticator app." },
      { kind: "paragraph", text: "If you did not expect this, ignore this e-mail." },
    ],
  },
  invitation: {
    subject: "You are invited to the Wise Parrot studio",
    blocks: (inviter: string, access: StaffAccess, link: string): MailBlock[] => [
      { kind: "paragraph", text: `${inviter} invites you to be ${ACCESS_NAMES[access]} of the Wise Parrot website's studio.` },
      { kind: "paragraph", text: `Accept with this link (it works once, for ${STUDIO_RULES.invitationDays} days):` },
      { kind: "button", label: "Accept the invitation", url: link },
      { kind: "paragraph", text: "If you did not expect this, ignore this e-mail." },
    ],
  },
};

/** Where the studio's pages are, and the copy of its frame. */
export const STUDIO_PAGES = {
  home: "/studio",
  secondFactor: "/studio/second-factor",
  enrol: "/studio/enrol",
  title: "Studio",
  brand: "Wise Parrot Studio",
  ownersOnly: "Only the owner can open this page.",
  forbiddenTitle: "Not for your access",
  errorTitle: "Something went wrong",
  errorMessage: "The studio could not show this page. Try again; if it keeps failing, the server log has the details (request id below).",
  backHome: "Back to the studio",
  navLabel: "Studio",
  menu: "Menu",
  signedInAs: "Signed in as",
  signOut: "Sign out",
  viewSite: "View the site",
  skipLink: "Skip to content",
} as const;

/** The studio's own page for changing one's password (the same service as the signed-in page's form). */
export const STUDIO_PASSWORD_PAGE = {
  metaTitle: "Password · Studio",
  title: "Change password",
  description: "Your current password, then the new one. Every other device where you are signed in is signed out; this one stays.",
  current: "Current password",
  next: "New password",
  hint: "Must be at least 8 characters long",
  submit: "Change password",
  busy: "Changing password...",
} as const;

/** The studio's sections, in the order of its menu; each shows to the staff the policy table lets in (shared/studio-policy.ts). */
export const STUDIO_NAV = [
  { to: "/studio", label: "Overview" },
  { to: "/studio/orders", label: "Kit orders" },
  { to: "/studio/posts", label: "Posts" },
  { to: "/studio/categories", label: "Categories" },
  { to: "/studio/media", label: "Media" },
  { to: "/studio/pages", label: "Pages" },
  { to: "/studio/faq", label: "FAQ" },
  { to: "/studio/questions", label: "Questions" },
  { to: "/studio/analytics", label: "Analytics" },
  { to: "/studio/newsletters", label: "Newsletters" },
  { to: "/studio/subscribers", label: "Subscribers" },
  { to: "/studio/leads", label: "Leads" },
  { to: "/studio/bookings", label: "Bookings" },
  { to: "/studio/accounts", label: "Accounts" },
  { to: "/studio/staff", label: "Staff" },
  { to: "/studio/audit", label: "Audit log" },
  { to: "/studio/export", label: "Export" },
  { to: "/studio/settings", label: "Settings" },
  { to: "/studio/password", label: "Name and password" },
] as const satisfies readonly { to: string; label: string }[];
