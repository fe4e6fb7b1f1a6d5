/**
 * The owner's archive (issue 32): a site exported and imported into an empty SQLite or PostgreSQL database shows
 * the same public pages, feeds, API answers and studio data, media bytes included; a damaged or foreign archive,
 * or a site that is not empty, is refused and nothing changes. Every table is classified: archived or left out.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { insertBlogs } from "../../server/services/blog/posts";
import type { BlogInput } from "../../server/services/blog/types";
import { exportArchive } from "../../server/services/backup/archive-export";
import { importArchive, isEmptySite } from "../../server/services/backup/archive-import";
import { listTables, unclassifiedTables } from "../../server/services/backup/catalogue";
import { ARCHIVED_TABLES } from "../../server/services/backup/tables";
import { readTar, writeTar } from "../../server/services/backup/tar";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const HAVE_BUILD = buildPresent();
type App = Awaited<ReturnType<typeof createApp>>;
type Row = Record<string, unknown>;

function post(slug: string, day: number, extra: Partial<BlogInput> = {}): BlogInput {
  return {
    slug,
    title: `Archive post ${slug}, "quoted" & <marked>`,
    excerpt: `Excerpt of ${slug}`,
    author: "Archive Tester",
    date: `2025-03-${String(day).padStart(2, "0")}`,
    readTime: "4 min read",
    category: "Technology",
    featured: day % 2 === 0,
    tags: ["archive", `t${day}`],
    sections: [{ title: "One", content: [`Text of ${slug} — हिन्दी too`, "• a point"] }],
    ...extra,
  };
}

async function ready(app: App) {
  await untilReady(app);
}

const json = (body: unknown, ip: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip },
  body: JSON.stringify(body),
});

/** A site with something in every archived table a visitor or the owner fills. */
async function fillSite(t: TestDatabase, app: App) {
  await insertBlogs(testDeps(t.db), [post("archive-one", 1), post("archive-two", 2), post("archive-three", 3)]);
  const k = t.db.kysely;
  const blogs = await k.selectFrom("blogs").select(["id", "slug"]).orderBy("id").execute();
  for (const [i, b] of blogs.entries()) {
    for (let v = 0; v <= i; v++) {
      const res = await app.request(`/api/blogs/${b.id}/like`, json({}, `198.51.100.${10 + v}`));
      expect(res.status).toBe(200);
    }
  }
  for (let i = 0; i < 3; i++) {
    expect((await app.request("/api/newsletter/subscribe", json({ email: `reader${i}@example.com` }, `198.51.100.${40 + i}`))).status).toBeLessThan(300);
    expect(
      (await app.request("/api/leads", json({ firstName: "Asha", lastName: `Lead ${i}`, email: `lead${i}@example.com`, phone: "9876543210", message: `=HYPERLINK("x") ${i}` }, `198.51.100.${60 + i}`))).status,
    ).toBe(201);
  }
  expect(
    (await app.request("/api/auth/register", json({ name: "Asha Deshpande", email: "asha@example.com", password: "correct horse battery staple 42", industry: "Real Estate", company: "Asha Homes" }, "198.51.100.80"))).status,
  ).toBeLessThan(300);
  const now = Date.now();
  const media = await k
    .insertInto("media")
    .values({ hash: "h1", original_name: "cover.jpg", original_type: "image/jpeg", original_size: 1234, width: 960, height: 540, created_at: now, created_by: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
  await k.insertInto("media_files").values({ name: `m${media.id}-960.webp`, media_id: media.id, format: "webp", width: 960, height: 540, size: bytes.length, data: bytes }).execute();
  await k.insertInto("blog_revisions").values({ blog_id: blogs[0]!.id, version: 1, saved_at: now, saved_by: null, snapshot: JSON.stringify({ title: "old" }) }).execute();
  await k.insertInto("blog_gone").values({ slug: "old-address", gone_at: now }).execute();
  await k.insertInto("audit_log").values({ at: now, user_id: null, actor: "cli", action: "test", record_type: "site", record_id: "1", client_ip: "", detail: "{}" }).execute();
  await k.insertInto("chat_questions").values({ question: "kitna price hai?", question_key: "kitna price", topic: "pricing", fell_through: 0, created_at: now }).execute();
  await k.insertInto("analytics_daily").values({ day: 20000, filter: "", report: "pages", key: "/", visitors: 7, views: 9, bounces: 2 }).execute();
}

async function tableRows(t: TestDatabase): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  const k = t.db.kysely as unknown as Kysely<Record<string, Row>>;
  for (const [name, spec] of Object.entries(ARCHIVED_TABLES)) {
    let q = k.selectFrom(name).selectAll();
    for (const c of spec.orderBy) q = q.orderBy(c);
    out[name] = (await q.execute()).map((r) => {
      const copy: Row = { ...r, ...spec.replace };
      if (spec.file) copy[spec.file.column] = Buffer.from(r[spec.file.column] as Uint8Array).toString("base64");
      return copy;
    });
  }
  return out;
}

const PAGES = ["/api/blogs", "/api/blogs/archive-two", "/rss.xml", "/sitemap.xml", "/blogs", "/blog/archive-one", "/blog/archive-three"];

/** What a visitor gets, minus what differs per response. */
async function pages(app: App): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of PAGES) {
    const res = await app.request(p, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(res.status, p).toBe(200);
    out[p] = (await res.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
  }
  return out;
}

describe("the archive's container", () => {
  it("round-trips files and refuses unsafe names", () => {
    const entries = [{ name: "manifest.json", data: Buffer.from("{}") }, { name: "media/a.webp", data: Buffer.alloc(1025, 7) }];
    expect(readTar(writeTar(entries))).toEqual(entries);
    expect(() => writeTar([{ name: "../etc/passwd", data: Buffer.alloc(1) }])).toThrow(/unsafe/);
  });
});

describe.each(testDatabaseKinds())("every table of a %s site is archived or left out on purpose", (kind) => {
  it("has no unclassified table", async () => {
    const t = await createTestDatabase(kind);
    try {
      expect(await unclassifiedTables(t.db)).toEqual([]);
      const tables = await listTables(t.db);
      for (const name of Object.keys(ARCHIVED_TABLES)) expect(tables).toContain(name);
    } finally {
      await t.drop();
    }
  });
});

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())("export from %s, import into an empty site", (sourceKind: TestDatabaseKind) => {
  let source: TestDatabase;
  let sourceApp: App;
  let archive: Buffer;
  let sourceRows: Record<string, Row[]>;
  let sourcePages: Record<string, string>;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase(sourceKind);
    sourceApp = await createApp({ deps: testDeps(source.db, { TRUST_PROXY: "true" }), buildDir: buildDir() });
    await ready(sourceApp);
    await fillSite(source, sourceApp);
    archive = await exportArchive(source.db);
    // The source as exported; rendering its pages afterwards counts views, as it does on each restored copy.
    sourceRows = await tableRows(source);
    sourcePages = await pages(await createApp({ deps: testDeps(source.db, { TRUST_PROXY: "true" }), buildDir: buildDir() }));
  }, 60_000);
  afterAll(async () => {
    await source?.drop();
    for (const t of targets) await t.drop();
  });

  it.each(testDatabaseKinds())("restores into %s with equal pages, feeds, API answers, lists and media bytes", async (targetKind) => {
    const target = await createTestDatabase(targetKind);
    targets.push(target);
    const summary = await importArchive(target.db, archive);
    expect(summary.tables.blogs).toBe(3);
    expect(summary.mediaFiles).toBe(1);

    const [before, after] = [sourceRows, await tableRows(target)];
    for (const name of Object.keys(ARCHIVED_TABLES)) expect(after[name], name).toEqual(before[name]);
    expect(before.leads).toHaveLength(3);
    expect(before.users?.[0]?.password_hash).toBeNull();

    const targetApp = await createApp({ deps: testDeps(target.db, { TRUST_PROXY: "true" }), buildDir: buildDir() });
    await ready(targetApp);
    expect(await pages(targetApp)).toEqual(sourcePages);

    // New rows after the import get new ids (PostgreSQL's sequences moved past the imported ones).
    const res = await targetApp.request("/api/leads", json({ firstName: "New", lastName: "Lead", email: "new@example.com", phone: "9876543210", message: "after import" }, "198.51.100.99"));
    expect(res.status).toBe(201);
  });

  it.each(testDatabaseKinds())("refuses a damaged, foreign or mismatched archive into %s and changes nothing", async (targetKind) => {
    const target = await createTestDatabase(targetKind);
    targets.push(target);
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const tar = gunzipSync(archive);
    const entries = readTar(tar);
    const tampered = entries.map((e) => (e.name === "tables/leads.json" ? { ...e, data: Buffer.from(e.data.toString().replace("Lead 1", "Lead X")) } : e));
    const cases: [string, Buffer, RegExp][] = [
      ["a byte flipped", flipped, /damaged|not a Wise Parrot archive/],
      ["cut short", archive.subarray(0, Math.floor(archive.length * 0.7)), /damaged|not a complete/],
      ["not gzip at all", Buffer.from("PK\u0003\u0004 a zip file"), /not a Wise Parrot archive/],
      ["another program's tar.gz", gzipSync(writeTar([{ name: "backup.sql", data: Buffer.from("select 1;") }])), /no Wise Parrot manifest/],
      ["a table edited after export", gzipSync(writeTar(tampered)), /leads\.json does not match its checksum/],
    ];
    for (const [what, bytes, message] of cases) {
      await expect(importArchive(target.db, bytes), what).rejects.toThrow(message);
      expect((await isEmptySite(target.db)).empty, what).toBe(true);
    }
  });

  it("refuses to import into a site that already has data", async () => {
    await expect(importArchive(source.db, archive)).rejects.toThrow(/not empty/);
    expect(await source.db.kysely.selectFrom("blogs").select("id").execute()).toHaveLength(3);
  });
});

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())("the studio's export page on %s", (kind) => {
  let t: TestDatabase;
  let app: App;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://site.example" });
    app = await createApp({ deps, buildDir: buildDir() });
    await ready(app);
    await insertBlogs(deps, [post("studio-export", 4)]);
  }, 60_000);
  afterAll(async () => t?.drop());

  const as = (token: string | null, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(token ? { cookie: `__Host-wp_session=${token}` } : {}), origin: "https://site.example", "content-type": "application/x-www-form-urlencoded" },
  });

  it("gives the owner the archive on a POST, audited; refuses editors; is an unknown page to visitors", async () => {
    const owner = await staffWithSession(deps, "owner.export@example.com", "owner");
    const editor = await staffWithSession(deps, "editor.export@example.com", "editor");

    const page = await app.request("/studio/export", as(owner.token));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Download the archive");

    const res = await app.request("/studio/export/archive", as(owner.token, { method: "POST", body: "" }));
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="wise-parrot-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const entries = readTar(gunzipSync(Buffer.from(await res.arrayBuffer())));
    const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString()) as { tables: Record<string, number> };
    expect(manifest.tables.blogs).toBe(1);
    const audit = await t.db.kysely.selectFrom("audit_log").select(["action", "user_id"]).where("action", "=", "site.export").execute();
    expect(audit).toEqual([{ action: "site.export", user_id: owner.userId }]);

    // Editors are refused (as on every owner-only page); to visitors the studio does not exist.
    for (const [token, status] of [[editor.token, 403], [null, 404]] as const) {
      expect((await app.request("/studio/export", as(token))).status).toBe(status);
      expect((await app.request("/studio/export/archive", as(token, { method: "POST", body: "" }))).status).toBe(status);
    }
    const opened = await app.request("/studio/export/archive", as(owner.token));
    expect([opened.status, opened.headers.get("location")]).toEqual([302, "/studio/export"]);
    // A cross-site form post is refused before it reaches the studio.
    const cross = await app.request("/studio/export/archive", { method: "POST", body: "", headers: { cookie: `__Host-wp_session=${owner.token}`, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" } });
    expect(cross.status).toBe(403);
    expect(await t.db.kysely.selectFrom("audit_log").select("id").where("action", "=", "site.export").execute()).toHaveLength(1);
  });
});
