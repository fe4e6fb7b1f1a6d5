/**
 * S18 (docs/findings.md, issue 26 item 1): a request takes its place in the request line only once its whole body
 * has arrived. Connections that send their headers and then trickle the body one byte at a time used to hold the
 * line's places (and the sign-in line's) until Node's request timeout, so every other request waited and was
 * answered 503. Real server (`startServer`, API only, no build) on a loopback port, raw sockets, on each database.
 *
 * Bounded in time: the body deadline is set to 4 s here (10 s by default) and the request line's wait to 3 s, so
 * on the old code the probes fail with 503 within seconds, and on the new one the trickling connections are
 * answered 408 and closed within seconds.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/config";
import { type RunningServer, startServer } from "../../server/server";
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from "../helpers/databases";
import { staffWithSession } from "../helpers/studio-staff";

const BODY_DEADLINE_MS = 4_000;
const PASSWORD = "Tq7#vW2m!pLx9zR4 slow bodies";

type Trickle = {
  /** Everything the server sent on this connection. */
  text(): string;
  /** Bytes of the body written so far. */
  sent(): number;
  /** Resolves when the connection is closed (by either side), with how it ended. */
  closed: Promise<{ error: string | null }>;
  stop(): void;
};

/** Sends a request's headers, then its body one byte every `everyMs`, until the body is complete or the socket closes. */
function trickle(port: number, target: string, body: string, everyMs: number): Trickle {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let sent = 0;
  let error: string | null = null;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (text += chunk));
  socket.on("error", (e) => (error = e.message));
  const closed = new Promise<{ error: string | null }>((resolve) => socket.on("close", () => resolve({ error })));
  socket.write(
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= body.length) return clearInterval(timer);
    socket.write(body[sent++]!);
  }, everyMs);
  void closed.then(() => clearInterval(timer));
  return {
    text: () => text,
    sent: () => sent,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** Writes raw bytes in pieces (each after `gapMs`) on one connection; resolves with what came back once it closes or `waitMs` pass. */
async function rawPieces(port: number, pieces: string[], gapMs: number, waitMs = 3_000, beforeEach?: (answer: () => string, i: number) => Promise<void>) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (text += chunk));
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
    await beforeEach?.(() => text, i);
    socket.write(piece);
  }
  const until = Date.now() + waitMs;
  while (Date.now() < until && !/\r\n\r\n[\s\S]*\}$/.test(text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""))) await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
  return text;
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);

describe.each(testDatabaseKinds())("S18: slow request bodies on %s", (kind) => {
  let t: TestDatabase;
  let server: RunningServer;
  let dataDir: string;
  const email = `slow.bodies.${kind}@example.com`;

  const signIn = () =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
      signal: AbortSignal.timeout(20_000),
    });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-slow-bodies-"));
    const config = parseConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: t.url,
      HOST: "127.0.0.1",
      PORT: "0",
      MAIL_DIR: path.join(dataDir, "mail"),
    });
    // Four places in the main line whatever the database (PostgreSQL's default is the pool size plus 8), and a wait
    // of 3 s before a 503, so the old code fails fast.
    server = await startServer(config, path.join(dataDir, "no-build"), {
      maxConcurrentRequests: 4,
      maxQueueWaitMs: 3_000,
      bodyDeadlineMs: BODY_DEADLINE_MS,
    });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Slow Bodies", email, password: PASSWORD, company: "C", industry: "Healthcare", role: "user" }),
    });
    expect(registered.status).toBe(201);
  });
  afterAll(async () => {
    await server?.shutdown();
    await t?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("ten connections trickling their bodies hold no place: /api/blogs and a real sign-in answer 200 meanwhile; each trickler then gets 408 and is closed", async () => {
    const body = JSON.stringify({ email: "someone@example.com", password: "x".repeat(60) });
    // More than the main line's places (4) and the sign-in line's (HASH_LANE.concurrency + 2, at most 4).
    const slow = [
      ...Array.from({ length: 6 }, () => trickle(server.port, "/api/newsletter/subscribe", body, 200)),
      ...Array.from({ length: 4 }, () => trickle(server.port, "/api/auth/login", body, 200)),
    ];
    try {
      // Every trickler has sent its headers and a few bytes of body: the server holds ten unfinished requests.
      while (slow.some((s) => s.sent() < 3)) await new Promise((r) => setTimeout(r, 50));

      const started = Date.now();
      const blogs = await fetch(`${server.url}/api/blogs`, { signal: AbortSignal.timeout(20_000) });
      expect(blogs.status).toBe(200);
      expect(await blogs.json()).toMatchObject({ success: true });
      for (let i = 0; i < 2; i++) {
        const signedIn = await signIn();
        expect(signedIn.status).toBe(200);
        expect(await signedIn.json()).toMatchObject({ success: true, token: expect.any(String) });
      }
      // Generous: without the fix these waited in line until the 3 s wait ran out (503).
      expect(Date.now() - started).toBeLessThan(BODY_DEADLINE_MS);
      // The probes ran while every trickler was still unanswered and sending.
      for (const s of slow) {
        expect(s.text()).toBe("");
        expect(s.sent()).toBeLessThan(body.length);
      }

      // Their bodies never complete within the deadline: each is answered 408 and its connection closed.
      const ends = await Promise.race([
        Promise.all(slow.map((s) => s.closed)),
        new Promise<null>((r) => setTimeout(() => r(null), BODY_DEADLINE_MS + 8_000)),
      ]);
      expect(ends).not.toBeNull();
      for (const s of slow) {
        expect(statusOf(s.text())).toBe(408);
        expect(s.text()).toMatch(/\r\nconnection: close\r\n/i);
        expect(s.text()).toContain('"success":false');
        // Closed by the server long before the body would have been complete.
        expect(s.sent()).toBeLessThan(body.length);
      }
    } finally {
      for (const s of slow) s.stop();
    }
  });

  it("a body that arrives in pieces, chunked, or after Expect: 100-continue is read and answered as before", async () => {
    const body = JSON.stringify({ email: "not-an-address" });
    const head = (extra: string) => `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`;
    const expectInvalidEmail = (raw: string) => {
      expect(statusOf(raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""))).toBe(400);
      expect(raw).toContain('"field":"email"');
    };

    // Content-Length, the body in three pieces 150 ms apart.
    const third = Math.ceil(body.length / 3);
    expectInvalidEmail(
      await rawPieces(server.port, [head(`Content-Length: ${body.length}\r\n`), body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)], 150),
    );
    // Chunked, two chunks 150 ms apart.
    const half = Math.ceil(body.length / 2);
    const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;
    expectInvalidEmail(
      await rawPieces(server.port, [head("Transfer-Encoding: chunked\r\n"), chunk(body.slice(0, half)), chunk(body.slice(half)) + "0\r\n\r\n"], 150),
    );
    // Expect: 100-continue: the body is sent only after the server's 100 Continue.
    const raw = await rawPieces(server.port, [head(`Content-Length: ${body.length}\r\nExpect: 100-continue\r\n`), body], 0, 3_000, async (answer, i) => {
      const until = Date.now() + 3_000;
      while (i === 1 && !answer().startsWith("HTTP/1.1 100 Continue") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    });
    expect(raw.startsWith("HTTP/1.1 100 Continue\r\n\r\n")).toBe(true);
    expectInvalidEmail(raw);
  });

  it("the chat's answer still streams (server-sent events) through the gate", async () => {
    const res = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ message: "What does Wise Parrot do?" }),
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.text();
    expect(text).toMatch(/^event: delta$/m);
    expect(text).toMatch(/^event: done$/m);
  });

  it("a body over 64 KiB: refused at once for a visitor, read whole for staff (chunked too), to the studio's upload and post writes", async () => {
    const big = Buffer.alloc(200 * 1024, 0x61);
    const form = () => {
      const f = new FormData();
      f.append("file", new Blob([big], { type: "image/png" }), "big.png");
      return f;
    };
    // No session: the guard answers without reading (and never after the deadline).
    const anonymous = await fetch(`${server.url}/api/studio/media`, { method: "POST", body: form(), signal: AbortSignal.timeout(20_000) });
    expect([401, 403, 404]).toContain(anonymous.status);

    const staff = await staffWithSession(server.deps, `slow.bodies.editor.${kind}@example.com`, "editor");
    const auth = { authorization: `Bearer ${staff.token}` };
    // Whole: the body is not refused for its size (it is no image, so the upload service refuses its content).
    const upload = await fetch(`${server.url}/api/studio/media`, { method: "POST", headers: auth, body: form(), signal: AbortSignal.timeout(20_000) });
    const answer = (await upload.json()) as { message: string };
    expect([400, 415, 422]).toContain(upload.status);
    expect(answer.message).not.toMatch(/larger|too large|KiB|MB/i);

    // The same body chunked (no Content-Length): the gate learns it is over 64 KiB only while reading.
    const encoded = new Response(form());
    const contentType = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.slice(at, at + 16 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/api/studio/media`, {
      method: "POST",
      headers: { ...auth, "content-type": contentType },
      body: stream,
      duplex: "half",
      signal: AbortSignal.timeout(20_000),
    } as RequestInit & { duplex: "half" });
    expect(chunked.status).toBe(upload.status);
    expect(await chunked.json()).toEqual(answer);

    // A post write over 64 KiB: read for staff (the post service judges it: a body over 50,000 characters), refused by
    // size for a visitor's account.
    const post = JSON.stringify({ title: "A long post", body: "x".repeat(150 * 1024) });
    const written = await fetch(`${server.url}/api/studio/posts`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: post,
      signal: AbortSignal.timeout(20_000),
    });
    expect(written.status).toBe(400);
    expect(((await written.json()) as { message: string }).message).not.toMatch(/larger than/);
    const visitor = (await (await signIn()).json()) as { token: string };
    const notStaff = await fetch(`${server.url}/api/studio/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${visitor.token}`, "content-type": "application/json" },
      body: post,
      signal: AbortSignal.timeout(20_000),
    });
    expect(notStaff.status).toBe(413);

    // An ordinary route keeps its 64 KiB: a 200 KiB chunked body is refused by size.
    const ordinary = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ email: "x".repeat(200 * 1024) })));
          controller.close();
        },
      }),
      duplex: "half",
      signal: AbortSignal.timeout(20_000),
    } as RequestInit & { duplex: "half" });
    expect(ordinary.status).toBe(413);
  });
});
