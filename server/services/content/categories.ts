import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { CATEGORY_MESSAGES, CATEGORY_RULES, DEFAULT_CATEGORY_NAMES } from "../../../shared/content/blog-categories";
import { DEFAULT_CATEGORY_NAMES_HI } from "../../../shared/content/hi/blog-categories";
import { STUDIO_MESSAGES } from "../../../shared/content/studio";
import { readCategoryName } from "../../../shared/schemas/studio-categories";
import { mayOpen } from "../../../shared/studio-policy";
import { conflict, forbidden, invalid, isServiceError, notFound } from "../errors";
import type { StaffActor } from "../audit";
import { publish } from "../events";
import { type ContentTransaction, NO_LOCALE, STALE_COPY, readEntries, saveContent } from "./store";
import { contentMemory, contentVersion } from "./version";

/**
 * The blog's categories, kept by the owner (decision 0034): one content entry (`blog.categories`, no locale) holding
 * the list in its order, each with an optional Hindi name, and the names categories had before a rename (old → new),
 * so an old link to the listing's filter or an open editor still lands on the category. Posts keep storing the
 * category's name (the spec's shape); renaming and removing move the posts in the same transaction as the list.
 */
export const CATEGORIES_KEY = "blog.categories";

export type BlogCategory = { name: string; hi: string };
export type CategoryList = {
  categories: BlogCategory[];
  /** Earlier names → the name the category has now. */
  renamed: Record<string, string>;
  /** The stored entry's version (0: the defaults, nothing stored). */
  version: number;
};

export function defaultCategories(): CategoryList {
  return { categories: DEFAULT_CATEGORY_NAMES.map((name) => ({ name, hi: DEFAULT_CATEGORY_NAMES_HI[name] ?? "" })), renamed: {}, version: 0 };
}

/** A name read by the rules the studio's forms check with too (shared/schemas/studio-categories.ts), or refused on `field`. */
function cleanName(raw: unknown, which: "name" | "hi", field: string): string {
  const read = readCategoryName(raw, which);
  if (read.problem !== null) throw invalid(read.problem, field);
  return read.name;
}

/** A category's name as typed: spaces collapsed, 1-40 characters, not "All" (the listing's "every category"). */
export function categoryName(raw: unknown, field = "name"): string {
  return cleanName(raw, "name", field);
}

function hindiName(raw: unknown): string {
  return cleanName(raw, "hi", "hi");
}

/** A stored value read leniently: anything malformed falls back to the defaults (never a page that fails). */
function parseStored(value: unknown, version: number): CategoryList | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as { categories?: unknown; renamed?: unknown };
  if (!Array.isArray(v.categories) || v.categories.length === 0) return null;
  const categories: BlogCategory[] = [];
  for (const c of v.categories) {
    if (typeof c !== "object" || c === null || typeof (c as BlogCategory).name !== "string") return null;
    categories.push({ name: (c as BlogCategory).name, hi: typeof (c as BlogCategory).hi === "string" ? (c as BlogCategory).hi : "" });
  }
  const renamed: Record<string, string> = {};
  if (typeof v.renamed === "object" && v.renamed !== null) {
    for (const [from, to] of Object.entries(v.renamed)) if (typeof to === "string") renamed[from] = to;
  }
  return { categories, renamed, version };
}

async function readList(kysely: Db["kysely"] | ContentTransaction): Promise<CategoryList> {
  const entries = await readEntries({ db: { kysely } as Db }, CATEGORIES_KEY, NO_LOCALE);
  const entry = entries.find((e) => e.key === CATEGORIES_KEY);
  return (entry && parseStored(entry.value, entry.version)) ?? defaultCategories();
}

type Memo = { version: string; list: CategoryList };
const memo = (db: Db) => contentMemory(db, "categories", () => ({ last: undefined as Memo | undefined }));

/** The blog's categories, read once per content version and process (as the settings are). */
/** The owner's Hindi names of the categories that have one, by the stored (English) name: what /hi pages show. */
export function hindiCategoryNames(list: CategoryList): Record<string, string> {
  return Object.fromEntries(list.categories.filter((c) => c.hi).map((c) => [c.name, c.hi]));
}

export async function blogCategories(deps: Pick<Deps, "db">): Promise<CategoryList> {
  const held = memo(deps.db);
  const version = await contentVersion(deps.db);
  if (held.last?.version === version) return held.last.list;
  const list = await readList(deps.db.kysely);
  held.last = { version, list };
  return list;
}

/** The category a name stands for today: itself, or what it was renamed to; undefined when it is neither. */
export function currentCategory(list: CategoryList, name: string): string | undefined {
  if (list.categories.some((c) => c.name === name)) return name;
  const to = list.renamed[name];
  return to !== undefined && list.categories.some((c) => c.name === to) ? to : undefined;
}

/** The names a post may be saved with, read inside the caller's transaction (the post editor's check). */
export async function categoryNamesIn(kysely: Db["kysely"] | ContentTransaction): Promise<CategoryList> {
  return readList(kysely);
}

/** How many posts (any status) use each category. */
export async function categoryUse(deps: Pick<Deps, "db">): Promise<Record<string, number>> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["category", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("category")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

function assertMayEdit(actor: StaffActor): void {
  if (!actor.access || !mayOpen(actor.access, "categories")) throw forbidden(STUDIO_MESSAGES.ownersOnly);
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function indexOf(list: CategoryList, name: unknown): number {
  const i = typeof name === "string" ? list.categories.findIndex((c) => c.name === name) : -1;
  if (i < 0) throw notFound(CATEGORY_MESSAGES.notFound);
  return i;
}

/**
 * Writes the new list made from `expected` (the version the change was made from: another is refused, nothing
 * written), with `also` in the same transaction (moving posts). Audited as `action`.
 */
async function writeList(
  deps: Pick<Deps, "db">,
  actor: StaffActor,
  expected: CategoryList,
  next: Omit<CategoryList, "version">,
  audit: { action: string; detail: string },
  now: number,
  also?: (trx: ContentTransaction) => Promise<void>,
): Promise<void> {
  // Keep the memory of old names bounded: the newest renames are the ones links still use.
  const renamedEntries = Object.entries(next.renamed).filter(([from, to]) => !next.categories.some((c) => c.name === from) && next.categories.some((c) => c.name === to));
  const renamed = Object.fromEntries(renamedEntries.slice(-CATEGORY_RULES.renamedMax));
  try {
    await saveContent(
      deps,
      [{ key: CATEGORIES_KEY, locale: NO_LOCALE, value: { categories: next.categories, renamed }, expectVersion: expected.version }],
      actor,
      { action: audit.action, recordId: "categories", detail: audit.detail },
      now,
      also,
    );
  } catch (error) {
    if (isServiceError(error) && error.kind === "conflict" && error.message === STALE_COPY) throw conflict(CATEGORY_MESSAGES.stale);
    throw error;
  }
}

/** The list as it stands before a change: read fresh (not the per-version memory), with its version. */
async function current(deps: Pick<Deps, "db">, expectVersion?: unknown): Promise<CategoryList> {
  const list = await readList(deps.db.kysely);
  // A form made from an older list: refused before anything is written (the page shows the list as it is now).
  if (expectVersion !== undefined && expectVersion !== null && expectVersion !== "" && Number(expectVersion) !== list.version) throw conflict(CATEGORY_MESSAGES.stale);
  return list;
}

/** Adds a category at the end of the list. */
export async function addCategory(deps: Pick<Deps, "db">, actor: StaffActor, input: { name: unknown; hi?: unknown; expectVersion?: unknown }, now = Date.now()): Promise<BlogCategory> {
  assertMayEdit(actor);
  const name = categoryName(input.name);
  const hi = hindiName(input.hi);
  const list = await current(deps, input.expectVersion);
  if (list.categories.some((c) => sameName(c.name, name))) throw conflict(CATEGORY_MESSAGES.nameTaken, "name");
  if (list.categories.length >= CATEGORY_RULES.countMax) throw invalid(CATEGORY_MESSAGES.tooMany, "name");
  const category = { name, hi };
  // A name given back to a new category no longer leads to the one it was renamed to.
  const renamed = Object.fromEntries(Object.entries(list.renamed).filter(([from]) => from !== name));
  await writeList(deps, actor, list, { categories: [...list.categories, category], renamed }, { action: "category.add", detail: JSON.stringify(name) }, now);
  return category;
}

/**
 * Renames a category and/or sets its Hindi name. A new name moves every post that had the old one, in the same
 * transaction, and the old name is remembered (its links and open editors land on the new one).
 * Returns how many posts moved.
 */
export async function editCategory(
  deps: Pick<Deps, "db">,
  actor: StaffActor,
  input: { name: unknown; newName?: unknown; hi?: unknown; expectVersion?: unknown },
  now = Date.now(),
): Promise<{ name: string; renamed: boolean; moved: number; changed: boolean }> {
  assertMayEdit(actor);
  const list = await current(deps, input.expectVersion);
  const i = indexOf(list, input.name);
  const old = list.categories[i]!;
  const name = input.newName === undefined ? old.name : categoryName(input.newName, "newName");
  const hi = input.hi === undefined ? old.hi : hindiName(input.hi);
  if (name !== old.name && list.categories.some((c, j) => j !== i && sameName(c.name, name))) throw conflict(CATEGORY_MESSAGES.nameTaken, "newName");
  if (name === old.name && hi === old.hi) return { name, renamed: false, moved: 0, changed: false };
  const categories = list.categories.map((c, j) => (j === i ? { name, hi } : c));
  let renamed = list.renamed;
  if (name !== old.name) {
    // Every earlier name of this category now leads to the new one; the new name is no longer an earlier one.
    renamed = Object.fromEntries(Object.entries(list.renamed).map(([from, to]) => [from, to === old.name ? name : to]));
    delete renamed[name];
    renamed[old.name] = name;
  }
  let moved: Array<{ id: number }> = [];
  await writeList(
    deps,
    actor,
    list,
    { categories, renamed },
    { action: "category.edit", detail: name === old.name ? `${JSON.stringify(name)}: Hindi name` : `${JSON.stringify(old.name)} -> ${JSON.stringify(name)}` },
    now,
    name === old.name ? undefined : async (trx) => {
      moved = await trx.updateTable("blogs").set({ category: name }).where("category", "=", old.name).returning("id").execute();
    },
  );
  if (moved.length > 0) await publish(deps, { kind: "posts.recategorized", ids: moved.map((r) => Number(r.id)), category: name });
  return { name, renamed: name !== old.name, moved: moved.length, changed: true };
}

/** Moves a category one place up or down the list. */
export async function moveCategory(deps: Pick<Deps, "db">, actor: StaffActor, input: { name: unknown; direction: unknown; expectVersion?: unknown }, now = Date.now()): Promise<boolean> {
  assertMayEdit(actor);
  if (input.direction !== "up" && input.direction !== "down") throw invalid(CATEGORY_MESSAGES.directionInvalid, "direction");
  const list = await current(deps, input.expectVersion);
  const i = indexOf(list, input.name);
  const j = input.direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= list.categories.length) return false;
  const categories = [...list.categories];
  [categories[i], categories[j]] = [categories[j]!, categories[i]!];
  await writeList(deps, actor, list, { categories, renamed: list.renamed }, { action: "category.move", detail: `${JSON.stringify(list.categories[i]!.name)} ${input.direction}` }, now);
  return true;
}

/**
 * Removes a category. One that posts use is refused (409, with the count) unless `moveTo` names another category of
 * the list: its posts then move there in the same transaction, and the removed name leads there from old links.
 */
export async function removeCategory(
  deps: Pick<Deps, "db">,
  actor: StaffActor,
  input: { name: unknown; moveTo?: unknown; expectVersion?: unknown },
  now = Date.now(),
): Promise<{ moved: number; movedTo: string | null }> {
  assertMayEdit(actor);
  const list = await current(deps, input.expectVersion);
  const i = indexOf(list, input.name);
  const old = list.categories[i]!;
  if (list.categories.length <= 1) throw conflict(CATEGORY_MESSAGES.lastOne);
  const moveTo = typeof input.moveTo === "string" && input.moveTo !== "" ? input.moveTo : null;
  if (moveTo !== null && (moveTo === old.name || !list.categories.some((c) => c.name === moveTo))) throw invalid(CATEGORY_MESSAGES.moveToInvalid, "moveTo");
  const categories = list.categories.filter((_, j) => j !== i);
  let renamed = Object.fromEntries(Object.entries(list.renamed).filter(([, to]) => to !== old.name));
  if (moveTo !== null) {
    renamed = Object.fromEntries(Object.entries(list.renamed).map(([from, to]) => [from, to === old.name ? moveTo : to]));
    renamed[old.name] = moveTo;
  }
  let moved: Array<{ id: number }> = [];
  await writeList(
    deps,
    actor,
    list,
    { categories, renamed },
    { action: "category.remove", detail: moveTo === null ? JSON.stringify(old.name) : `${JSON.stringify(old.name)}, posts -> ${JSON.stringify(moveTo)}` },
    now,
    async (trx) => {
      if (moveTo === null) {
        // Checked inside the write: a post saved into the category meanwhile is not left without one.
        const using = await trx.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n")).where("category", "=", old.name).executeTakeFirstOrThrow();
        if (Number(using.n) > 0) throw conflict(CATEGORY_MESSAGES.inUse(Number(using.n)), "moveTo");
        return;
      }
      moved = await trx.updateTable("blogs").set({ category: moveTo }).where("category", "=", old.name).returning("id").execute();
    },
  );
  if (moved.length > 0 && moveTo !== null) await publish(deps, { kind: "posts.recategorized", ids: moved.map((r) => Number(r.id)), category: moveTo });
  return { moved: moved.length, movedTo: moveTo };
}
