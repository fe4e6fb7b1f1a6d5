// The forms' Hindi (decision 0036): the messages' table, which is made from the contact page's, the account pages'
// and the newsletter's words, and those pages' own words, in one file, as every form page needs the table.
export {
  AUTH_MESSAGES_HI,
  FORGOT_PAGE_HI,
  INDUSTRY_LABELS_HI,
  INDUSTRY_TEMPLATES_HI,
  JOB_ROLE_LABELS_HI,
  RESET_PAGE_HI,
  SIGN_IN_PAGE_HI,
  SIGN_UP_PAGE_HI,
  SIGN_UP_TERMS_AFTER_HI,
  TEMPLATES_PAGE_HI,
  VERIFY_PAGE_HI,
} from "@shared/content/hi/auth";
export { CONTACT_FORM_HI, CONTACT_META_HI, LEAD_FIELD_LABELS_HI, LEAD_MESSAGES_HI, SUPPORT_SLIDER_HI, WHATSAPP_WIDGET_HI } from "@shared/content/hi/contact";
export { BLOG_NEWSLETTER_HI, NEWSLETTER_HI } from "@shared/content/hi/newsletter";
export { hindiMessage } from "@shared/content/hi/messages";
