import { z } from "../zod";
import { CATEGORY_MESSAGES, CATEGORY_RULES } from "../content/blog-categories";

// Control, format (bidi overrides, zero-width) and private-use characters: never part of a name.
const BAD_CHARACTERS = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;

const WORDS = {
  name: { required: true, tooLong: CATEGORY_MESSAGES.nameTooLong, bad: CATEGORY_MESSAGES.nameInvalid },
  hi: { required: false, tooLong: CATEGORY_MESSAGES.hindiTooLong, bad: CATEGORY_MESSAGES.hindiInvalid },
} as const;

/**
 * A category's name (`name`) or its Hindi name (`hi`) as the categories service stores it: spaces folded, trimmed,
 * at most CATEGORY_RULES.nameMax characters, no control characters, and a name is not "All" (the listing's own
 * choice). The service refuses with `problem`; the studio's forms check with the schemas below, in the same words.
 */
export function readCategoryName(raw: unknown, which: keyof typeof WORDS): { name: string; problem: null } | { name: null; problem: string } {
  const words = WORDS[which];
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { name: null, problem: words.bad };
  const text = (typeof raw === "string" ? raw.slice(0, CATEGORY_RULES.nameMax * 4) : "").replace(/\s+/g, " ").trim();
  if (words.required && !text) return { name: null, problem: CATEGORY_MESSAGES.nameRequired };
  if ([...text].length > CATEGORY_RULES.nameMax) return { name: null, problem: words.tooLong };
  if (BAD_CHARACTERS.test(text)) return { name: null, problem: words.bad };
  if (which === "name" && text.toLowerCase() === "all") return { name: null, problem: CATEGORY_MESSAGES.nameReserved };
  return { name: text, problem: null };
}

const nameField = (which: keyof typeof WORDS) =>
  z.unknown().optional().transform((raw, ctx) => {
    const read = readCategoryName(raw, which);
    if (read.problem === null) return read.name;
    ctx.addIssue({ code: "custom", message: read.problem });
    return z.NEVER;
  });

/** The Categories page's "Add a category" form, checked in the browser and by the page's action. */
export const CategoryAddSchema = z.object({ name: nameField("name"), hi: nameField("hi") });

/** A category's rename form (its new name and Hindi name; the category itself is a hidden `name`). */
export const CategoryEditSchema = z.object({ newName: nameField("name"), hi: nameField("hi") });
