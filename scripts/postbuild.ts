/**
 * After `react-router build`: pre-compress the client files (brotli and gzip),
 * stamp the prerendered pages with the configuration they were made with, and
 * bundle the Node host (server/index.ts) into build/host/index.js.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build as esbuild } from "esbuild";
import { getConfig } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { writePrerenderStamp } from "../server/prerender-stamp";

loadDotEnv();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|data)$/;

let files = 0;
let saved = 0;
const walk = (dir: string) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(abs);
    else if (COMPRESSIBLE.test(entry.name)) {
      const raw = fs.readFileSync(abs);
      if (raw.length < 1024) continue;
      const br = zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      const gz = zlib.gzipSync(raw, { level: 9 });
      fs.writeFileSync(`${abs}.br`, br);
      fs.writeFileSync(`${abs}.gz`, gz);
      files += 1;
      saved += raw.length - br.length;
    }
  }
};
walk(clientDir);

writePrerenderStamp(buildDir, getConfig());

await esbuild({
  entryPoints: [path.resolve("server/index.ts")],
  outfile: path.join(buildDir, "host", "index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

console.log(`postbuild: compressed ${files} files (brotli saves ${(saved / 1024).toFixed(0)} KiB), host bundled`);
