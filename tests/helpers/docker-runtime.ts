/**
 * The Docker image's runtime stage, laid out on this machine without Docker (issue 40): the Dockerfile is read, and
 * the files its runtime stage COPYs from the build stage are put into a temporary root at the same places (`/app` →
 * `<root>/app`), with the environment its ENV lines give. The build stage's `/app` is this checkout after
 * `npm ci --omit=dev`, `npm run build` and the `npm rm` of the build tooling, so:
 * - `/app/build` is the build under test (WP_BUILD_DIR, `build-e2e` by default);
 * - `/app/node_modules` is what those npm commands leave: the packages reachable from package.json's dependencies
 *   once the removed ones are taken out, read from package-lock.json, hard-linked from this checkout's node_modules
 *   (no dev dependency, no tsx);
 * - any other `/app/<path>` is the checkout's file.
 */
import fs from "node:fs";
import path from "node:path";

export type Instruction = { keyword: string; args: string; line: number };
export type Stage = { name: string; image: string; instructions: Instruction[] };
export type Dockerfile = { globalArgs: Record<string, string>; stages: Stage[] };

/** The Dockerfile's instructions by stage: continuation lines joined, comment lines dropped (as Docker does). */
export function parseDockerfile(text: string): Dockerfile {
  const instructions: Instruction[] = [];
  let current: Instruction | null = null;
  text.split("\n").forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (!current && trimmed === "")) return;
    const continued = trimmed.endsWith("\\");
    const body = continued ? trimmed.slice(0, -1).trim() : trimmed;
    if (current) current.args = `${current.args} ${body}`.trim();
    else {
      const m = /^(\S+)\s*(.*)$/.exec(body)!;
      current = { keyword: m[1]!.toUpperCase(), args: m[2]!, line: i + 1 };
    }
    if (!continued) {
      instructions.push(current);
      current = null;
    }
  });
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions) {
    if (ins.keyword === "FROM") {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`Dockerfile line ${ins.line}: FROM ${ins.args}`);
      stages.push({ image: m[1]!, name: m[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0) {
      if (ins.keyword === "ARG") Object.assign(globalArgs, assignments(ins.args, {}));
    } else stages.at(-1)!.instructions.push(ins);
  }
  return { globalArgs, stages };
}

/** `A=1 B="two words"` (or the old `A value` form), with $VAR and ${VAR} expanded from `env`. */
export function assignments(args: string, env: Record<string, string>): Record<string, string> {
  const expand = (v: string) => v.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => env[(a ?? b)!] ?? "");
  if (!/^\w+=/.test(args)) {
    const m = /^(\w+)(?:\s+(.*))?$/.exec(args);
    return m ? { [m[1]!]: expand(m[2] ?? "") } : {};
  }
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
    const raw = m[2]!;
    out[m[1]!] = raw.startsWith("'") ? raw.slice(1, -1) : expand(raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw);
  }
  return out;
}

export function stage(file: Dockerfile, name: string): Stage {
  const found = file.stages.find((s) => s.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage "${name}"`);
  return found;
}

/** `COPY [--from=x] [--chown=…] <src>… <dest>`, each source with its destination resolved against WORKDIR. */
export function copies(s: Stage): Array<{ from: string | null; source: string; dest: string }> {
  let workdir = "/";
  const out: Array<{ from: string | null; source: string; dest: string }> = [];
  for (const ins of s.instructions) {
    if (ins.keyword === "WORKDIR") workdir = path.posix.resolve(workdir, ins.args);
    if (ins.keyword !== "COPY") continue;
    const words = ins.args.split(/\s+/);
    const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length) ?? null;
    const paths = words.filter((w) => !w.startsWith("--"));
    const dest = path.posix.resolve(workdir, paths.at(-1)!);
    for (const source of paths.slice(0, -1)) out.push({ from, source, dest });
  }
  return out;
}

/** The packages `npm rm` takes out in the build stage (the build tooling). */
export function removedPackages(s: Stage): string[] {
  const out: string[] = [];
  for (const ins of s.instructions.filter((i) => i.keyword === "RUN")) {
    for (const m of ins.args.matchAll(/npm (?:rm|remove|uninstall)\s+([^&;|]*)/g)) {
      out.push(...m[1]!.split(/\s+/).filter((w) => w && !w.startsWith("-")));
    }
  }
  return out;
}

type LockPackage = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
};

/**
 * The lock file's locations (`node_modules/a`, `node_modules/a/node_modules/b`) npm installs from the root's
 * dependencies without `removed`: each dependency found as Node finds it, from the nearest node_modules outwards.
 */
export function productionPackages(repo: string, removed: string[]): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(repo, "package-lock.json"), "utf8")) as { packages: Record<string, LockPackage> };
  const root = lock.packages[""]!;
  const wanted = new Set<string>();
  const resolve = (from: string, name: string): string | null => {
    for (let dir = from; ; dir = dir.includes("/node_modules/") ? dir.slice(0, dir.lastIndexOf("/node_modules/")) : "") {
      const at = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (lock.packages[at]) return at;
      if (!dir) return null;
    }
  };
  const visit = (location: string, pkg: LockPackage) => {
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter((n) => !pkg.peerDependenciesMeta?.[n]?.optional);
    for (const name of [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}), ...peers]) {
      const at = resolve(location, name);
      // An optional dependency for another platform is in the lock file but not installed here, nor in the image.
      if (!at || wanted.has(at) || !fs.existsSync(path.join(repo, at))) continue;
      wanted.add(at);
      visit(at, lock.packages[at]!);
    }
  };
  const roots = Object.fromEntries(Object.entries(root.dependencies ?? {}).filter(([name]) => !removed.includes(name)));
  visit("", { dependencies: roots, optionalDependencies: root.optionalDependencies });
  return [...wanted].sort();
}

/** Hard links of a folder's files (copies across file systems), leaving out its own node_modules. */
function linkTree(source: string, dest: string): void {
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(dest, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") linkTree(from, to);
    } else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else {
      try {
        fs.linkSync(from, to);
      } catch {
        fs.copyFileSync(from, to);
      }
    }
  }
}

export type RuntimeLayout = {
  /** Where the image's `/` is. */
  root: string;
  /** The image's path, here. */
  at(imagePath: string): string;
  /** The environment the runtime stage's ENV lines give (their image paths moved under root). */
  env: Record<string, string>;
  workdir: string;
  volumes: string[];
  user: string | null;
  copied: Array<{ source: string; dest: string }>;
};

/**
 * Lays out the runtime stage under `root`. `basePath` stands for the base image's PATH (where `node` is).
 */
export function layOutRuntime(options: { repo: string; buildDir: string; root: string; basePath: string; stageName?: string }): RuntimeLayout {
  const { repo, buildDir, root } = options;
  const file = parseDockerfile(fs.readFileSync(path.join(repo, "Dockerfile"), "utf8"));
  const runtime = stage(file, options.stageName ?? "runtime");
  const at = (imagePath: string) => path.join(root, imagePath);
  const copied: Array<{ source: string; dest: string }> = [];
  for (const c of copies(runtime)) {
    if (c.from === null) throw new Error(`COPY ${c.source}: only files from the build stage are laid out`);
    const from = stage(file, c.from);
    const buildWorkdir = copies(from).find((x) => x.source === ".")?.dest ?? "/app";
    const rel = path.posix.relative(buildWorkdir, path.posix.resolve(buildWorkdir, c.source));
    if (rel.startsWith("..")) throw new Error(`COPY --from=${c.from} ${c.source}: outside the build stage's ${buildWorkdir}`);
    const dest = at(c.dest);
    if (rel === "node_modules") {
      for (const location of productionPackages(repo, removedPackages(from))) {
        linkTree(path.join(repo, location), path.join(dest, location.slice("node_modules/".length)));
      }
    } else {
      const source = rel === "build" || rel.startsWith("build/") ? path.join(buildDir, rel.slice("build".length)) : path.join(repo, rel);
      if (fs.statSync(source).isDirectory()) linkTree(source, dest);
      else {
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.copyFileSync(source, dest);
        fs.chmodSync(dest, fs.statSync(source).mode);
      }
    }
    copied.push({ source: c.source, dest: c.dest });
  }

  // ENV, WORKDIR, VOLUME and USER as Docker reads them, in order; the base image's PATH is this machine's.
  const imageEnv: Record<string, string> = { PATH: options.basePath };
  let workdir = "/";
  const volumes: string[] = [];
  let user: string | null = null;
  for (const ins of runtime.instructions) {
    if (ins.keyword === "ENV") Object.assign(imageEnv, assignments(ins.args, imageEnv));
    if (ins.keyword === "WORKDIR") workdir = path.posix.resolve(workdir, ins.args);
    if (ins.keyword === "USER") user = ins.args;
    if (ins.keyword === "VOLUME") volumes.push(...(JSON.parse(ins.args) as string[]));
  }
  // An image path in a folder the stage makes (a volume, the work dir, a COPY's destination) moves under root.
  const tops = new Set([...volumes, workdir, ...copied.map((c) => c.dest)].map((p) => p.split("/")[1]));
  const move = (value: string) => (value.startsWith("/") && tops.has(value.split("/")[1]) ? at(value) : value);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(imageEnv)) env[key] = key === "PATH" ? value.split(":").map(move).join(":") : move(value);
  for (const v of volumes) fs.mkdirSync(at(v), { recursive: true });
  fs.mkdirSync(at(workdir), { recursive: true });
  return { root, at, env, workdir: at(workdir), volumes: volumes.map(at), user, copied };
}
