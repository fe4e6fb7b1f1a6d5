import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { coverOfMedia, coversFor } from "../../server/services/media/covers";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { signedInAs } from "../helpers/media-staff";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A photo-like JPEG with EXIF (camera and GPS location) and an orientation, made here with sharp. */
async function jpegWithLocation(width: number, height: number, orientation = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + ((i / width) | 0)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Parrot 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2982/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4020/100" },
    })
    .toBuffer();
}

async function pngWithAlpha(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 90, alpha: 0.5 } } })
    .png()
    .withMetadata({ density: 300 })
    .toBuffer();
}

describe.each(testDatabaseKinds())("studio media on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner: string;
  let editor: string;
  let visitor: string;

  const upload = (token: string | undefined, bytes: Buffer, name = "photo.jpg", type = "image/jpeg", headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    return app.request("http://127.0.0.1/api/studio/media", {
      method: "POST",
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: form,
    });
  };
  const call = (method: string, path: string, token?: string, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1${path}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test", TRUST_PROXY: "true" });
    app = await createApp({ deps });
    owner = await signedInAs(app, deps, "owner", `owner.media.${kind}@example.com`);
    editor = await signedInAs(app, deps, "editor", `editor.media.${kind}@example.com`);
    visitor = await signedInAs(app, deps, "user", `visitor.media.${kind}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
  });

  it("answers 401 without a session and 403 to a visitor's account, on every media endpoint, storing nothing", async () => {
    const jpeg = await jpegWithLocation(64, 48);
    for (const token of [undefined, visitor]) {
      const expected = token ? 403 : 401;
      expect((await call("GET", "/api/studio/media", token)).status).toBe(expected);
      const refused = await upload(token, jpeg);
      expect(refused.status).toBe(expected);
      // Refused before its body was read: the connection ends with the answer.
      expect(refused.headers.get("connection")).toBe("close");
      expect((await call("DELETE", "/api/studio/media/1", token)).status).toBe(expected);
    }
    expect(await t.db.kysely.selectFrom("media").select("id").execute()).toEqual([]);
  });

  it("resizes a JPEG to WebP (and AVIF where it pays) at 480/960/1600 px, drops EXIF and GPS, applies the orientation, serves it immutable", async () => {
    const jpeg = await jpegWithLocation(2000, 1200);
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.toString("latin1")).toContain("TestCam");
    expect(original.exif?.length).toBeGreaterThan(100);
    const res = await upload(editor, jpeg, "C:\\fakepath\\beach trip.jpg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    const media = body.media as Json;
    expect(media).toMatchObject({ width: 2000, height: 1200, name: "beach trip.jpg", type: "image/jpeg" });
    expect(media.hash).toMatch(/^[0-9a-f]{64}$/);
    const webp = (media.files as Json[]).filter((f) => f.format === "webp");
    expect(webp.map((f) => [f.width, f.height])).toEqual([
      [480, 288],
      [960, 576],
      [1600, 960],
    ]);
    for (const file of media.files as Json[]) {
      expect(file.url).toBe(`/media/${file.name}`);
      expect(file.name.startsWith(media.hash.slice(0, 20))).toBe(true);
      const served = await call("GET", file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(`image/${file.format}`);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(file.size);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(file.format === "webp" ? "webp" : "heif");
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      // Revalidation and HEAD.
      expect((await call("GET", file.url, undefined, { "if-none-match": etag! })).status).toBe(304);
      const head = await call("HEAD", file.url);
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(file.size));
      expect(head.headers.get("content-type")).toBe(`image/${file.format}`);
    }
    // A signed-in visitor of the public site gets the same cacheable answer.
    const signedIn = await call("GET", webp[0]!.url, visitor);
    expect(signedIn.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // EXIF orientation 6 (turned a quarter): stored upright, the sizes swapped.
    const turned = (await (await upload(editor, await jpegWithLocation(600, 400, 6), "turned.jpg")).json()) as Json;
    expect([turned.media.width, turned.media.height]).toEqual([400, 600]);
    expect((turned.media.files as Json[]).filter((f) => f.format === "webp").map((f) => [f.width, f.height])).toEqual([[400, 600]]);

    const audit = await t.db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "media.upload").execute();
    expect(audit.map((a) => a.record_id)).toEqual(expect.arrayContaining([String(media.id), String(turned.media.id)]));
    expect(audit.find((a) => a.record_id === String(media.id))?.actor).toBe(`editor.media.${kind}@example.com`);
  });

  it("a PNG keeps its transparency, is never upscaled, and the same bytes uploaded twice are one item", async () => {
    const png = await pngWithAlpha(700, 400);
    const first = await upload(owner, png, "logo.png", "image/png");
    expect(first.status).toBe(201);
    const media = ((await first.json()) as Json).media as Json;
    expect(media).toMatchObject({ width: 700, height: 400, type: "image/png" });
    const webp = (media.files as Json[]).filter((f) => f.format === "webp");
    expect(webp.map((f) => f.width)).toEqual([480, 700]);
    const served = await sharp(Buffer.from(await (await call("GET", webp[1]!.url)).arrayBuffer())).metadata();
    expect(served.hasAlpha).toBe(true);
    expect(served.density).not.toBe(300);

    // Declared as a JPEG by an editor: judged by its bytes, the same image, the same item.
    const again = await upload(editor, png, "other-name.jpg", "image/jpeg");
    expect(again.status).toBe(200);
    const second = (await again.json()) as Json;
    expect(second.created).toBe(false);
    expect(second.media.id).toBe(media.id);
    const rows = await t.db.kysely.selectFrom("media").select("id").where("hash", "=", media.hash).execute();
    expect(rows).toHaveLength(1);
  });

  it("accepts a 16-bit grey PNG (made 8-bit sRGB)", async () => {
    const deep = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#777", noise: { type: "gaussian", mean: 100, sigma: 30 } } })
      .greyscale()
      .toColourspace("grey16")
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const res = await upload(editor, deep, "deep.png", "image/png");
    expect(res.status).toBe(201);
    const file = (((await res.json()) as Json).media.files as Json[]).find((f) => f.format === "webp" && f.width === 500)!;
    const meta = await sharp(Buffer.from(await (await call("GET", file.url)).arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.depth]).toEqual([500, 300, "uchar"]);
  });

  it("accepts WebP and AVIF uploads, recorded as what their bytes are", async () => {
    const base = sharp({ create: { width: 640, height: 360, channels: 3, background: "#2a6", noise: { type: "gaussian", mean: 100, sigma: 20 } } });
    for (const [format, bytes] of [
      ["image/webp", await base.clone().webp().toBuffer()],
      ["image/avif", await base.clone().avif().toBuffer()],
    ] as const) {
      const res = await upload(editor, bytes, "upload.bin", "application/octet-stream");
      expect(res.status, format).toBe(201);
      expect(((await res.json()) as Json).media).toMatchObject({ type: format, width: 640, height: 360 });
    }
  });

  it("refuses what is not an accepted still image with a clear message, storing nothing", async () => {
    const before = (await t.db.kysely.selectFrom("media").select("id").execute()).length;
    const text = await upload(editor, Buffer.from("this is not a photo, just text pretending\n".repeat(20)), "holiday.jpg", "image/jpeg");
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ success: false, field: "file", message: "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image." });

    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } }).gif().toBuffer();
    const refusedGif = await upload(editor, gif, "x.png", "image/png");
    expect(refusedGif.status).toBe(400);
    expect(((await refusedGif.json()) as Json).message).toBe("GIF images are not accepted. Upload a JPEG, PNG, WebP or AVIF image.");

    // A JPEG cut in half: its header reads, its pixels do not.
    const whole = await jpegWithLocation(800, 600);
    const cut = await upload(editor, whole.subarray(0, Math.floor(whole.length / 2)), "cut.jpg");
    expect(cut.status).toBe(400);

    const animated = await sharp({ create: { width: 10, height: 30, channels: 4, background: "#f00", pageHeight: 10, noise: { type: "gaussian", mean: 128, sigma: 30 } } })
      .webp({ loop: 0 })
      .toBuffer();
    const refusedAnimated = await upload(editor, animated, "a.webp", "image/webp");
    expect(refusedAnimated.status).toBe(400);
    expect(((await refusedAnimated.json()) as Json).message).toContain("Animated images");

    const missing = new FormData();
    missing.set("other", "x");
    const noFile = await app.request("http://127.0.0.1/api/studio/media", { method: "POST", headers: { authorization: `Bearer ${editor}` }, body: missing });
    expect(noFile.status).toBe(400);
    const json = await app.request("http://127.0.0.1/api/studio/media", {
      method: "POST",
      headers: { authorization: `Bearer ${editor}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect((await t.db.kysely.selectFrom("media").select("id").execute()).length).toBe(before);
  });

  it("refuses an 11 MB upload with 413, and keeps the 64 KiB limit on every other path", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const refused = await upload(editor, big, "huge.jpg");
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as Json).success).toBe(false);
    // The same body declared by its length is refused before it is read.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(big)]), "huge.jpg");
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const declared = await app.request("http://127.0.0.1/api/studio/media", {
      method: "POST",
      headers: { authorization: `Bearer ${editor}`, "content-type": encoded.headers.get("content-type")!, "content-length": String(bytes.length) },
      body: bytes,
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.get("connection")).toBe("close");

    // 100 KiB anywhere else, even beside the upload's path, is over the site's cap.
    const small = Buffer.alloc(100 * 1024, 0x41);
    for (const path of ["/api/studio/media/", "/api/studio/media/1", "/api/newsletter/subscribe"]) {
      const res = await app.request(`http://127.0.0.1${path}`, {
        method: path.endsWith("/1") ? "DELETE" : "POST",
        headers: { authorization: `Bearer ${editor}`, "content-type": "application/json", "content-length": String(small.length) },
        body: small,
      });
      expect(res.status, path).toBe(413);
    }
  });

  it("lists the library with where each image is used; deleting one in use is refused naming the post; the API names the 960 px WebP", async () => {
    await app.request("http://127.0.0.1/api/blogs/seed", { method: "POST" });
    const post = await t.db.kysely.selectFrom("blogs").select(["id", "slug", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const created = ((await (await upload(owner, await jpegWithLocation(1800, 900), "cover.jpg")).json()) as Json).media as Json;
    await t.db.kysely.updateTable("blogs").set({ cover_media_id: created.id, cover_alt: "A parrot on a branch" }).where("id", "=", post.id).execute();

    const library = (await (await call("GET", "/api/studio/media", editor)).json()) as Json;
    const listed = (library.media as Json[]).find((m) => m.id === created.id)!;
    expect(listed.usedBy).toEqual([{ id: Number(post.id), title: post.title, slug: post.slug, status: "published" }]);
    expect((library.media as Json[]).every((m) => Array.isArray(m.files) && m.files.every((f: Json) => !("data" in f)))).toBe(true);

    const refused = await call("DELETE", `/api/studio/media/${created.id}`, editor);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).message).toBe(`This image is the cover of “${post.title}”. Choose another cover for that post first.`);

    // The public API keeps the spec's shape: `image` is a URL, the cover's 960 px WebP.
    const cover960 = (created.files as Json[]).find((f) => f.format === "webp" && f.width === 960)!;
    const one = (await (await call("GET", `/api/blogs/${post.slug}`)).json()) as Json;
    expect(one.data.image).toBe(`https://wise-parrot.example.test${cover960.url}`);
    const list = (await (await call("GET", "/api/blogs?limit=50")).json()) as Json;
    expect((list.data as Json[]).find((b) => b.slug === post.slug)?.image).toBe(one.data.image);
    expect((list.data as Json[]).filter((b) => b.slug !== post.slug).every((b) => b.image === undefined)).toBe(true);

    // What the public pages draw: srcset of every WebP, AVIF beside it, the 960 version's size, the alt text.
    const covers = await coversFor(deps, [Number(post.id)]);
    expect(covers[Number(post.id)]).toMatchObject({ src: cover960.url, width: 960, height: 480, alt: "A parrot on a branch" });
    expect(await coverOfMedia(deps, created.id, "A parrot on a branch")).toEqual(covers[Number(post.id)]);
    expect(covers[Number(post.id)]!.srcSet).toBe(
      (created.files as Json[])
        .filter((f) => f.format === "webp")
        .map((f) => `${f.url} ${f.width}w`)
        .join(", "),
    );

    // Free again: deleted, its files gone (also from this process's cache), audited.
    await t.db.kysely.updateTable("blogs").set({ cover_media_id: null }).where("id", "=", post.id).execute();
    expect((await call("GET", cover960.url)).status).toBe(200);
    const deleted = await call("DELETE", `/api/studio/media/${created.id}`, editor);
    expect(deleted.status).toBe(200);
    expect((await call("GET", cover960.url)).status).toBe(404);
    expect((await call("DELETE", `/api/studio/media/${created.id}`, editor)).status).toBe(404);
    expect((await call("DELETE", "/api/studio/media/abc", editor)).status).toBe(400);
    expect(await t.db.kysely.selectFrom("media_files").select("name").where("media_id", "=", created.id).execute()).toEqual([]);
    const audit = await t.db.kysely.selectFrom("audit_log").select(["action", "record_id"]).where("action", "=", "media.delete").execute();
    expect(audit).toEqual([{ action: "media.delete", record_id: String(created.id) }]);
  });

  it("answers 404 for unknown or malformed media names, and sends a browser's form post back to the library page", async () => {
    for (const path of ["/media/0123456789abcdef0123-960.webp", "/media/nope.webp", "/media/..%2Fetc%2Fpasswd", "/media/"]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
    }
    const navigate = { "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml" };
    const ok = await upload(editor, await jpegWithLocation(300, 200), "nav.jpg", "image/jpeg", navigate);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toMatch(/^\/studio\/media\?uploaded=\d+$/);
    const bad = await upload(editor, Buffer.from("not an image"), "nav.jpg", "image/jpeg", navigate);
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/studio/media?error=notImage");
  });
});
