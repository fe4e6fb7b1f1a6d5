import type { Translation } from "../../i18n";
import type { HEADER_ACCOUNT } from "../header-account";

/** The header's account corner on the Hindi pages. */
export const HEADER_ACCOUNT_HI: Translation<typeof HEADER_ACCOUNT> = {
  // Empty: the words a screen reader says before the name that follows ("…: आशा").
  signedInAs: (name) => (name ? `${name} के रूप में साइन इन` : "साइन इन अकाउंट: "),
  templates: "आपके टेम्पलेट",
  signOut: "साइन आउट",
  studio: "स्टूडियो",
};
