import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createSession } from "../../server/services/auth/sessions";
import { AUTOSAVE_REVISION_MS } from "../../server/services/blog/studio-post-history";
import { autosavePost, savePost } from "../../server/services/blog/studio-posts";
import { deleteMedia, uploadMedia } from "../../server/services/media/library";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { buildDir, buildPresent } from "../helpers/built-server";
import { staffWithSession, staffWithoutSecondFactor, totpCode } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

describe.each(testDatabaseKinds())("studio review on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let editor: string;
  let owner: string;
  let n = 0;

  const call = (method: string, path: string, { token, body, raw, headers = {} }: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(body === undefined && raw === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test", TRUST_PROXY: "true" });
    app = await createApp({ deps, ...(buildPresent() ? { buildDir: BUILD_DIR } : {}) });
    await untilReady(app);
    editor = (await staffWithSession(deps, `editor.review.${kind}@example.com`, "editor")).token;
    owner = (await staffWithSession(deps, `owner.review.${kind}@example.com`, "owner")).token;
  }, 60_000);

  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  const page = (method: string, pathname: string, { token, form, headers = {} }: { token?: string; form?: Record<string, string> | URLSearchParams; headers?: Record<string, string> } = {}) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(token ? { cookie: `__Host-wp_session=${token}` } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });

  it("setting up the second factor and spending a recovery code are in the audit log", async () => {
    const email = `enrol.review.${kind}@example.com`;
    const token = await staffWithoutSecondFactor(deps, email, "editor");
    const started = ((await (await call("POST", "/api/studio/second-factor/enrolment", { token, body: {} })).json()) as Json).secret as string;
    const confirmed = await call("POST", "/api/studio/second-factor/enrolment/confirm", { token, body: { code: totpCode(started) } });
    expect(confirmed.status).toBe(200);
    const codes = ((await confirmed.json()) as Json).recoveryCodes as string[];
    // A new sign-in, passed with a recovery code.
    const userId = (await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", email).executeTakeFirstOrThrow()).id;
    const again = (await createSession(deps, userId, { persistent: false })).token;
    expect((await call("POST", "/api/studio/second-factor", { token: again, body: { code: codes[0] } })).status).toBe(200);
    const lines = ((await (await call("GET", "/api/studio/audit", { token: owner })).json()) as Json).lines as Json[];
    const mine = lines.filter((l) => l.actor === email).map((l) => [l.action, l.detail]);
    expect(mine).toEqual(expect.arrayContaining([["staff.enrol", "editor"], ["staff.recovery-code", "9 left"]]));
  });

  it("a draft given a published post's old slug (or a deleted post's) leaves its 301 (410) answering until it is published", async () => {
    const full = { excerpt: "About it.", author: "Asha Rao", category: "Technology", body: "# One\n\nA paragraph." };
    const created = ((await (await call("POST", "/api/studio/posts", { token: editor, body: { title: "Renamed post", slug: "renamed-old", ...full } })).json()) as Json).post as Json;
    const post = ((await (await call("POST", `/api/studio/posts/${created.id}/publish`, { token: editor, body: { version: created.version } })).json()) as Json).post as Json;
    expect((await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: "renamed-new" } })).status).toBe(200);
    expect((await call("GET", "/api/blogs/renamed-old")).status).toBe(301);
    const gone = ((await (await call("POST", "/api/studio/posts", { token: editor, body: { title: "Gone post", slug: "gone-old", ...full } })).json()) as Json).post as Json;
    await call("POST", `/api/studio/posts/${gone.id}/publish`, { token: editor, body: { version: gone.version } });
    expect((await call("DELETE", `/api/studio/posts/${gone.id}`, { token: editor })).status).toBe(200);
    expect((await call("GET", "/api/blogs/gone-old")).status).toBe(410);

    // Drafts take both slugs: the public addresses still answer as before.
    const taker = ((await (await call("POST", "/api/studio/posts", { token: editor, body: { title: "Taker draft", slug: "renamed-old", ...full } })).json()) as Json).post as Json;
    const other = ((await (await call("POST", "/api/studio/posts", { token: editor, body: { title: "Other draft", ...full } })).json()) as Json).post as Json;
    expect((await call("PUT", `/api/studio/posts/${other.id}`, { token: editor, body: { version: other.version, slug: "gone-old" } })).status).toBe(200);
    const moved = await call("GET", "/api/blogs/renamed-old");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/api/blogs/renamed-new");
    expect((await call("GET", "/api/blogs/gone-old")).status).toBe(410);

    // Published, the draft is the post at that address.
    await call("POST", `/api/studio/posts/${taker.id}/publish`, { token: editor, body: { version: taker.version } });
    expect(((await (await call("GET", "/api/blogs/renamed-old")).json()) as Json).data.title).toBe("Taker draft");
    expect(await t.db.kysely.selectFrom("blog_redirects").select("slug").where("slug", "=", "renamed-old").execute()).toEqual([]);
  });

  it.skipIf(!buildPresent())("a long session of autosaves keeps one revision per ten minutes, so earlier revisions stay restorable", async () => {
    const writer = await staffWithSession(deps, `autosave.review.${kind}@example.com`, "editor");
    const full = { excerpt: "About it.", author: "Asha Rao", category: "Technology", body: "# One\n\nThe first words." };
    const created = ((await (await call("POST", "/api/studio/posts", { token: writer.token, body: { title: "Autosaved post", ...full } })).json()) as Json).post as Json;
    const current = async () => (((await (await call("GET", `/api/studio/posts/${created.id}`, { token: writer.token })).json()) as Json).post as Json).version as number;
    const form = (intent: string, version: number, body: string) => ({ intent, version: String(version), title: "Autosaved post", excerpt: full.excerpt, author: full.author, category: full.category, tags: "", readTime: "", coverMediaId: "", coverAlt: "", body, tzOffset: "0" });
    // A save by button: the version to come back to.
    expect((await page("POST", `/studio/posts/${created.id}`, { token: writer.token, form: form("save", await current(), "# One\n\nThe words saved by hand.") })).status).toBe(200);
    // Then 60 autosaves, as a few minutes of typing with pauses make.
    for (let i = 0; i < 60; i++) {
      const res = await page("POST", `/studio/posts/${created.id}.data`, { token: writer.token, form: form("autosave", await current(), `# One\n\nThe words saved by hand. And ${i} more.`) });
      expect(res.status).toBe(200);
    }
    const revisions = ((await (await call("GET", `/api/studio/posts/${created.id}/revisions`, { token: writer.token })).json()) as Json).revisions as Json[];
    // Newest first: the autosaves' one revision (the last text), the save by button, the creation.
    expect(revisions).toHaveLength(3);
    const byHand = ((await (await call("GET", `/api/studio/posts/${created.id}/revisions/${revisions[1]!.id}`, { token: writer.token })).json()) as Json).revision as Json;
    expect(byHand.snapshot.body).toBe("# One\n\nThe words saved by hand.");
    const latest = ((await (await call("GET", `/api/studio/posts/${created.id}/revisions/${revisions[0]!.id}`, { token: writer.token })).json()) as Json).revision as Json;
    expect(latest.snapshot.body).toBe("# One\n\nThe words saved by hand. And 59 more.");
    expect(latest.version).toBe(await current());
    // Ten minutes on, an autosave starts a new revision.
    const actor = { userId: writer.userId, label: writer.email, clientIp: "203.0.113.5", access: "editor" as const };
    await autosavePost(deps, actor, created.id, await current(), { body: "Later words." }, Date.now() + AUTOSAVE_REVISION_MS + 1);
    expect((((await (await call("GET", `/api/studio/posts/${created.id}/revisions`, { token: writer.token })).json()) as Json).revisions as Json[]).length).toBe(4);
  }, 120_000);

  it("an uploaded file's name loses the invisible marks that reverse text (U+202E and the like)", async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a52" } }).png().toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "holiday\u202Egnp.exe");
    const res = await app.request("http://127.0.0.1/api/studio/media", { method: "POST", headers: { authorization: `Bearer ${editor}` }, body: form });
    expect(res.status).toBe(201);
    expect((((await res.json()) as Json).media as Json).name).toBe("holidaygnp.exe");
    const audit = ((await (await call("GET", "/api/studio/audit", { token: owner })).json()) as Json).lines as Json[];
    expect(audit.find((l) => l.action === "media.upload")?.detail).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it.runIf(kind === "postgres")("an image deleted while a post is saved with it as cover: one of the two is refused, never a cover that is gone", async () => {
    const actor = { userId: null, label: "review test", clientIp: "203.0.113.5" };
    const image = async (colour: string) => {
      const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: colour } }).png().toBuffer();
      return (await uploadMedia(deps, { bytes, name: `${colour}.png` }, actor)).item.id;
    };
    const post = ((await (await call("POST", "/api/studio/posts", { token: editor, body: { title: "Covered while deleted" } })).json()) as Json).post as Json;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // The delete goes first and is not committed yet: the save waits for it, then says the image is gone.
    const first = await image("#102030");
    let saving: Promise<unknown> = Promise.resolve();
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("media_files").where("media_id", "=", first).execute();
      await trx.deleteFrom("media").where("id", "=", first).execute();
      saving = savePost(deps, actor, post.id, post.version, { coverMediaId: first, coverAlt: "A cover" }).then(
        () => "saved",
        (e: { kind?: string; field?: string }) => `${e.kind}:${e.field}`,
      );
      await sleep(300);
    });
    expect(await saving).toBe("invalid:coverMediaId");

    // The save goes first (it holds the image) and is not committed yet: the delete waits, then names the post.
    const second = await image("#405060");
    let deleting: Promise<unknown> = Promise.resolve();
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom("media").select("id").where("id", "=", second).forShare().execute();
      deleting = deleteMedia(deps, second, actor).then(
        () => "deleted",
        (e: { kind?: string }) => String(e.kind),
      );
      await sleep(300);
      await trx.updateTable("blogs").set({ cover_media_id: second, cover_alt: "A cover" }).where("id", "=", post.id).execute();
    });
    expect(await deleting).toBe("conflict");
    const dangling = await t.db.kysely
      .selectFrom("blogs")
      .leftJoin("media", "media.id", "blogs.cover_media_id")
      .select("blogs.id")
      .where("blogs.cover_media_id", "is not", null)
      .where("media.id", "is", null)
      .execute();
    expect(dangling).toEqual([]);
  });

  it("typing in a published post does not put half-written text on the site: its autosave is refused, its button saves", async () => {
    const writer = await staffWithSession(deps, `live.review.${kind}@example.com`, "editor");
    const actor = { userId: writer.userId, label: writer.email, clientIp: "203.0.113.5", access: "editor" as const };
    const full = { excerpt: "About it.", author: "Asha Rao", category: "Technology", body: "# One\n\nThe finished words." };
    const created = ((await (await call("POST", "/api/studio/posts", { token: writer.token, body: { title: "Live post", slug: "live-review-post", ...full } })).json()) as Json).post as Json;
    const live = ((await (await call("POST", `/api/studio/posts/${created.id}/publish`, { token: writer.token, body: { version: created.version } })).json()) as Json).post as Json;
    await expect(autosavePost(deps, actor, live.id, live.version, { body: "# One\n\nThe fini" })).rejects.toMatchObject({ kind: "conflict" });
    const shown = ((await (await call("GET", "/api/blogs/live-review-post")).json()) as Json).data as Json;
    expect(JSON.stringify(shown.content)).toContain("The finished words.");
    // A draft still autosaves.
    const draft = ((await (await call("POST", "/api/studio/posts", { token: writer.token, body: { title: "Draft post", ...full } })).json()) as Json).post as Json;
    expect((await autosavePost(deps, actor, draft.id, draft.version, { body: "Typing…" })).body).toBe("Typing…");
    if (buildPresent()) {
      const form = { intent: "autosave", version: String(live.version), title: "Live post", slug: "live-review-post", excerpt: full.excerpt, author: full.author, category: full.category, tags: "", readTime: "", coverMediaId: "", coverAlt: "", body: "# One\n\nHalf-writ", tzOffset: "0" };
      const res = await page("POST", `/studio/posts/${live.id}`, { token: writer.token, form });
      expect(res.status).toBe(409);
      const saved = await page("POST", `/studio/posts/${live.id}`, { token: writer.token, form: { ...form, intent: "save", body: "# One\n\nThe finished words, edited." } });
      expect(saved.status).toBe(200);
      const after = ((await (await call("GET", "/api/blogs/live-review-post")).json()) as Json).data as Json;
      expect(JSON.stringify(after.content)).toContain("The finished words, edited.");
    }
  });

  it("a body as long as the editor allows, in any script, reaches the posts API; a visitor's stays held to 64 KiB", async () => {
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title: "A long post in French" } });
    const post = ((await created.json()) as Json).post as Json;
    // 50,000 characters (POST_RULES.bodyMax), two bytes each in UTF-8: 100 KB of JSON.
    const body = `# Écrire\n\n${"é".repeat(49_990)}`;
    expect(body.length).toBe(50_000);
    const saved = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, body } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((((await saved.json()) as Json).post as Json).body).toBe(body);
    // Without a studio session the site's limit stands.
    const anonymous = await call("PUT", `/api/studio/posts/${post.id}`, { body: { version: 2, body } });
    expect(anonymous.status).toBe(413);
  });

  it.skipIf(!buildPresent())("the editor's page saves a body as long as the editor allows, typographic quotes and all", async () => {
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title: "A long post with quotes" } });
    const post = ((await created.json()) as Json).post as Json;
    // A form is sent percent-encoded: each ’ is nine bytes on the wire.
    const body = `It’s ${"’".repeat(49_995)}`;
    expect(body.length).toBe(50_000);
    const form = { intent: "save", version: String(post.version), title: post.title, excerpt: "", author: "", category: "Technology", tags: "", readTime: "", coverMediaId: "", coverAlt: "", body, tzOffset: "0" };
    for (const path of [`/studio/posts/${post.id}`, `/studio/posts/${post.id}.data`]) {
      const version = ((await (await call("GET", `/api/studio/posts/${post.id}`, { token: editor })).json()) as Json).post.version;
      const res = await page("POST", path, { token: editor, form: { ...form, version: String(version) } });
      expect(res.status, `${path}: ${(await res.clone().text()).slice(0, 200)}`).toBe(200);
    }
    const stored = ((await (await call("GET", `/api/studio/posts/${post.id}`, { token: editor })).json()) as Json).post as Json;
    expect(stored.body).toBe(body);
    expect((await page("POST", "/studio/posts/new", { form: { title: "x", body } })).status).toBe(413);
  });

  it.skipIf(!buildPresent())("posts saved with odd but allowed fields render their editor, preview and revisions pages", async () => {
    const failures: string[] = [];
    for (const fields of [{ category: "" }, { tags: [] }, { body: "" }, { slug: "a".repeat(150) }, { readTime: "" }, { excerpt: "<script>alert(1)</script>" }]) {
      const res = await call("POST", "/api/studio/posts", { token: editor, body: { title: `Odd ${JSON.stringify(fields).slice(0, 40)}`, ...fields } });
      if (res.status !== 201) { failures.push(`create ${JSON.stringify(fields).slice(0, 60)} → ${res.status} ${await res.text()}`); continue; }
      const post = ((await res.json()) as Json).post as Json;
      for (const suffix of ["", "/preview", "/revisions"]) {
        const r = await page("GET", `/studio/posts/${post.id}${suffix}`, { token: editor });
        if (r.status !== 200) failures.push(`${suffix} ${JSON.stringify(fields).slice(0, 60)} → ${r.status} ${(await r.text()).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.skipIf(!buildPresent())("the studio at /Studio, /STUDIO/posts or /%73tudio is, for a visitor, the same 404 as an unknown address", async () => {
    const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
    const unknown = await page("GET", "/no-such-page-at-all");
    const unknownBody = comparable(await unknown.text());
    const unknownData = await (await page("GET", "/no-such-page-at-all.data")).text();
    for (const path of ["/Studio", "/STUDIO/posts", "/Studio/Posts/1", "/%73tudio/posts", "/studio%2Fposts", "/Studio/audit"]) {
      const res = await page("GET", path);
      expect(res.status, path).toBe(404);
      expect(comparable(await res.text()), path).toBe(unknownBody);
      expect(res.headers.get("x-robots-tag"), path).toContain("noindex");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(await (await page("GET", `${path}.data`)).text(), `${path}.data`).toBe(unknownData);
    }
    // Staff reach their pages at those addresses too, privately.
    const staffPage = await page("GET", "/Studio/posts", { token: editor });
    expect(staffPage.status).toBe(200);
    expect(staffPage.headers.get("cache-control")).toBe("no-store");
  });

  it("an image over 40 megapixels (a 100 MP photo, or a header that claims 65,000 px) is refused as too large, not as unreadable", async () => {
    const up = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)]), name);
      return app.request("http://127.0.0.1/api/studio/media", { method: "POST", headers: { authorization: `Bearer ${editor}` }, body: form });
    };
    const tooMany = "The image has too many pixels (over 40 megapixels). Make it smaller and try again.";
    const big = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#234" } }).png({ compressionLevel: 9 }).toBuffer();
    const refused = await up(big, "panorama.png");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, field: "file", message: tooMany });
    // A small JPEG whose header (SOF0) claims 65,000 × 65,000 pixels: refused from the header, nothing decoded.
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#000" } }).jpeg().toBuffer();
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    const claims = Buffer.from(small);
    claims.writeUInt16BE(65_000, sof + 5);
    claims.writeUInt16BE(65_000, sof + 7);
    const bomb = await up(claims, "claims.jpg");
    expect(bomb.status).toBe(400);
    expect(((await bomb.json()) as Json).message).toBe(tooMany);
    expect(await t.db.kysely.selectFrom("media").select("id").where("original_name", "in", ["panorama.png", "claims.jpg"]).execute()).toEqual([]);
  }, 60_000);

  it.skipIf(!buildPresent())("a studio page opened before the second factor is where the code leads back to; never another site", async () => {
    const email = `back.review.${kind}@example.com`;
    const first = await staffWithoutSecondFactor(deps, email, "editor");
    const secret = ((await (await call("POST", "/api/studio/second-factor/enrolment", { token: first, body: {} })).json()) as Json).secret as string;
    const codes = ((await (await call("POST", "/api/studio/second-factor/enrolment/confirm", { token: first, body: { code: totpCode(secret) } })).json()) as Json).recoveryCodes as string[];
    const userId = (await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", email).executeTakeFirstOrThrow()).id;
    const fresh = async () => (await createSession(deps, userId, { persistent: false })).token;
    const created = await call("POST", "/api/studio/posts", { token: first, body: { title: "Bookmarked post" } });
    const post = ((await created.json()) as Json).post as Json;

    let token = await fresh();
    const asked = await page("GET", `/studio/posts/${post.id}?from=mail`, { token });
    expect(asked.status).toBe(302);
    const gate = asked.headers.get("location")!;
    expect(gate).toBe(`/studio/second-factor?next=${encodeURIComponent(`/studio/posts/${post.id}?from=mail`)}`);
    expect((await page("GET", gate, { token })).status).toBe(200);
    const passed = await page("POST", gate, { token, form: { code: codes[0]! } });
    expect(passed.status).toBe(303);
    expect(passed.headers.get("location")).toBe(`/studio/posts/${post.id}?from=mail`);

    // Elsewhere than a studio page: the studio's home.
    let used = 1;
    for (const next of ["//evil.example/studio", "https://evil.example/x", "/studio/../sign-out", "/\\evil.example", "/studio/second-factor", "/blog/x", "javascript:alert(1)"]) {
      token = await fresh();
      const res = await page("POST", `/studio/second-factor?next=${encodeURIComponent(next)}`, { token, form: { code: codes[used++]! } });
      expect(res.status, next).toBe(303);
      expect(res.headers.get("location"), next).toBe("/studio");
    }
  });

  it.skipIf(!buildPresent())("no studio page answers 500 to odd ids, query strings or forms (editor and owner)", async () => {
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title: "Page probe post" } });
    const post = ((await created.json()) as Json).post as Json;
    const failures: string[] = [];
    const check = async (method: string, path: string, opts: Parameters<typeof page>[2]) => {
      const res = await page(method, path, opts);
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(opts?.form)} → ${res.status} ${(await res.text()).slice(0, 300)}`);
    };
    const ids = [String(post.id), "0", "-1", "NaN", "1e400", "99999999999999999999", "abc", "%00"];
    const forms: Record<string, string>[] = [
      {},
      { intent: "save" },
      { intent: "save", version: "abc" },
      { intent: "save", version: String(post.version), coverMediaId: "99999999999999" },
      { intent: "save", version: String(post.version), coverMediaId: "-5" },
      { intent: "schedule", version: String(post.version), scheduledAt: "2099-02-30T10:00", tzOffset: "99999" },
      { intent: "schedule", version: String(post.version), scheduledAt: "275760-09-13T00:00", tzOffset: "-840" },
      { intent: "schedule", version: String(post.version), scheduledAt: "9999-12-31T23:59", tzOffset: "-840" },
      { intent: "publish", version: "1e400" },
      { intent: "delete" },
      { intent: "bogus" },
      { intent: "delete", confirm: "yes", id: "abc" },
      { intent: "delete", id: "99999999999999999999" },
      { revision: "abc", version: "x" },
      { revision: "1", version: "1" },
      { intent: "invite", email: "a@b.cd", access: "god" },
      { intent: "revoke", email: "nobody@example.com" },
      { code: "x".repeat(100) },
    ];
    for (const token of [editor, owner]) {
      for (const id of ids) {
        for (const suffix of ["", "/preview", "/revisions", "/revisions?from=abc&to=1e400", "/revisions?from=1&to=99999999999999999999"]) await check("GET", `/studio/posts/${id}${suffix}`, { token });
        for (const form of forms) {
          await check("POST", `/studio/posts/${id}`, { token, form });
          await check("POST", `/studio/posts/${id}/revisions`, { token, form });
        }
      }
      for (const form of forms) for (const path of ["/studio/posts/new", "/studio/media", "/studio/staff", "/studio/second-factor", "/studio/enrol", "/studio/posts", "/studio", "/studio/audit"]) await check("POST", path, { token, form });
      for (const q of ["?page=0", "?page=1e400", "?page=abc", "?status=x", "?category=%00", `?search=${"a".repeat(300)}`, "?delete=abc", "?delete=1e400", "?error=%00", "?before=-1&action=%00&actor=x", "?revoke=%00"]) {
        for (const path of ["/studio/posts", "/studio/media", "/studio/audit", "/studio/staff", "/studio"]) await check("GET", `${path}${q}`, { token });
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("no studio API endpoint answers 500 to odd ids, bodies or query strings (editor and owner)", async () => {
    const created = await call("POST", "/api/studio/posts", { token: editor, body: { title: "Probe post" } });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as Json).post as Json;
    const ids = [String(post.id), "0", "-1", "NaN", "1e400", "99999999999999999999", "1.5", "%00", "abc", "9007199254740993"];
    const bodies: unknown[] = [null, [], [1], "x", 1, true, { version: "1" }, { version: [1] }, { version: 1e300 }, { version: post.version, title: ["a"] }, { version: post.version, tags: [1] }, { version: post.version, tags: "a,".repeat(500) }, { version: post.version, coverMediaId: "1" }, { version: post.version, coverMediaId: 1e300 }, { version: post.version, featured: "yes" }, { version: post.version, scheduledAt: "2099-02-30T10:00Z" }, { version: post.version, scheduledAt: 1e300 }, { version: post.version, scheduledAt: -1 }, { version: post.version, body: "#".repeat(5000) }, { version: post.version, __proto__: { x: 1 } }, { version: post.version, constructor: 1 }];
    const raws = ["", "{", "null", "\"\"", "[]", "{\"version\":1,\"version\":2}"];
    const failures: string[] = [];
    const check = async (method: string, path: string, opts: Parameters<typeof call>[2]) => {
      const res = await call(method, path, opts);
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(opts?.body ?? opts?.raw)} → ${res.status} ${await res.text()}`);
    };
    for (const token of [editor, owner]) {
      for (const id of ids) {
        for (const suffix of ["", "/revisions", "/revisions/compare?from=1&to=x", "/revisions/compare?from=1e400&to=2", `/revisions/${id}`]) await check("GET", `/api/studio/posts/${id}${suffix}`, { token });
        for (const body of bodies) {
          for (const action of ["publish", "schedule", "unpublish", `revisions/1/restore`, `revisions/${id}/restore`]) await check("POST", `/api/studio/posts/${id}/${action}`, { token, body });
          await check("PUT", `/api/studio/posts/${id}`, { token, body });
        }
        for (const raw of raws) await check("PUT", `/api/studio/posts/${id}`, { token, raw });
        await check("DELETE", `/api/studio/media/${id}`, { token });
      }
      for (const q of ["?page=0", "?page=1e400", "?page=abc", "?status=x", "?category=%00", "?search=%25%5F", `?search=${"a".repeat(300)}`, "?page=1&page=2", "?status=draft&status=published"]) await check("GET", `/api/studio/posts${q}`, { token });
      for (const q of ["?before=-1", "?before=1e400", "?before=abc", "?before=1&before=2"]) await check("GET", `/api/studio/audit${q}`, { token });
      for (const body of bodies) {
        await check("POST", "/api/studio/posts", { token, body });
        await check("POST", "/api/studio/staff/invitations", { token, body });
        await check("POST", "/api/studio/staff/revoke", { token, body });
        await check("POST", "/api/studio/second-factor", { token, body });
      }
      for (const raw of raws) {
        await check("POST", "/api/studio/media", { token, raw, headers: { "content-type": "multipart/form-data; boundary=x" } });
        await check("POST", "/api/studio/media", { token, raw, headers: { "content-type": "multipart/form-data" } });
      }
    }
    for (const q of ["", "?token=", `?token=${"a".repeat(500)}`, "?token=a&token=b"]) await check("GET", `/api/studio/invitation${q}`, {});
    for (const body of bodies) await check("POST", "/api/studio/invitation", { body });
    expect(failures).toEqual([]);
  }, 240_000);
});
