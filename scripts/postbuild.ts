/**
 * After `react-router build`: pre-compress the client files (brotli and gzip),
 * bundle the Node host (server/index.ts) into build/host/index.js and the
 * operator's commands into build/commands/ (run by build/bin/wise-parrot),
 * write the server bundles in ASCII, and compute the common passwords' fingerprints.
 *
 * ASCII: V8 keeps every loaded module's source text in memory, one byte per
 * character only when all of them fit in Latin-1; a single curly quote or
 * ellipsis in a message makes the whole bundle two bytes a character (about
 * 1.3 MB more in every server process for the two bundles; issue 20). esbuild
 * writes the other characters as escapes, which mean the same.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build as esbuild, transform } from "esbuild";
import { BUILT_FINGERPRINTS_FILE, computeFingerprints } from "../server/services/auth/password-policy";
import { loadDotEnv } from "../server/env-file";
import { LAUNCHER, launcherScript, OPERATOR_COMMANDS } from "./operator-commands";

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

await esbuild({
  entryPoints: [path.resolve("server/index.ts")],
  outfile: path.join(buildDir, "host", "index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  charset: "ascii",
  logLevel: "warning",
});

// The operator's commands (staff, backup, restore, export, import, db:migrate…), compiled the same way so that a
// deployment with only the build and its production packages runs them with node alone (scripts/operator-commands.ts).
// One file per command, the code they share in chunks beside them.
const commandsDir = path.join(buildDir, "commands");
fs.rmSync(commandsDir, { recursive: true, force: true });
await esbuild({
  entryPoints: Object.values(OPERATOR_COMMANDS).map((script) => path.resolve("scripts", `${script}.ts`)),
  outdir: commandsDir,
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  charset: "ascii",
  logLevel: "warning",
});
fs.mkdirSync(path.join(buildDir, "bin"), { recursive: true });
fs.writeFileSync(path.join(buildDir, "bin", LAUNCHER), launcherScript(), { mode: 0o755 });
fs.chmodSync(path.join(buildDir, "bin", LAUNCHER), 0o755);

// The React Router server build (Vite writes non-ASCII characters as they are).
const asAscii = async (dir: string): Promise<void> => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) await asAscii(abs);
    else if (entry.name.endsWith(".js")) {
      const code = fs.readFileSync(abs, "utf8");
      // eslint-disable-next-line no-control-regex -- the test is exactly "any character outside ASCII"
      if (!/[^\x00-\x7f]/.test(code)) continue;
      const out = await transform(code, { loader: "js", format: "esm", target: "node20", charset: "ascii", legalComments: "inline" });
      fs.writeFileSync(abs, out.code);
    }
  }
};
await asAscii(path.join(buildDir, "server"));

// The common passwords' fingerprints, computed once here instead of in every server process at start
// (server/services/auth/password-policy.ts).
const fingerprints = await computeFingerprints();
fs.writeFileSync(path.join(buildDir, BUILT_FINGERPRINTS_FILE), new Uint8Array(fingerprints.buffer, fingerprints.byteOffset, fingerprints.byteLength));

console.log(`postbuild: compressed ${files} files (brotli saves ${(saved / 1024).toFixed(0)} KiB), host and ${Object.keys(OPERATOR_COMMANDS).length} operator commands bundled`);
