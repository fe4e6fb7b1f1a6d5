import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type BodyGateOptions, createBodyGate } from "./body-gate";

/**
 * The gate on a real node:http server: each request is answered with what the gate decided, or (when it let the
 * request on) with the body it read, from `incoming.rawBody`.
 */
async function serve(options: Partial<BodyGateOptions>) {
  const gate = createBodyGate({ limit: 1024, deadlineMs: 1_000, maxBufferedBytes: 1 << 20, ...options });
  const server = http.createServer(async (incoming, outgoing) => {
    const request = new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers: incoming.headers as Record<string, string> });
    const refused = await gate.admit(request, incoming, (done) => outgoing.once("close", done));
    if (refused) {
      const text = await refused.text();
      outgoing.writeHead(refused.status, { ...Object.fromEntries(refused.headers), "content-length": Buffer.byteLength(text) });
      outgoing.end(text);
      return;
    }
    const raw = (incoming as http.IncomingMessage & { rawBody?: Buffer }).rawBody;
    const text = `read ${raw?.length ?? "none"}`;
    outgoing.writeHead(200, { "content-type": "text/plain", "content-length": Buffer.byteLength(text) });
    outgoing.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  servers.push(server);
  return { gate, port };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** Sends the head and the body's first `sendNow` bytes; the rest only when `finish()` is called. */
function post(port: number, size: number, sendNow: number) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("latin1");
  socket.on("data", (c: string) => (text += c));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(`POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${size}\r\n\r\n${"a".repeat(sendNow)}`);
  const answered = async () => {
    const until = Date.now() + 5_000;
    const complete = () => {
      const head = /^([\s\S]*?)\r\n\r\n/.exec(text);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head?.[1] ?? "")?.[1] ?? NaN);
      return head !== null && text.length >= head[0].length + length;
    };
    while (!complete() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return text;
  };
  return { finish: () => socket.write("a".repeat(size - sendNow)), answered, closed, destroy: () => socket.destroy() };
}

describe("body gate", () => {
  it("lets a request on only with its whole body read, and answers 408 (closing the connection) when it comes too late", async () => {
    const { port, gate } = await serve({ deadlineMs: 500 });
    const whole = post(port, 600, 100);
    await new Promise((r) => setTimeout(r, 100));
    whole.finish();
    expect(await whole.answered()).toMatch(/^HTTP\/1\.1 200[\s\S]*read 600$/);
    whole.destroy();

    const late = post(port, 600, 100);
    const answer = await late.answered();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    await late.closed;
    expect(gate.stats()).toMatchObject({ reading: 0, bufferedBytes: 0, tooSlow: 1 });
  });

  it("holds at most maxBufferedBytes of bodies at once (503 beyond), and gives the room back once a request is over", async () => {
    const { port, gate } = await serve({ maxBufferedBytes: 1000 });
    const first = post(port, 700, 700 - 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(gate.stats().bufferedBytes).toBe(699);
    // No room for a second body of 700 while the first is held.
    const second = post(port, 700, 700);
    expect(await second.answered()).toMatch(/^HTTP\/1\.1 503/);
    second.destroy();
    first.finish();
    expect(await first.answered()).toMatch(/^HTTP\/1\.1 200[\s\S]*read 700$/);
    first.destroy();
    await first.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(gate.stats().bufferedBytes).toBe(0);
    // The room is back.
    const third = post(port, 700, 700);
    expect(await third.answered()).toMatch(/^HTTP\/1\.1 200[\s\S]*read 700$/);
    third.destroy();
  });

  it("does not read a body declared over the limit (unless `larger` allows it), nor wait for a request without one", async () => {
    const asked: string[] = [];
    const { port } = await serve({
      larger: async (request) => {
        asked.push(new URL(request.url).pathname);
        return null;
      },
    });
    const over = post(port, 5000, 0);
    // Let on at once, unread (the app would answer 413 from the header).
    expect(await over.answered()).toMatch(/^HTTP\/1\.1 200[\s\S]*read none$/);
    over.destroy();
    expect(asked).toEqual(["/x"]);
    const get = await fetch(`http://127.0.0.1:${port}/y`);
    expect(await get.text()).toBe("read none");
    // An ordinary body never asks for a larger limit.
    const small = post(port, 10, 10);
    expect(await small.answered()).toMatch(/read 10$/);
    small.destroy();
    expect(asked).toEqual(["/x"]);
  });

  it("a failing lookup of the larger limit leaves the ordinary one (never an error)", async () => {
    const { port } = await serve({
      larger: async () => {
        throw new Error("database unreachable");
      },
    });
    const over = post(port, 5000, 0);
    expect(await over.answered()).toMatch(/^HTTP\/1\.1 200[\s\S]*read none$/);
    over.destroy();
  });
});
