import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

export type BuiltServer = {
  url: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  mailDir: string;
  process: ChildProcess;
  /** Everything the server printed (JSON log lines). */
  output(): string;
  /** SIGTERM and wait for exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function buildDir(): string {
  return path.resolve(process.env.WP_BUILD_DIR ?? "build-e2e");
}

/**
 * Whether the production build exists, for tests that need real pages (they skip without it). `npm test`
 * builds first and sets WP_REQUIRE_BUILD, so there a missing build throws instead of skipping silently.
 */
export function buildPresent(): boolean {
  const dir = buildDir();
  const present = fs.existsSync(path.join(dir, "server", "index.js"));
  if (process.env.WP_REQUIRE_BUILD === "1" && !present) throw new Error(`no build at ${dir}: run npm run build first`);
  return present;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A free loopback port: the first free one of `WP_PORT_RANGE` ("4700-4749") when set, for machines where each
 * person's servers keep to a range of their own; else any the system hands out.
 */
export async function serverPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.WP_PORT_RANGE ?? "");
  if (!range) return freePort();
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.unref();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in WP_PORT_RANGE ${process.env.WP_PORT_RANGE}`);
}

/**
 * Starts the production build (`node <build>/host/index.js`) on a free
 * loopback port with a fresh temporary SQLite database (or `DATABASE_URL`
 * from env), and waits until it listens.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: {
    dataDir?: string;
    /** Extra node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */
    nodeArgs?: string[];
    /** The server's working directory (where it looks for .env); default this one. */
    cwd?: string;
  } = {},
): Promise<BuiltServer> {
  const dir = buildDir();
  const entry = path.join(dir, "host", "index.js");
  if (!fs.existsSync(entry)) throw new Error(`No build at ${dir}: run the build first (npm run test:e2e does)`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "wp-e2e-"));
  const port = env.PORT ? Number(env.PORT) : await serverPort();
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = env.DATABASE_URL ?? path.join(dataDir, "site.db");
  const mailDir = env.MAIL_DIR ?? path.join(dataDir, "mail");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      MAIL_DIR: mailDir,
      LOG_LEVEL: "info",
      WP_BUILD_DIR: dir,
      WP_TEST_ROUTES: "1",
      // The browser tests sign up many accounts from 127.0.0.1; the limit itself is tested in tests/integration/auth-api.test.ts.
      SIGNUP_RATE_LIMIT_PER_HOUR: "1000",
      // One process unless a test asks for more (tests/faults/cluster.test.ts): the test-only routes count per process.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    // Several processes (WEB_CONCURRENCY) on a loaded shared machine can take longer than one.
    const startMs = env.WEB_CONCURRENCY && env.WEB_CONCURRENCY !== "1" ? 60_000 : 20_000;
    const timer = setTimeout(() => reject(new Error(`server did not start within ${startMs / 1000} s:\n${output}`)), startMs);
    const check = () => {
      if (output.includes('"msg":"listening"')) {
        clearTimeout(timer);
        // Searching the whole output again on every later line would cost O(n²) under load (benchmarks).
        child.stdout?.off("data", check);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
    check();
  });

  return {
    url,
    port,
    databaseUrl,
    dataDir,
    mailDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
