/**
 * Issue 39, item 4 ("Slow page-copy saves hold the request line"), on SQLite and PostgreSQL: the body gate and the
 * app's caps read one list of the writes that may be large (server/http/body-limits.ts). A staff member's copy or
 * FAQ save over 64 KiB used to pass the gate unread (the gate's list had posts and imports only) and was then read by
 * the app while it held a place in the request line: eight slow saves made a visitor's GET /about wait and answer
 * 503. Through the real server (startServer with the build) on a loopback port, raw sockets: the saves trickle
 * their bodies, and /about answers 200 meanwhile while none of them has been answered.
 *
 * Bounded in time: four places in the line and a 3 s wait before a 503, so the old code fails within seconds.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/config";
import { largeBodyOf } from "../../server/http/body-limits";
import { type RunningServer, startServer } from "../../server/server";
import { buildDir, buildPresent } from "../helpers/built-server";
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from "../helpers/databases";
import { staffWithSession } from "../helpers/studio-staff";

const BUILD_DIR = buildDir();

type Trickle = { text(): string; sent(): number; stop(): void };

/** A form post whose headers say `length` bytes, its body then sent one byte every `everyMs`. */
function trickle(port: number, target: string, cookie: string, length: number, everyMs: number): Trickle {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let sent = 0;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (text += chunk));
  socket.on("error", () => {});
  socket.write(
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`,
  );
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= length) return clearInterval(timer);
    socket.write("a");
    sent++;
  }, everyMs);
  socket.on("close", () => clearInterval(timer));
  return {
    text: () => text,
    sent: () => sent,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe("one list of the large staff writes", () => {
  it("posts, imports, page copy and the FAQ may be 1 MiB; the upload its own; anything else the ordinary 64 KiB", () => {
    for (const p of ["/studio/posts/7", "/api/studio/posts", "/studio/subscribers/import", "/api/studio/audience/subscribers/import", "/studio/pages/about", "/studio/pages/about.data", "/studio/faq", "/studio/faq.data"]) {
      expect(largeBodyOf("POST", p), p).toEqual({ kind: "staff-write", limit: 1024 * 1024 });
    }
    expect(largeBodyOf("POST", "/api/studio/media")?.kind).toBe("upload");
    for (const p of ["/about", "/api/newsletter/subscribe", "/studio/settings", "/studio/faqx", "/api/studio/pages/about"]) expect(largeBodyOf("POST", p), p).toBeNull();
    expect(largeBodyOf("GET", "/studio/pages/about")).toBeNull();
  });
});

describe.skipIf(!buildPresent()).each(testDatabaseKinds())("item 4: slow page-copy saves on %s", (kind) => {
  let t: TestDatabase;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-copy-gate-"));
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: t.url, HOST: "127.0.0.1", PORT: "0", MAIL_DIR: path.join(dataDir, "mail") });
    server = await startServer(config, BUILD_DIR, { maxConcurrentRequests: 4, maxQueueWaitMs: 3_000, bodyDeadlineMs: 4_000 });
    for (let i = 0; i < 300 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await server?.shutdown();
    await t?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("eight copy and FAQ saves of 100 KiB trickling in hold no place: GET /about answers 200 while none is answered", async () => {
    const editor = await staffWithSession(server.deps, `copy.gate.${kind}@example.com`, "editor");
    const cookie = `wp_session=${editor.token}`;
    const slow = [
      ...Array.from({ length: 6 }, () => trickle(server.port, "/studio/pages/about", cookie, 100 * 1024, 200)),
      ...Array.from({ length: 2 }, () => trickle(server.port, "/studio/faq", cookie, 100 * 1024, 200)),
    ];
    try {
      // Every save has sent its headers and a few bytes: the server holds eight unfinished requests.
      while (slow.some((s) => s.sent() < 3)) await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 3; i++) {
        const about = await fetch(`${server.url}/about`, { signal: AbortSignal.timeout(20_000) });
        // Without the fix: a 503 after the line's 3 s wait (the saves held all four places).
        expect(about.status).toBe(200);
        expect(await about.text()).toContain("<html");
      }
      for (const s of slow) {
        expect(s.text()).toBe("");
        expect(s.sent()).toBeLessThan(100 * 1024);
      }
    } finally {
      for (const s of slow) s.stop();
    }
  }, 60_000);
});
