/**
 * The database goes away while the server runs: requests get a 503 with a
 * clear JSON message, /readyz says not ready, the process stays up, and
 * service resumes by itself once the database is back.
 *
 * - SQLite: the database, its WAL and its shared-memory index are overwritten
 *   with zeros in place (the open file handles then read garbage, as after a
 *   failed disk), and later written back.
 * - PostgreSQL: the server reaches the database through a TCP proxy that the
 *   test cuts and restores; the machine's PostgreSQL is never touched.
 */
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase } from "../helpers/databases";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

const LEAD = { firstName: "Outage", lastName: "Test", email: "outage@example.com", phone: "12345", message: "Still there?" };

/** Seen while waiting, for the failure message. */
let lastSeen = "";

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  lastSeen = "";
  for (;;) {
    const value = await probe().catch((e: unknown) => {
      lastSeen = `error: ${(e as Error).message}`;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${lastSeen}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Outage = { cut(): Promise<void>; restore(): Promise<void> };

async function checkOutage(server: BuiltServer, outage: Outage) {
  const url = server.url;
  // Ready first (pages loaded, database answering): on a busy machine the page renderer takes a few seconds to load.
  await until("the server to be ready", async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined), 30_000);
  expect((await fetch(`${url}/api/blogs/seed`, { method: "POST" })).status).toBe(200);
  const before = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(LEAD) });
  expect(before.status).toBe(201);

  await outage.cut();
  // The API: a quick 503 with a clear JSON message, for reads and writes.
  const started = Date.now();
  const read = await until("a 503 from the API", async () => {
    const res = await fetch(`${url}/api/blogs`);
    if (res.status === 503) return res;
    lastSeen = `${res.status} ${(await res.text()).slice(0, 200)}`;
    return undefined;
  });
  expect(read.headers.get("content-type")).toMatch(/^application\/json/);
  expect(read.headers.get("retry-after")).toBeTruthy();
  expect(await read.json()).toEqual({ success: false, message: expect.stringMatching(/temporarily unavailable/i) });
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    const write = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...LEAD, email: `during-${i}@example.com` }) });
    expect(write.status).toBe(503);
    expect(((await write.json()) as { message: string }).message).toMatch(/temporarily unavailable/i);
    // Answered within the connection timeout, not left hanging.
    expect(Date.now() - t0).toBeLessThan(8_000);
  }
  const ready = await until("/readyz to report not ready", async () => {
    const res = await fetch(`${url}/readyz`);
    if (res.status === 503) return res;
    lastSeen = `${res.status} ${(await res.text()).slice(0, 200)}`;
    return undefined;
  });
  expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
  // A page that needs the database says "try again" too, rather than "server error".
  const page = await fetch(`${url}/blogs`);
  expect(page.status).toBe(503);
  await page.text();
  // The process is alive and still answers what needs no database.
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect(server.process.exitCode).toBeNull();
  expect(Date.now() - started).toBeLessThan(30_000);

  await outage.restore();
  await until("/readyz to report ready again", async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined), 20_000);
  const again = await until("the API to answer again", async () => {
    const res = await fetch(`${url}/api/blogs`);
    return res.status === 200 ? res : (await res.body?.cancel(), undefined);
  });
  expect(((await again.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  const after = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...LEAD, email: "after@example.com" }) });
  expect(after.status).toBe(201);
  expect((await fetch(`${url}/blogs`)).status).toBe(200);
  expect(server.process.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/"level":60|uncaught|unhandled rejection/i);
}

describe("database outage", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it("SQLite: the file turns unreadable under the running server, then comes back", async () => {
    const server = await startBuiltServer();
    cleanup.push(() => server.stop());
    const files = [server.databaseUrl, `${server.databaseUrl}-wal`, `${server.databaseUrl}-shm`];
    let saved: Buffer[] = [];
    const overwrite = (contents: (i: number) => Buffer) =>
      files.forEach((f, i) => {
        const fd = fs.openSync(f, "r+");
        const data = contents(i);
        fs.writeSync(fd, data, 0, data.length, 0);
        fs.closeSync(fd);
      });
    await checkOutage(server, {
      async cut() {
        saved = files.map((f) => fs.readFileSync(f));
        overwrite((i) => Buffer.alloc(saved[i]!.length));
      },
      async restore() {
        overwrite((i) => saved[i]!);
      },
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: the connection is cut under the running server, then comes back", async () => {
    const pg: TestDatabase = await createTestDatabase("postgres", { migrate: false });
    cleanup.push(() => pg.drop());
    await pg.db.close();
    const target = new URL(pg.url);
    const proxy: TcpProxy = await startTcpProxy(Number(target.port || 5432));
    cleanup.push(() => proxy.close());
    const viaProxy = new URL(pg.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const server = await startBuiltServer({ DATABASE_URL: viaProxy.href });
    cleanup.push(() => server.stop());
    await checkOutage(server, {
      async cut() {
        proxy.set("down");
      },
      async restore() {
        proxy.set("up");
      },
    });
  });
});
