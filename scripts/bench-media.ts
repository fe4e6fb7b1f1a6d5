/**
 * `npm run bench:media` (issue 15): what an upload costs. Starts the production build (WP_BUILD_DIR, default
 * build-e2e) on a loopback port with a temporary SQLite database (or BENCH_DATABASE_URL, a PostgreSQL database the
 * bench may write to), signs an editor in, then uploads BENCH_UPLOADS (default 5, at most 10) ~10 MB JPEGs of noise
 * (BENCH_IMAGE=detail, the default: coarse and fine noise, busier at 960 px than any photograph; BENCH_IMAGE=grain:
 * fine noise only, which scaling averages away), one at a time, each one different.
 * Prints: upload-to-ready time (request sent → 201 with every version stored) median and range; the bytes served
 * for the 960 px cover (WebP and AVIF) of those images; the server process's peak resident memory (VmHWM) before
 * the first upload and after the last. A benchmark, not a test: read it with the load average it prints.
 */
import fs from "node:fs";
import os from "node:os";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import { openDatabase } from "../server/db/database";
import { createLogger } from "../server/logger";
import { runStaffCommand } from "../server/staff-command";
import { startBuiltServer } from "../tests/helpers/built-server";
import { testConfig } from "../tests/helpers/deps";
import { markAddressVerified } from "../tests/helpers/verified";

const UPLOADS = Math.min(Math.max(Number(process.env.BENCH_UPLOADS ?? 5), 1), 10);
const TARGET_BYTES = 9.8 * 1024 * 1024;
/** BENCH_IMAGE: `detail` (default; coarse and fine noise) or `grain` (fine noise only). */
const IMAGE = process.env.BENCH_IMAGE === "grain" ? "grain" : "detail";

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A noisy JPEG just under 10 MB (the upload limit): the size is tuned by the picture's dimensions. */
async function noisyJpeg(seed: number): Promise<Buffer> {
  let width = 5000;
  let out = Buffer.alloc(0);
  for (let attempt = 0; attempt < 4; attempt++) {
    const height = Math.round((width * 2) / 3);
    const background = { r: (seed * 37) % 256, g: 120, b: 90 };
    if (IMAGE === "grain") {
      // Fine grain only: it makes the JPEG heavy and averages away when scaled down (the small-file end).
      out = await sharp({ create: { width, height, channels: 3, background, noise: { type: "gaussian", mean: 128, sigma: 28 } } })
        .blur(0.5)
        .jpeg({ quality: 90 })
        .toBuffer();
    } else {
      // Detail at every scale: coarse noise enlarged (it survives at 960 px: the large-file end, far busier than a
      // photograph), fine grain over it.
      const coarse = await sharp({ create: { width: Math.round(width / 12), height: Math.round(height / 12), channels: 3, background, noise: { type: "gaussian", mean: 128, sigma: 60 } } })
        .resize(width, height, { kernel: "cubic" })
        .png({ compressionLevel: 0 })
        .toBuffer();
      out = await sharp(coarse)
        .composite([{ input: { create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 24 } } }, blend: "soft-light" }])
        .jpeg({ quality: 90 })
        .toBuffer();
    }
    if (out.length <= 10 * 1024 * 1024 && out.length > TARGET_BYTES * 0.93) break;
    width = Math.floor(width * Math.sqrt(TARGET_BYTES / out.length));
  }
  return out;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

async function main() {
  const env: Record<string, string> = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startBuiltServer(env);
  const base = server.url;
  try {
    const email = `bench.media.${Date.now()}@example.com`;
    const json = { "content-type": "application/json", origin: base };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "Bench Editor", email, password: "a studio passphrase 11", company: "C", industry: "Healthcare" }),
    });
    const { token } = (await registered.json()) as { token: string };
    const db = await openDatabase(server.databaseUrl);
    await markAddressVerified(db, email);
    await runStaffCommand({ config: testConfig({}, server.databaseUrl), db, log: createLogger("silent") }, ["grant", "editor", email], () => {}, () => {});
    await db.close();
    const auth = { authorization: `Bearer ${token}`, origin: base };
    const { secret } = (await (await fetch(`${base}/api/studio/second-factor/enrolment`, { method: "POST", headers: auth })).json()) as { secret: string };
    const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const enrolled = await fetch(`${base}/api/studio/second-factor/enrolment/confirm`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ code }) });
    if (!enrolled.ok) throw new Error(`enrolment answered ${enrolled.status}`);

    const pid = server.process.pid!;
    // One small request first, so the process has loaded everything but the image code.
    await fetch(`${base}/api/studio/media`, { headers: auth });
    const idlePeak = peakRssMb(pid);
    const times: number[] = [];
    const served: { webp: number; avif: number | null; original: number; width: number; height: number }[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const jpeg = await noisyJpeg(i);
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `noise-${i}.jpg`);
      const started = performance.now();
      const res = await fetch(`${base}/api/studio/media`, { method: "POST", headers: auth, body: form });
      const body = (await res.json()) as { media?: { width: number; height: number; files: { format: string; width: number; url: string }[] }; message?: string };
      const ms = performance.now() - started;
      if (res.status !== 201 || !body.media) throw new Error(`upload ${i} answered ${res.status}: ${body.message}`);
      times.push(ms);
      const size = async (format: string) => {
        const file = body.media!.files.find((f) => f.format === format && f.width === 960);
        if (!file) return null;
        const got = await fetch(`${base}${file.url}`);
        return (await got.arrayBuffer()).byteLength;
      };
      served.push({ webp: (await size("webp"))!, avif: await size("avif"), original: jpeg.length, width: body.media.width, height: body.media.height });
      console.log(`upload ${i + 1}: ${(jpeg.length / 1048576).toFixed(2)} MiB ${body.media.width}×${body.media.height} → ready in ${Math.round(ms)} ms; 960 px WebP ${served[i]!.webp} B, AVIF ${served[i]!.avif ?? "not kept"} B`);
    }
    const afterPeak = peakRssMb(pid);
    console.log("");
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, database ${env.DATABASE_URL ? "PostgreSQL" : "SQLite"}, image ${IMAGE}`);
    console.log(`upload-to-ready, ${UPLOADS} uploads of ~10 MB JPEGs: median ${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`);
    console.log(`960 px cover served: WebP median ${Math.round(median(served.map((s) => s.webp)))} B; AVIF median ${served.every((s) => s.avif !== null) ? `${Math.round(median(served.map((s) => s.avif!)))} B` : "not kept for some"}`);
    console.log(`server peak RSS (VmHWM): ${idlePeak.toFixed(1)} MB before the first upload, ${afterPeak.toFixed(1)} MB after the last (+${(afterPeak - idlePeak).toFixed(1)} MB)`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
