// The Hindi every public page's frame shows: header, footer, banner, splash, error screens, the footer's form, the account link, breadcrumbs and the slideshows' roles (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export { FOOTER_NEWSLETTER_HI, FOOTER_NEWSLETTER_MESSAGES_HI } from "@shared/content/hi/footer-newsletter";
export { HEADER_ACCOUNT_HI } from "@shared/content/hi/header-account";
export { SEO_HI } from "@shared/content/hi/seo";
export {
  BANNER_LABEL_HI,
  BANNER_MESSAGES_HI,
  CLOSING_CTA_HI,
  ERROR_SCREEN_HI,
  FOOTER_HI,
  HEADER_HI,
  NAV_LINKS_HI,
  NOT_FOUND_HI,
  SKIP_LINK_HI,
  SLIDER_ROLES_HI,
  SOCIAL_LABELS_HI,
  SPLASH_HI,
  SPLASH_TAGLINE_HI,
  TOAST_LABELS_HI,
  WHATSAPP_BUTTON_HI,
} from "@shared/content/hi/site";
