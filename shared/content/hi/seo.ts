/**
 * What search engines and link previews show of the site in Hindi (issue 33): the site's description, the share
 * image's text alternative and the breadcrumb's words. The manifest stays English (one per site).
 */
import { PRODUCT } from "../site";
import { SPLASH_TAGLINE_HI } from "./site";

export const SEO_HI = {
  siteDescription: `${PRODUCT} स्थानीय बिज़नेस के लिए 24×7 काम करने वाला AI मार्केटिंग और सेल्स असिस्टेंट है: यह WhatsApp पर ग्राहकों को जवाब देता है, मीटिंग बुक करता है और हर लीड का ध्यान रखता है।`,
  shareImageAlt: `${PRODUCT} - ${SPLASH_TAGLINE_HI}`,
  breadcrumbHome: "होम",
  breadcrumbLabel: "आप यहाँ हैं",
} as const;
