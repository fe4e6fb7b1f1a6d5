import { ASSISTANT_DOC } from "./assistant";
import { FAQ_DOC } from "./faq";
import type { CopyDoc } from "./fields";

/**
 * Every document the studio edits (/studio/pages lists them; /studio/faq edits FAQ_DOC). Add a page's document here
 * when its page reads it with readCopy.
 */
export const COPY_DOCS: readonly CopyDoc[] = [FAQ_DOC as unknown as CopyDoc, ASSISTANT_DOC as unknown as CopyDoc];

export function copyDocById(id: string): CopyDoc | undefined {
  return COPY_DOCS.find((d) => d.id === id);
}
