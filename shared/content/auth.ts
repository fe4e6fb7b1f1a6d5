/**
 * Accounts: the copy of the sign-in, sign-up, password and verification pages,
 * the auth messages of the specification (sections 5 and 8, quoted exactly),
 * the account rules and the industry kit templates shown on /templates.
 */
import { type MailBlock, mailGreeting } from "./audience";
import { INDUSTRIES, type Industry, PRODUCT } from "./site";

/** Account rules shared by the forms and the server. */
export const AUTH_RULES = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  nameMaxLength: 100,
  companyMaxLength: 120,
  /** A password-reset link works for at most this long. */
  resetTokenMinutes: 60,
  /** An e-mail verification link works for this long. */
  verifyTokenHours: 48,
} as const;

/** The spec's messages (section 8) and the ones this site adds, in one place. */
export const AUTH_MESSAGES = {
  accountCreated: "Account created successfully! Redirecting...",
  signedIn: "Successfully signed in! Redirecting...",
  socialSuccess: (provider: ProviderLabel) => `Successfully signed in with ${provider}! Redirecting...`,
  socialSignInFailed: (provider: ProviderLabel) => `${provider} Sign-In failed. Please try again.`,
  socialSignUpFailed: (provider: ProviderLabel) => `${provider} Sign-Up failed. Please try again.`,
  socialNotConfigured: (provider: ProviderLabel) => `${provider} sign-in is not configured on this site yet.`,
  registrationFailed: (statusText: string) => `Registration failed: ${statusText}`,
  loginFailed: (statusText: string) => `Login failed: ${statusText}`,
  socialFailed: (statusText: string) => `Social authentication failed: ${statusText}`,
  network: "Network error. Please try again.",
  notAuthenticated: "Not authenticated",
  unexpected: "An unexpected error occurred. Please try again.",
  tryAgain: "Try again",
  invalidCredentials: "Invalid email or password.",
  emailTaken: "An account with this email already exists. Please sign in instead.",
  tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
  tooManyEmails: "Too many e-mails requested for this address. Please try again later.",
  tooManySignUps: "Too many accounts were created from your network. Please try again later.",
  hashingBusy: "Too many sign-ins are being checked right now. Please try again in a few seconds.",
  passwordChanged: "Your password is changed. Every other device where you were signed in has been signed out.",
  currentPasswordWrong: "That is not your current password.",
  passwordUnchanged: "Your new password must be different from the current one.",
  noPasswordYet: "Your account has no password yet (you sign in with Google or Microsoft): use Forgot password to set one.",
  tooManyPasswordChanges: "Too many wrong current passwords. Please wait a few minutes and try again.",
  passwordCheckBusy: "Your new password could not be checked just now. Please try again in a few seconds.",
  signedOut: "You have been signed out.",
  profileSaved: "Your profile has been saved.",
  resetRequested:
    "If an account exists for that address, we have sent a link to reset the password. Please check your inbox.",
  resetDone: "Your password has been changed and every session was signed out. Please sign in with your new password.",
  resetInvalid: "This reset link is invalid, expired or already used. Please request a new one.",
  verifyDone: "Your e-mail address is verified. Thank you!",
  verifyInvalid: "This verification link is invalid, expired or already used.",
  verificationSent: "We have sent you a new verification link. Please check your inbox.",
  sessionExpired: "Your session has expired. Please sign in again.",
} as const;

/** Field validation messages (spec section 5 rules). */
export const AUTH_VALIDATION = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  emailTooLong: `Email must be at most ${AUTH_RULES.emailMaxLength} characters.`,
  passwordRequired: "Please enter your password.",
  passwordTooShort: `Password must be at least ${AUTH_RULES.passwordMinLength} characters long.`,
  passwordTooLong: `Password must be at most ${AUTH_RULES.passwordMaxLength} characters long.`,
  passwordsDiffer: "The two passwords do not match.",
  passwordCommon:
    "This password is one of the most common passwords, the first ones attackers try. Please choose a less common one.",
  passwordPersonal: "Your password must not be your e-mail address or your name. Please choose another one.",
  passwordGuessable:
    "This password is too easy to guess: it follows a pattern attackers try (a word with a few digits or symbols, a keyboard row, a date, your name or the site's). Please choose a longer one, such as three or four unrelated words.",
  industryRequired: "Please choose your industry.",
  industryInvalid: "Please choose an industry from the list.",
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  nameRequired: "Please enter your name.",
  nameTooLong: `Name must be at most ${AUTH_RULES.nameMaxLength} characters.`,
  companyRequired: "Please enter your company name.",
  companyTooLong: `Company name must be at most ${AUTH_RULES.companyMaxLength} characters.`,
  badCharacters: "Please remove the control characters from this field.",
  oneLine: "Please keep this on one line (no line breaks).",
  directionMarks: "Please remove the invisible characters that reverse text (direction overrides) from this field.",
  roleRequired: "Please choose your role.",
  termsRequired: "Please accept the Terms of Service and Privacy Policy.",
  tokenRequired: "The link is missing its token.",
} as const;

export const PROVIDERS = { google: "Google", microsoft: "Microsoft" } as const;
export type ProviderId = keyof typeof PROVIDERS;
export type ProviderLabel = (typeof PROVIDERS)[ProviderId];

export const SIGN_IN_PAGE = {
  metaTitle: "Sign In",
  metaDescription: `Welcome Back - sign in to ${PRODUCT}, the AI growth assistant for local businesses.`,
  title: "Welcome Back",
  subtitle: `Sign in to your ${PRODUCT} account`,
  email: "Email address",
  emailPlaceholder: "you@business.com",
  industry: "Industry",
  password: "Password",
  passwordPlaceholder: "Enter your password",
  showPassword: "Show password",
  hidePassword: "Hide password",
  rememberMe: "Remember me",
  forgotPassword: "Forgot password?",
  submit: "Sign In",
  busy: "Signing In...",
  orContinueWith: "Or continue with",
  noAccount: "Don't have an account?",
  signUp: "Sign up for free",
  continueLink: "Continue",
} as const;

export const SIGN_UP_PAGE = {
  metaTitle: "Get Started",
  metaDescription: `Book Demo - create your ${PRODUCT} account in two short steps.`,
  stepLabel: (step: number, total: number) => `Step ${step} of ${total}`,
  stepNames: ["Your account", "Your company"],
  step1Title: "Book Demo",
  step1Subtitle: "Create your Wise Parrot account",
  /** Under step 1's spec title 'Book Demo': what this form really does. */
  creatingAccount: "This creates your free account in two short steps; you book your demo from it right after.",
  step2Title: "Almost There!",
  step2Subtitle: "Tell us about your company",
  /** On step 2 when the language switch brought the visitor there: the password is never carried (decision 0054). */
  passwordAgain: "Your password does not travel with the language switch: you will type it again on step 1 when you create the account.",
  firstName: "First name",
  lastName: "Last name",
  email: "Email address",
  emailPlaceholder: "you@business.com",
  password: "Password",
  passwordHint: "Must be at least 8 characters long",
  company: "Company name",
  role: "Your role",
  rolePlaceholder: "Select your role",
  industry: "Industry",
  termsBefore: "I agree to the ",
  terms: "Terms of Service",
  termsMiddle: " and ",
  privacy: "Privacy Policy",
  orSignUpWith: "Or sign up with",
  back: "Back",
  continue: "Continue",
  submit: "Create Account",
  busy: "Creating Account...",
  haveAccount: "Already have an account?",
  signIn: "Sign in",
} as const;

export const FORGOT_PAGE = {
  metaTitle: "Forgot Password",
  metaDescription: `Reset the password of your ${PRODUCT} account.`,
  title: "Forgot your password?",
  subtitle: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  email: "Email address",
  submit: "Send reset link",
  busy: "Sending...",
  backToSignIn: "Back to sign in",
} as const;

export const RESET_PAGE = {
  metaTitle: "Reset Password",
  metaDescription: `Choose a new password for your ${PRODUCT} account.`,
  title: "Choose a new password",
  password: "New password",
  confirm: "Repeat the new password",
  hint: "Must be at least 8 characters long",
  submit: "Set new password",
  busy: "Saving...",
  requestNew: "Request a new link",
  signIn: "Sign in",
} as const;

export const VERIFY_PAGE = {
  metaTitle: "Verify E-mail",
  metaDescription: `Confirm the e-mail address of your ${PRODUCT} account.`,
  title: "Verify your e-mail address",
  intro: "Press the button to confirm that this e-mail address is yours.",
  submit: "Verify my e-mail",
  busy: "Verifying...",
  continue: "Continue to your templates",
  signIn: "Sign in",
} as const;

export const TEMPLATES_PAGE = {
  metaTitle: "Your Templates",
  metaDescription: `Your ${PRODUCT} industry kit templates and profile.`,
  greeting: (name: string) => `Welcome, ${name}!`,
  intro: "Your industry kit templates, ready to go live on WhatsApp within 72 hours.",
  yourIndustry: "Your industry",
  otherIndustries: "More industry kits",
  verifyBanner: "Please verify your e-mail address: we sent you a link when you signed up.",
  resend: "Send a new verification link",
  resendBusy: "Sending...",
  verified: "E-mail verified",
  profileHeading: "Your profile",
  name: "Name",
  email: "Email",
  company: "Company",
  industry: "Industry",
  save: "Save profile",
  saving: "Saving...",
  passwordHeading: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  changePassword: "Change password",
  changingPassword: "Changing password...",
  signOut: "Sign Out",
  /** Each kit card's next step: a WhatsApp chat that names the kit, or the demo. */
  kitChat: "Set this up on WhatsApp",
  kitChatLabel: (title: string) => `Set up "${title}" on WhatsApp`,
  kitMessage: (industry: string, title: string) => `Hi, I'd like to set up the "${title}" template from the ${industry} kit for my business.`,
  kitDemo: "Book demo",
  kitDemoLabel: (title: string) => `Book a demo of "${title}"`,
  newTab: "(opens in a new tab)",
} as const;

export { HEADER_ACCOUNT } from "./header-account";

/**
 * The account e-mails. `firstName` arrives reduced to one word of letters (server/services/mail/outbox.ts
 * firstNameOf): visitor text never stands there as sentences or addresses.
 */
export const AUTH_EMAILS = {
  verify: {
    subject: `Verify your e-mail address for ${PRODUCT}`,
    blocks: (firstName: string, link: string): MailBlock[] => [
      { kind: "paragraph", text: mailGreeting(firstName) },
      { kind: "paragraph", text: `Welcome to ${PRODUCT}! Please confirm your e-mail address:` },
      { kind: "button", label: "Confirm my e-mail address", url: link },
      { kind: "paragraph", text: `The link works for ${AUTH_RULES.verifyTokenHours} hours. If you did not create an account, you can ignore this e-mail.` },
      { kind: "paragraph", text: `The ${PRODUCT} team` },
    ],
  },
  reset: {
    subject: `Reset your ${PRODUCT} password`,
    blocks: (firstName: string, link: string): MailBlock[] => [
      { kind: "paragraph", text: mailGreeting(firstName) },
      { kind: "paragraph", text: `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account. Choose a new password here:` },
      { kind: "button", label: "Choose a new password", url: link },
      {
        kind: "paragraph",
        text: `The link works for ${AUTH_RULES.resetTokenMinutes} minutes and only once. If you did not ask for this, ignore this e-mail: your password stays the same.`,
      },
      { kind: "paragraph", text: `The ${PRODUCT} team` },
    ],
  },
} as const;

export type KitTemplate = { title: string; description: string };

/** The industry kit templates shown on /templates, per industry of the option list. */
export const INDUSTRY_TEMPLATES: Record<Industry, KitTemplate[]> = {
  "Real Estate": [
    { title: "Property enquiry reply", description: "Answers questions on price, size and location, and shares photos of matching listings." },
    { title: "Site visit booking", description: "Offers open slots and confirms the site visit with a reminder the day before." },
    { title: "Lead nurturing sequence", description: "Follows up with new listings until the buyer is ready for a visit." },
  ],
  Healthcare: [
    { title: "Appointment booking", description: "Books, moves and confirms appointments, with a reminder before each one." },
    { title: "Clinic FAQ", description: "Answers timings, fees, doctors and directions in seconds, day and night." },
    { title: "Follow-up care", description: "Checks in after a visit and books the follow-up consultation." },
  ],
  "E-commerce": [
    { title: "Product recommendations", description: "Suggests the right product from the catalogue and shares the link to buy." },
    { title: "Order status", description: "Tells customers where their order is and what happens next." },
    { title: "Abandoned cart reminder", description: "Brings shoppers back with a friendly reminder of what they left behind." },
  ],
  Education: [
    { title: "Admission enquiry", description: "Explains courses, fees and batches, and collects the student's details." },
    { title: "Demo class booking", description: "Books a free demo class and reminds the student to attend." },
    { title: "Fee reminder", description: "Sends polite reminders before fees are due." },
  ],
  Restaurant: [
    { title: "Table reservation", description: "Takes bookings for the right time and party size and confirms them." },
    { title: "Menu and offers", description: "Shares today's menu and specials, and takes orders for pick-up." },
    { title: "Feedback request", description: "Asks guests for a review after their visit." },
  ],
  Automotive: [
    { title: "Test drive booking", description: "Books test drives and sends the showroom location." },
    { title: "Service reminder", description: "Reminds owners when the next service is due and books a slot." },
    { title: "Finance enquiry", description: "Answers loan and EMI questions and passes serious buyers to sales." },
  ],
  Childcare: [
    { title: "Admission enquiry", description: "Answers questions on age groups, timings and fees, and books a visit." },
    { title: "Parent updates", description: "Shares daily updates and announcements with parents." },
    { title: "Waitlist follow-up", description: "Lets waiting families know as soon as a place opens." },
  ],
};

/** The industry list with the user's own industry first. */
export function industriesFirst(own: string): Industry[] {
  const first = INDUSTRIES.find((i) => i === own);
  return first ? [first, ...INDUSTRIES.filter((i) => i !== first)] : [...INDUSTRIES];
}
