import sharp from "sharp";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { runStaffCommand } from "../../server/staff-command";
import { testConfig } from "../helpers/deps";
import { totpCode } from "../helpers/media-staff";
import { expect, test } from "./fixtures";
import { markAddressVerified } from "../helpers/verified";

// The studio's image upload through the real proxy: its one path takes a 10 MB body, every other path keeps the
// proxy's 1 MB and the site's 64 KiB.
test("an editor's image upload passes the proxy at up to 10 MB, and its files are served through it", async ({ request, server, reverseProxy }) => {
  const base = reverseProxy.url;
  const email = `deploy.media.${Date.now()}@example.com`;
  const registered = await request.post(`${base}/api/auth/register`, {
    headers: { origin: base },
    data: { name: "Deploy Editor", email, password: "a studio passphrase 11", company: "C", industry: "Healthcare" },
  });
  const { token } = (await registered.json()) as { token: string };
  const db = await openDatabase(server.databaseUrl);
  try {
    await markAddressVerified(db, email);
    await runStaffCommand({ config: testConfig({}, server.databaseUrl), db, log: createLogger("silent") }, ["grant", "editor", email], () => {}, () => {});
  } finally {
    await db.close();
  }
  const auth = { authorization: `Bearer ${token}`, origin: base };
  const { secret } = (await (await request.post(`${base}/api/studio/second-factor/enrolment`, { headers: auth })).json()) as { secret: string };
  expect((await request.post(`${base}/api/studio/second-factor/enrolment/confirm`, { headers: auth, data: { code: totpCode(secret) } })).status()).toBe(200);

  // A photo of noise, some 5 to 9 MB: far over the proxy's 1 MB elsewhere.
  const jpeg = await sharp({ create: { width: 3600, height: 2400, channels: 3, background: "#345", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(jpeg.length).toBeLessThan(10 * 1024 * 1024);
  const uploaded = await request.post(`${base}/api/studio/media`, {
    headers: auth,
    multipart: { file: { name: "big.jpg", mimeType: "image/jpeg", buffer: jpeg } },
    timeout: 60_000,
  });
  expect(uploaded.status()).toBe(201);
  const { media } = (await uploaded.json()) as { media: { width: number; files: { url: string; format: string }[] } };
  expect(media.width).toBe(3600);
  const served = await request.get(`${base}${media.files[0]!.url}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe(`image/${media.files[0]!.format}`);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // Over 10 MB: refused (by the proxy or the site), never stored.
  const huge = Buffer.alloc(11 * 1024 * 1024 + 100_000, 0xff);
  const refused = await request.post(`${base}/api/studio/media`, { headers: auth, multipart: { file: { name: "huge.jpg", mimeType: "image/jpeg", buffer: huge } } });
  // nginx answers 413 from the declared length; Caddy streams the body on, and when the site's 413 closes the
  // connection before Caddy finished sending, Caddy reports 502 (see below): refused either way, and nothing stored.
  expect([413, 502]).toContain(refused.status());
  const library = (await (await request.get(`${base}/api/studio/media`, { headers: auth })).json()) as { media: { name: string }[] };
  expect(library.media.map((m) => m.name)).toContain("big.jpg");
  expect(library.media.map((m) => m.name)).not.toContain("huge.jpg");
  // The large limit is this path's only: 2 MB anywhere else is refused. nginx answers 413 from the declared length;
  // Caddy streams the body on and the site answers 413 and closes at once, which Caddy reports as 502 (as it does
  // for any body over its 1 MB limit, before this change too).
  const elsewhere = await request.post(`${base}/api/studio/media/1`, { headers: auth, multipart: { file: { name: "x.jpg", mimeType: "image/jpeg", buffer: jpeg.subarray(0, 2 * 1024 * 1024) } } });
  expect([413, 502]).toContain(elsewhere.status());
  expect((await request.get(`${base}/api/studio/media`, { headers: auth })).status()).toBe(200);
});
