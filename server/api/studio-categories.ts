import { type Context, Hono } from "hono";
import { readJsonBody } from "../http/errors";
import { addCategory, blogCategories, categoryUse, editCategory, moveCategory, removeCategory } from "../services/content/categories";
import { invalid } from "../services/errors";
import { actorOf, type StudioEnv } from "./studio-guard";

/** The JSON body as an object (the services check each field). */
async function bodyOf(c: Context<StudioEnv>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("Send a JSON object.");
  return body as Record<string, unknown>;
}

/**
 * /api/studio/categories: the blog's categories (decision 0034). Editors and owners (the policy's `categories`
 * area); every write carries the list's `version` it was made from (optional) and is audited by the service.
 */
export function createStudioCategoriesRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();
  r.get("/", async (c) => {
    const deps = c.get("deps");
    const [list, use] = await Promise.all([blogCategories(deps), categoryUse(deps)]);
    return c.json({ success: true, version: list.version, categories: list.categories.map((cat) => ({ ...cat, posts: use[cat.name] ?? 0 })), renamed: list.renamed });
  });
  r.post("/", async (c) => {
    const b = await bodyOf(c);
    const category = await addCategory(c.get("deps"), actorOf(c), { name: b.name, hi: b.hi, expectVersion: b.version });
    return c.json({ success: true, category }, 201);
  });
  r.post("/edit", async (c) => {
    const b = await bodyOf(c);
    return c.json({ success: true, ...(await editCategory(c.get("deps"), actorOf(c), { name: b.name, newName: b.newName, hi: b.hi, expectVersion: b.version })) });
  });
  r.post("/move", async (c) => {
    const b = await bodyOf(c);
    return c.json({ success: true, moved: await moveCategory(c.get("deps"), actorOf(c), { name: b.name, direction: b.direction, expectVersion: b.version }) });
  });
  r.post("/remove", async (c) => {
    const b = await bodyOf(c);
    return c.json({ success: true, ...(await removeCategory(c.get("deps"), actorOf(c), { name: b.name, moveTo: b.moveTo, expectVersion: b.version })) });
  });
  return r;
}
