/**
 * Posts in two languages (issue 33): a post has a language, a pair names each other, and the studio's rules hold
 * server-side (the other language only, one translation, the pair kept both ways through edits and deletion). The
 * listing puts the page's language first; the owner's archive carries language and pairing and restores them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { listBlogs } from "../../server/services/blog/listing";
import { insertBlogs } from "../../server/services/blog/posts";
import { getStudioPost } from "../../server/services/blog/studio-post-reads";
import { createPost, deletePost, publishPost, savePost } from "../../server/services/blog/studio-posts";
import { restoreRevision, listRevisions } from "../../server/services/blog/revisions";
import { exportArchive } from "../../server/services/backup/archive-export";
import { importArchive } from "../../server/services/backup/archive-import";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import type { Actor } from "../../server/services/audit";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

const BODY = "## शुरुआत\n\nपहला पैराग्राफ़।\n\n## Next\n\nSecond paragraph.";

describe.each(testDatabaseKinds())("posts in two languages on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let token: string;
  let actor: Actor;
  let n = 0;

  const call = (method: string, path: string, body?: unknown) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const full = (title: string, extra: Json = {}) => ({ title, excerpt: `About ${title}.`, author: "Asha Rao", category: "Technology", body: BODY, ...extra });
  const pairOf = async (id: number) => (await getStudioPost(deps, id)).translationOf;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true" });
    app = await createApp({ deps });
    const staff = await staffWithSession(deps, `lang.${kind}@example.com`, "editor");
    token = staff.token;
    actor = { userId: staff.userId, label: staff.email, clientIp: "127.0.0.1", secondFactorAt: Date.now() };
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("stores English by default, Hindi when chosen, and refuses any other language with a 400 naming the field", async () => {
    const plain = await createPost(deps, actor, full("Plain English"));
    expect(plain.language).toBe("en");
    expect(plain.translationOf).toBeNull();
    const hindi = await createPost(deps, actor, full("हिन्दी लेख", { slug: "hindi-lekh", language: "hi" }));
    expect(hindi.language).toBe("hi");
    // Its read time, left empty, is worked out in Hindi; the English one's stays as it was.
    const stored = await t.db.kysely.selectFrom("blogs").select(["slug", "read_time"]).where("id", "in", [plain.id, hindi.id]).orderBy("id").execute();
    expect(stored.map((r) => r.read_time)).toEqual(["1 min read", "पढ़ने में 1 मिनट"]);
    const res = await call("POST", "/api/studio/posts", full("French", { language: "fr" }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(JSON.stringify(body)).toMatch(/English or Hindi/);
    expect(JSON.stringify(body)).toContain("language");
    const bad = await call("POST", "/api/studio/posts", full("Bad pair", { translationOf: "seven" }));
    expect(bad.status).toBe(400);
  });

  it("a Hindi title gets a readable Latin address, unique, and an existing post keeps its address when its title changes (issue 44)", async () => {
    const title = "छोटे क्लिनिक के लिए WhatsApp पर अपॉइंटमेंट: पाँच आसान तरीक़े";
    const first = await call("POST", "/api/studio/posts", full(title, { language: "hi" }));
    expect(first.status).toBe(201);
    const a = ((await first.json()) as Json).post as Json;
    const second = await createPost(deps, actor, full(title, { language: "hi" }));
    expect(a.slug).toBe("chhote-klinik-ke-liye-whatsapp-par-apointment-panch-asan-tarike");
    expect(second.slug).toBe(`${a.slug}-2`);
    const plain = await createPost(deps, actor, full("क्लिनिक के लिए पाँच तरीक़े", { language: "hi" }));
    expect(plain.slug).toBe("klinik-ke-liye-panch-tarike");
    // The address stays when the title is edited: links already shared keep working.
    const saved = await savePost(deps, actor, plain.id, plain.version, { title: "क्लिनिक के लिए छह तरीक़े" });
    expect(saved.slug).toBe("klinik-ke-liye-panch-tarike");
  });

  it("pairs a post with one in the other language both ways, and refuses the same language, itself, a missing post and a taken one", async () => {
    const en = await createPost(deps, actor, full("Follow up fast"));
    const hi = await createPost(deps, actor, full("जल्दी फ़ॉलो-अप करें", { slug: "jaldi-follow-up", language: "hi", translationOf: en.id }));
    expect(hi.translationOf).toBe(en.id);
    expect(await pairOf(en.id)).toBe(hi.id);

    // The English post's version moved with the pairing: an editor open on it must reload rather than undo it.
    await expect(savePost(deps, actor, en.id, en.version, { title: "Stale" })).rejects.toMatchObject({ kind: "conflict", field: "version" });

    const other = await createPost(deps, actor, full("Another English one"));
    await expect(savePost(deps, actor, other.id, other.version, { translationOf: en.id })).rejects.toMatchObject({ kind: "invalid", field: "translationOf" });
    await expect(savePost(deps, actor, other.id, other.version, { translationOf: other.id })).rejects.toMatchObject({ kind: "invalid", field: "translationOf" });
    await expect(savePost(deps, actor, other.id, other.version, { translationOf: 99_999_999 })).rejects.toMatchObject({ kind: "invalid", field: "translationOf" });
    // A second Hindi translation of the same English post: refused (409), nothing changed.
    const hi2 = await createPost(deps, actor, full("दूसरा अनुवाद", { slug: "doosra-anuvad", language: "hi" }));
    await expect(savePost(deps, actor, hi2.id, hi2.version, { translationOf: en.id })).rejects.toMatchObject({ kind: "conflict", field: "translationOf" });
    expect(await pairOf(en.id)).toBe(hi.id);
    expect(await pairOf(hi2.id)).toBeNull();
    // Through the API: the same refusal as JSON naming the field.
    const res = await call("PUT", `/api/studio/posts/${hi2.id}`, { version: hi2.version, translationOf: en.id });
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain("already has a translation");

    // A paired post cannot switch to its partner's language.
    const hiNow = await getStudioPost(deps, hi.id);
    await expect(savePost(deps, actor, hi.id, hiNow.version, { language: "en" })).rejects.toMatchObject({ kind: "invalid", field: "translationOf" });

    // Re-pairing: the Hindi post moves to another English post; the first is left unpaired.
    const en2 = await createPost(deps, actor, full("Second English"));
    const moved = await savePost(deps, actor, hi.id, hiNow.version, { translationOf: en2.id });
    expect(moved.translationOf).toBe(en2.id);
    expect(await pairOf(en2.id)).toBe(hi.id);
    expect(await pairOf(en.id)).toBeNull();

    // Unpairing from either side clears both.
    const en2Now = await getStudioPost(deps, en2.id);
    await savePost(deps, actor, en2.id, en2Now.version, { translationOf: null });
    expect(await pairOf(hi.id)).toBeNull();
    expect(await pairOf(en2.id)).toBeNull();
  });

  it("keeps the pair when a revision is restored, and frees the translation when its partner is deleted", async () => {
    const en = await createPost(deps, actor, full("Revision pair"));
    const hi = await createPost(deps, actor, full("संशोधन जोड़ी", { slug: "sanshodhan-jodi", language: "hi" }));
    const first = (await listRevisions(deps, en.id))[0]!;
    const enNow = await getStudioPost(deps, en.id);
    const paired = await savePost(deps, actor, en.id, enNow.version, { translationOf: hi.id });
    expect(paired.translationOf).toBe(hi.id);
    // The first revision had no pair: restoring its text keeps today's pairing.
    const restored = await restoreRevision(deps, actor, en.id, first.id, paired.version);
    expect(restored.translationOf).toBe(hi.id);
    expect(restored.language).toBe("en");

    await deletePost(deps, actor, en.id);
    expect(await pairOf(hi.id)).toBeNull();
  });

  it("lists the page's language first on numbered pages, newest first within each; the cursor walk is unchanged", async () => {
    await insertBlogs(deps, [
      { slug: "order-en-old", title: "Old English", excerpt: "e", author: "A", date: "2025-01-01", readTime: "1 min read", category: "Technology", featured: false, tags: [], sections: [{ title: "", content: ["x"] }] },
      { slug: "order-en-new", title: "New English", excerpt: "e", author: "A", date: "2025-03-01", readTime: "1 min read", category: "Technology", featured: false, tags: [], sections: [{ title: "", content: ["x"] }] },
    ]);
    const hi = await createPost(deps, actor, full("पुराना हिन्दी लेख", { slug: "order-hi", language: "hi" }));
    // Published at a date between the two English posts.
    await publishPost(deps, actor, hi.id, hi.version, {}, Date.parse("2025-02-01T00:00:00Z"));
    const slugs = (page: { data: { slug: string }[] }) => page.data.map((b) => b.slug).filter((s) => s.startsWith("order-"));
    expect(slugs(await listBlogs(deps, { languageFirst: "hi", limit: 50 }))).toEqual(["order-hi", "order-en-new", "order-en-old"]);
    expect(slugs(await listBlogs(deps, { languageFirst: "en", limit: 50 }))).toEqual(["order-en-new", "order-en-old", "order-hi"]);
    expect(slugs(await listBlogs(deps, { limit: 50 }))).toEqual(["order-en-new", "order-hi", "order-en-old"]);
    // Page 2 of a Hindi-first listing continues where page 1 stopped (the offset path orders the same way).
    const one = await listBlogs(deps, { languageFirst: "hi", limit: 1, page: 1 });
    const two = await listBlogs(deps, { languageFirst: "hi", limit: 1, page: 2 });
    expect(one.data[0]?.slug).toBe("order-hi");
    expect(two.data[0]?.language).toBe("en");
    expect(one.data[0]?.language).toBe("hi");
  });

  it.each(testDatabaseKinds())("carries language and pairs through the owner's archive into %s", async (targetKind) => {
    const en = await createPost(deps, actor, full(`Archive pair ${targetKind}`));
    const hi = await createPost(deps, actor, full("संग्रह जोड़ी", { slug: `sangrah-jodi-${targetKind}`, language: "hi", translationOf: en.id }));
    const archive = await exportArchive(t.db);
    const target = await createTestDatabase(targetKind);
    try {
      await importArchive(target.db, archive);
      const rows = await target.db.kysely.selectFrom("blogs").select(["id", "language", "translation_of"]).where("id", "in", [en.id, hi.id]).orderBy("id").execute();
      expect(rows.map((r) => ({ id: Number(r.id), language: r.language, translation_of: Number(r.translation_of) }))).toEqual([
        { id: en.id, language: "en", translation_of: hi.id },
        { id: hi.id, language: "hi", translation_of: en.id },
      ]);
      // The restored site keeps the rules: the pair's English post cannot take a second translation.
      const targetDeps = testDeps(target.db);
      const third = await createPost(targetDeps, actor, full("तीसरा", { slug: `teesra-${targetKind}`, language: "hi" }));
      await expect(savePost(targetDeps, actor, third.id, third.version, { translationOf: en.id })).rejects.toMatchObject({ kind: "conflict" });
    } finally {
      await target.drop();
    }
  });
});
