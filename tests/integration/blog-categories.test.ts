import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { DEFAULT_CATEGORY_NAMES } from "../../shared/content/blog-categories";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { buildPresent } from "../helpers/built-server";
import { staffWithSession } from "../helpers/studio-staff";
import { readyApp } from "../helpers/test-site";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

const BODY = "# Why it matters\n\nFirst paragraph of the post.";

describe.each(testDatabaseKinds())("the owner's blog categories on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let editor: string;
  let owner: string;
  let n = 0;

  const call = (method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (res: Response) => (await res.json()) as Json;
  const list = async () => json(await call("GET", "/api/studio/categories", { token: editor }));
  const names = async () => ((await list()).categories as Json[]).map((c) => c.name as string);
  const write = async (path: string, body: Json, token = editor) => call("POST", `/api/studio/categories${path}`, { token, body });
  const publish = async (title: string, category: string) => {
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title, excerpt: `About ${title}.`, author: "Asha Rao", category, body: BODY } });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const post = (await json(created)).post as Json;
    const res = await call("POST", `/api/studio/posts/${post.id}/publish`, { token: editor, body: { version: post.version } });
    expect(res.status).toBe(200);
    return (await json(res)).post as Json;
  };
  const publicSlugs = async (category: string) =>
    ((await json(await call("GET", `/api/blogs?limit=50&category=${encodeURIComponent(category)}`))).data as Json[]).map((b) => b.slug as string);
  /** The search words the assistant's index holds for a post (its first passage carries the category). */
  const indexedWords = async (id: number) =>
    (await t.db.kysely.selectFrom("knowledge_passages").select("extra").where("ref", "=", `post:${id}:0`).executeTakeFirst())?.extra ?? "";
  const auditActions = async () => (await t.db.kysely.selectFrom("audit_log").select(["action", "detail"]).where("record_type", "=", "content").orderBy("id").execute()).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps });
    editor = (await staffWithSession(deps, "editor@example.test", "editor")).token;
    owner = (await staffWithSession(deps, "owner@example.test", "owner")).token;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("starts from the spec's six, in the spec's order, with Hindi names, nothing stored", async () => {
    const answer = await list();
    expect(answer.version).toBe(0);
    expect(answer.categories.map((c: Json) => c.name)).toEqual([...DEFAULT_CATEGORY_NAMES]);
    expect(answer.categories.every((c: Json) => /[\u0900-\u097f]/.test(c.hi))).toBe(true);
    expect(await t.db.kysely.selectFrom("content_entries").select("key").where("key", "=", "blog.categories").execute()).toEqual([]);
  });

  it("adds a category the post editor, the API and the public listing then accept; refuses bad names with a 400 naming the field", async () => {
    // Not yet on the list: the editor's API refuses it, nothing saved.
    const refused = await call("POST", "/api/studio/posts", { token: editor, body: { title: "Too early", category: "Salon Marketing" } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).field).toBe("category");

    const res = await write("", { name: "  Salon   Marketing ", hi: "सैलून मार्केटिंग", version: 0 });
    expect(res.status).toBe(201);
    expect((await json(res)).category).toEqual({ name: "Salon Marketing", hi: "सैलून मार्केटिंग" });
    expect((await names()).at(-1)).toBe("Salon Marketing");

    const post = await publish("Salons on WhatsApp", "Salon Marketing");
    expect(post.category).toBe("Salon Marketing");
    expect(await publicSlugs("Salon Marketing")).toEqual([post.slug]);

    const version = (await list()).version as number;
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ name: "All" }, "name"],
      [{ name: "x".repeat(41) }, "name"],
      [{ name: "Bad\u202Ename" }, "name"],
      [{ name: 42 }, "name"],
      [{ name: "Fine", hi: "h".repeat(41) }, "hi"],
    ] as const) {
      const bad = await write("", { ...body, version });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await json(bad)).field, JSON.stringify(body)).toBe(field);
    }
    const taken = await write("", { name: "salon marketing", version });
    expect(taken.status).toBe(409);
    // A form made from an older list is refused, nothing written.
    const stale = await write("", { name: "Another", version: 0 });
    expect(stale.status).toBe(409);
    expect(await names()).not.toContain("Another");
    expect(((await list()).version as number)).toBe(version);
    // Garbage bodies: a clear 4xx.
    expect((await call("POST", "/api/studio/categories", { token: editor, body: [1, 2] })).status).toBe(400);
    const notJson = await app.request("http://127.0.0.1/api/studio/categories", { method: "POST", headers: { authorization: `Bearer ${editor}`, "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it.runIf(buildPresent())("names a post's category on /hi pages with the owner's Hindi name: the listing's cards and the post page", async () => {
    const pages = await readyApp(deps);
    const res = await write("", { name: "Clinic Growth", hi: "क्लिनिक ग्रोथ", version: (await list()).version });
    expect(res.status).toBe(201);
    const post = await publish("Clinics answer faster", "Clinic Growth");
    const badge = (name: string) => new RegExp(`text-emerald-900">${name}</span>`);
    const listing = await (await pages.request(`http://127.0.0.1/hi/blogs?category=${encodeURIComponent("Clinic Growth")}`)).text();
    expect(listing).toContain(post.slug);
    expect(listing).toMatch(badge("क्लिनिक ग्रोथ"));
    const hindiPost = await (await pages.request(`http://127.0.0.1/hi/blog/${post.slug}`)).text();
    expect(hindiPost).toMatch(badge("क्लिनिक ग्रोथ"));
    // The English pages name it as stored, and carry no Hindi name.
    const englishPost = await (await pages.request(`http://127.0.0.1/blog/${post.slug}`)).text();
    expect(englishPost).toMatch(badge("Clinic Growth"));
    expect(englishPost).not.toContain("क्लिनिक ग्रोथ");
  });

  it("renames a category: its posts move with it, the old name still finds them and an open editor's save lands on the new name", async () => {
    const post = await publish("Clinic reminders", "Healthcare");
    const res = await write("/edit", { name: "Healthcare", newName: "Clinics & Health", hi: "क्लिनिक और स्वास्थ्य" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: "Clinics & Health", renamed: true, moved: 1 });
    const answer = await list();
    expect(answer.categories.find((c: Json) => c.name === "Clinics & Health")).toMatchObject({ hi: "क्लिनिक और स्वास्थ्य", posts: 1 });
    expect(answer.renamed).toMatchObject({ Healthcare: "Clinics & Health" });
    // Same place in the list.
    expect(answer.categories.map((c: Json) => c.name).indexOf("Clinics & Health")).toBe(DEFAULT_CATEGORY_NAMES.indexOf("Healthcare"));
    const stored = await t.db.kysely.selectFrom("blogs").select("category").where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(stored.category).toBe("Clinics & Health");
    // The assistant's index moved with it (the categories' event, decision 0059).
    expect(await indexedWords(post.id)).toContain("Clinics & Health");
    expect(await indexedWords(post.id)).not.toContain("Healthcare");
    expect(await publicSlugs("Clinics & Health")).toContain(post.slug);
    expect(await publicSlugs("Healthcare")).toContain(post.slug);
    // An editor opened before the rename saves the old name: the post keeps the new one.
    const saved = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, category: "Healthcare" } });
    expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(200);
    expect((await json(saved)).post.category).toBe("Clinics & Health");
    // Renamed again: the first name follows.
    expect((await write("/edit", { name: "Clinics & Health", newName: "Health" })).status).toBe(200);
    expect((await list()).renamed).toMatchObject({ Healthcare: "Health", "Clinics & Health": "Health" });
    expect(await publicSlugs("Healthcare")).toContain(post.slug);
    // The Hindi name alone: no post moves.
    const hindiOnly = await json(await write("/edit", { name: "Health", hi: "स्वास्थ्य" }));
    expect(hindiOnly).toMatchObject({ renamed: false, moved: 0, changed: true });
    expect((await write("/edit", { name: "Health", newName: "Technology" })).status).toBe(409);
    expect((await write("/edit", { name: "Nope", newName: "X" })).status).toBe(404);
  });

  it("reorders: the list's order is the order everyone reads", async () => {
    const before = await names();
    expect((await write("/move", { name: before[1], direction: "up" })).status).toBe(200);
    expect(await names()).toEqual([before[1], before[0], ...before.slice(2)]);
    // The first cannot go further up: nothing changes.
    expect((await json(await write("/move", { name: before[1], direction: "up" }))).moved).toBe(false);
    expect((await write("/move", { name: before[1], direction: "sideways" })).status).toBe(400);
  });

  it("removes a category no post uses; one in use is refused unless its posts are moved, then they move", async () => {
    expect((await write("", { name: "Empty One" })).status).toBe(201);
    expect((await write("/remove", { name: "Empty One" })).status).toBe(200);
    expect(await names()).not.toContain("Empty One");

    const post = await publish("Agents and site visits", "Real Estate");
    const refused = await write("/remove", { name: "Real Estate" });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await json(refused))).toMatch(/1 post uses this category/);
    expect(await names()).toContain("Real Estate");
    expect((await t.db.kysely.selectFrom("blogs").select("category").where("id", "=", post.id).executeTakeFirstOrThrow()).category).toBe("Real Estate");
    expect(await indexedWords(post.id)).toContain("Real Estate");
    expect((await write("/remove", { name: "Real Estate", moveTo: "Real Estate" })).status).toBe(400);
    expect((await write("/remove", { name: "Real Estate", moveTo: "Not a category" })).status).toBe(400);

    const moved = await write("/remove", { name: "Real Estate", moveTo: "Case Study" });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ moved: 1, movedTo: "Case Study" });
    expect(await names()).not.toContain("Real Estate");
    expect((await t.db.kysely.selectFrom("blogs").select("category").where("id", "=", post.id).executeTakeFirstOrThrow()).category).toBe("Case Study");
    expect(await indexedWords(post.id)).toContain("Case Study");
    expect(await indexedWords(post.id)).not.toContain("Real Estate");
    expect(await publicSlugs("Case Study")).toContain(post.slug);
    // The removed name's links land where its posts went.
    expect(await publicSlugs("Real Estate")).toContain(post.slug);
    // A post cannot be saved into the removed category.
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title: "Late", category: "Salon Marketing" } });
    expect(created.status).toBe(201);
    const draft = (await json(created)).post as Json;
    const bad = await call("PUT", `/api/studio/posts/${draft.id}`, { token: editor, body: { version: draft.version, category: "Nope" } });
    expect(bad.status).toBe(400);
  });

  it("never leaves the blog without a category, and writes an audit line for each change", async () => {
    const all = await names();
    for (const name of all.slice(1)) {
      const res = await write("/remove", { name, moveTo: all[0] });
      expect(res.status, name).toBe(200);
    }
    const last = await write("/remove", { name: all[0] });
    expect(last.status).toBe(409);
    expect(await names()).toEqual([all[0]]);
    const actions = await auditActions();
    for (const action of ["category.add", "category.edit", "category.move", "category.remove"]) expect(actions).toContain(action);
    // A new post starts in the first category of the list.
    const created = await call("POST", "/api/studio/posts", { token: owner, body: { title: "Default category" } });
    expect((await json(created)).post.category).toBe(all[0]);
  });

  it("is open to editors and owners only through the studio's guards", async () => {
    // Anyone else: the studio answers as if it did not exist.
    expect((await call("GET", "/api/studio/categories")).status).toBe(404);
    expect((await call("GET", "/api/studio/categories", { token: owner })).status).toBe(200);
  });
});
