/**
 * A process manager stops the site by signalling its main process (issue 40): systemd, pm2 or a container running
 * `npm start` or `npm run serve` signal npm's PID and wait for it. npm passes SIGTERM and SIGINT to its child only;
 * every process under it must stop, the requests drained (the server's own shutdown), and npm exit 0 within the
 * grace period. Before: `npm run serve` left `sh` between npm and node (sh died, the server ran on, orphaned), and
 * `npm start`'s wrapper blocked in spawnSync could not pass a signal on (tsx then SIGKILLed it; the server stayed).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildDir, buildPresent, serverPort } from "../helpers/built-server";

/** compose.yaml's stop_grace_period: what a container gets between SIGTERM and SIGKILL. */
const GRACE_MS = 20_000;

/** Every process below `root` now (from /proc: each one's parent). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (command) state ppid …": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Whether a process still runs (a zombie waiting for its parent to read its exit counts as stopped). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

type Run = {
  npm: ChildProcess;
  output(): string;
  /** The processes under npm now, remembered for the clean-up. */
  tree(): number[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
};
const started: Array<{ pids: () => number[] }> = [];

afterEach(() => {
  // Whatever a failed test left running: only the processes these tests started, by their ids.
  for (const s of started.splice(0)) for (const pid of s.pids()) if (alive(pid)) process.kill(pid, "SIGKILL");
});

async function npmRun(script: string, env: Record<string, string>): Promise<Run & { url: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-signals-"));
  const port = await serverPort();
  const npm = spawn("npm", ["run", script], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: path.join(dataDir, "site.db"),
      MAIL_DIR: path.join(dataDir, "mail"),
      LOG_LEVEL: "info",
      WP_BUILD_DIR: buildDir(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  npm.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  // Every process of the tree each time it is looked at (the build's group too), for the clean-up.
  const seen = new Set<number>([npm.pid!]);
  const tree = () => {
    const now = descendants(npm.pid!);
    for (const pid of now) seen.add(pid);
    return now;
  };
  started.push({ pids: () => (tree(), [...seen]) });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    npm.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { npm, output: () => output, tree, exited, url: `http://127.0.0.1:${port}`, dataDir };
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string, output: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} within ${ms / 1000} s. Output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const healthy = async (url: string) => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200;

describe.skipIf(!buildPresent())("a signal to npm stops the whole site", () => {
  const cases: Array<[string, NodeJS.Signals, string]> = [
    ["serve", "SIGTERM", "2"],
    ["start", "SIGTERM", "2"],
    ["start", "SIGTERM", "1"],
    ["start", "SIGINT", "2"],
  ];
  it.each(cases)("npm run %s, %s to npm (WEB_CONCURRENCY=%s): every process stops, npm exits 0", async (script, signal, processes) => {
    const run = await npmRun(script, { WEB_CONCURRENCY: processes });
    // A stale build would be rebuilt by npm start first (its own check): room for that on a loaded machine.
    await until(() => healthy(run.url), 240_000, "the site did not answer", run.output);
    // Both server processes of the cluster listen before the tree is taken.
    if (processes !== "1") await until(() => (run.output().match(/"server process listening"/g) ?? []).length >= Number(processes), 60_000, "not every process listened", run.output);
    const tree = run.tree();
    const servers = tree.filter((pid) => commandOf(pid).includes("host/index.js"));
    expect(servers, tree.map(commandOf).join("\n")).toHaveLength(processes === "1" ? 1 : Number(processes) + 1);

    const signalled = Date.now();
    run.npm.kill(signal);
    const exit = await Promise.race([run.exited, new Promise<null>((r) => setTimeout(() => r(null), GRACE_MS))]);
    expect(exit, `npm did not exit within ${GRACE_MS / 1000} s:\n${run.output()}`).not.toBeNull();
    console.log(`npm run ${script} (${processes} server process${processes === "1" ? "" : "es"}): ${signal} → npm exited after ${exit!.at - signalled} ms`);
    expect(exit!.code, run.output()).toBe(0);
    await until(() => tree.every((pid) => !alive(pid)), 2_000, `still running: ${tree.filter(alive).map(commandOf).join("; ")}`, run.output);
    // Drained, not killed: each server process said it stopped.
    expect((run.output().match(/"msg":"stopped"/g) ?? []).length).toBe(Number(processes));
    expect(await healthy(run.url)).toBe(false);
    fs.rmSync(run.dataDir, { recursive: true, force: true });
  }, 300_000);

  it("npm start, SIGTERM to npm while it builds: the build stops too (all its processes), npm exits 0", async () => {
    // An empty build folder: npm start builds first.
    const emptyBuild = fs.mkdtempSync(path.join(os.tmpdir(), "wp-signals-build-"));
    const run = await npmRun("start", { WP_BUILD_DIR: emptyBuild, WEB_CONCURRENCY: "1" });
    await until(() => run.output().includes("No build yet: building..."), 60_000, "npm start did not start building", run.output);
    // The build under way: npm, the start script, and the build's own npm, shell and react-router.
    await until(() => run.tree().some((pid) => commandOf(pid).includes("react-router build")), 60_000, "react-router build did not start", run.output);
    const tree = run.tree();
    const starter = tree.find((pid) => commandOf(pid).includes("scripts/start.ts"));
    const signalled = Date.now();
    run.npm.kill("SIGTERM");
    const exit = await Promise.race([run.exited, new Promise<null>((r) => setTimeout(() => r(null), GRACE_MS))]);
    expect(exit, `npm did not exit within ${GRACE_MS / 1000} s:\n${run.output()}`).not.toBeNull();
    console.log(`npm start while building: SIGTERM → npm exited after ${exit!.at - signalled} ms`);
    expect(exit!.code, run.output()).toBe(0);
    expect(starter).toBeDefined();
    await until(() => tree.every((pid) => !alive(pid)), 5_000, `still running: ${tree.filter(alive).map(commandOf).join("; ")}`, run.output);
    expect(fs.existsSync(path.join(emptyBuild, "host", "index.js"))).toBe(false);
    fs.rmSync(emptyBuild, { recursive: true, force: true });
    fs.rmSync(run.dataDir, { recursive: true, force: true });
  });
});
