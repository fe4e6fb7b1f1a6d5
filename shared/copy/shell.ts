import { BANNER_MESSAGES, CLOSING_CTA, FOOTER, SPLASH_TAGLINE } from "../content/site";
import { BANNER_MESSAGES_HI, CLOSING_CTA_HI, FOOTER_HI, SPLASH_TAGLINE_HI } from "../content/hi/site";
import { group, list, text } from "./build";
import { defineCopyDoc } from "./fields";
import { shellDefaults } from "./shell-defaults";

/**
 * The words every public page shares (issue 28, decision 0027): the announcement banner's rotating messages, the
 * footer's rotating taglines and its short description, the splash screen's tagline and the closing call to action
 * above the footer. Read by the root loader (it is shown on every page); its preview is the home page.
 */
export const SHELL_DOC = defineCopyDoc({
  id: "shell",
  title: "Every page: banner, footer, splash",
  sections: {
    banner: group("Announcement banner", { messages: list("Rotating messages", "Message", text("Message", 90), 6) }),
    footer: group("Footer", { taglines: list("Rotating taglines", "Tagline", text("Tagline", 80), 4), about: text("About the company", 300, true) }),
    splash: group("Splash screen", { tagline: text("Tagline", 60) }),
    closingCta: group("Closing call to action (home and blog)", {
      heading: text("Heading", 80),
      text: text("Text", 200, true),
      bookDemo: text("Book button", 40),
      whatsapp: text("WhatsApp button", 40),
    }),
  },
  defaults: (locale) =>
    locale === "hi"
      ? shellDefaults(BANNER_MESSAGES_HI, FOOTER_HI, SPLASH_TAGLINE_HI, CLOSING_CTA_HI)
      : shellDefaults(BANNER_MESSAGES, FOOTER, SPLASH_TAGLINE, CLOSING_CTA),
});

export type ShellCopy = ReturnType<typeof SHELL_DOC.defaults>;
