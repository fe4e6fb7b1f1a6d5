import { ABOUT_DOC } from "./about";
import { AI_HELP_DOC } from "./ai-help";
import { ASSISTANT_DOC } from "./assistant";
import { BOOK_DEMO_DOC } from "./book-demo";
import { CONTACT_DOC } from "./contact";
import { FAQ_DOC } from "./faq";
import { HOME_DOC } from "./home";
import { ONBOARDING_DOC } from "./onboarding";
import { PRIVACY_DOC, REFUND_DOC, TERMS_DOC } from "./legal";
import { SHELL_DOC } from "./shell";
import type { CopyDoc } from "./fields";

/**
 * Every document the studio edits (/studio/pages lists them; /studio/faq edits FAQ_DOC). Add a page's document here
 * when its page reads it with readCopy.
 */
export const COPY_DOCS: readonly CopyDoc[] = [
  HOME_DOC,
  ABOUT_DOC,
  CONTACT_DOC,
  AI_HELP_DOC,
  PRIVACY_DOC,
  TERMS_DOC,
  REFUND_DOC,
  SHELL_DOC,
  FAQ_DOC,
  ASSISTANT_DOC,
  ONBOARDING_DOC,
  BOOK_DEMO_DOC,
].map((doc) => doc as unknown as CopyDoc);

export function copyDocById(id: string): CopyDoc | undefined {
  return COPY_DOCS.find((d) => d.id === id);
}
