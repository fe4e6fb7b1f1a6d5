/**
 * S6 (docs/findings.md): a body over the cap is answered 413 and the client never loses a request after it.
 * These tests need real sockets (a client pool, pipelining), so they run the real server (`startServer`) on a
 * loopback port, API only (no build needed), on each database.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../server/http/body-limits";
import { parseConfig } from "../../server/config";
import { type RunningServer, startServer } from "../../server/server";
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from "../helpers/databases";

type RawAnswer = { text: string; error: string | null; closedAfterMs: number | null };

/** Writes `bytes` on a new connection at once and collects everything the server answers until it closes (or 3 s pass). */
async function rawExchange(port: number, bytes: string): Promise<RawAnswer> {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let error: string | null = null;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", (e) => {
    error = e.message;
  });
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  socket.write(bytes);
  const closedAfterMs = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000))]);
  socket.destroy();
  return { text, error, closedAfterMs };
}

/** The answers in a raw exchange: status line and headers of each. */
function answers(raw: string): { status: number; headers: Record<string, string> }[] {
  return [...raw.matchAll(/HTTP\/1\.1 (\d{3})[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)].map((m) => ({
    status: Number(m[1]),
    headers: Object.fromEntries(
      (m[2] ?? "")
        .split("\r\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    ),
  }));
}

describe.each(testDatabaseKinds())("S6: a body over the cap on %s", (kind) => {
  let t: TestDatabase;
  let server: RunningServer;
  let dataDir: string;
  const oversized = JSON.stringify({ email: "x".repeat(192 * 1024) });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-body-limit-"));
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: t.url, HOST: "127.0.0.1", PORT: "0" });
    // No build: the API alone answers here.
    server = await startServer(config, path.join(dataDir, "no-build"));
  });
  afterAll(async () => {
    await server?.shutdown();
    await t?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("Node's fetch (undici pool): 413 with Connection: close, then the next requests on the same pool succeed", async () => {
    expect(Buffer.byteLength(oversized)).toBeGreaterThan(MAX_BODY_BYTES);
    for (let round = 0; round < 3; round++) {
      const refused = await fetch(`${server.url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: oversized,
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await refused.json()).toMatchObject({ success: false, message: expect.stringContaining("64 KiB") });
      // At once, and again after the half second the server used to wait before cutting the socket it had kept.
      for (const wait of [0, 300]) {
        await new Promise((r) => setTimeout(r, wait));
        const next = await fetch(`${server.url}/api/blogs`);
        expect(next.status).toBe(200);
        expect(await next.json()).toMatchObject({ success: true });
      }
    }
  });

  it("a raw socket: the pipelined request behind a 192 KiB body is answered, or the 413 says close and the socket then closes cleanly", async () => {
    const pipelined = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    const withLength = `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(oversized)}\r\n\r\n${oversized}`;
    const chunked = `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(oversized).toString(16)}\r\n${oversized}\r\n0\r\n\r\n`;
    for (const first of [withLength, chunked]) {
      const raw = await rawExchange(server.port, first + pipelined);
      const got = answers(raw.text);
      expect(got[0]?.status).toBe(413);
      if (got.length === 2) {
        // Kept open: then the request behind the body must be answered.
        expect(got[1]?.status).toBe(200);
      } else {
        expect(got).toHaveLength(1);
        expect(got[0]?.headers.connection).toBe("close");
        // The whole answer arrived, then the server closed the connection without an error (no reset).
        expect(raw.text.endsWith("}")).toBe(true);
        expect(raw.closedAfterMs).not.toBeNull();
        expect(raw.error).toBeNull();
      }
    }
  });

  it("a body under the cap on a kept-alive connection is still answered normally (no close)", async () => {
    const res = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "not-an-address" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("connection")).not.toBe("close");
  });
});
