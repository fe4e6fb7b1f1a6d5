import { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";

export type BodyGateOptions = {
  /** The body any request may have (bytes). */
  limit: number;
  /** How long that body may take to arrive, from the moment the request's headers were read. */
  deadlineMs: number;
  /**
   * For a body larger than `limit` (declared, or arriving chunked): the larger limit this request may have (the
   * studio's writes and uploads, once its session is known to be staff), and how long that body may take; null when
   * the ordinary limit stands. Asked at most once per request, and only then, so an ordinary request costs no lookup.
   */
  larger?: (request: Request) => Promise<{ limit: number; deadlineMs: number } | null>;
  /** Bytes of bodies held in memory at once, across requests (read, or waiting their turn with it). */
  maxBufferedBytes: number;
  /** Called when a body did not arrive in time, or there was no room for it (for the log). */
  onRefused?: (request: Request, reason: "too slow" | "no room") => void;
};

export type BodyGateStats = { reading: number; bufferedBytes: number; tooSlow: number; noRoom: number };

type Waiting = { request: Request; incoming: IncomingMessage; onDone: (listener: () => void) => void };

const json = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: false, message }), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // The rest of the body is never read, so the connection cannot carry another request.
      connection: "close",
      ...extra,
    },
  });

export const BODY_TOO_SLOW_MESSAGE = "The request took too long to arrive. Please try again.";

/**
 * Reads a request's whole body (up to its limit, within a deadline) before the request may take a place in the
 * request line (server/http/admission.ts). A request whose body trickles in never holds a place meant for work: it
 * waits here, costing a socket and the bytes it sent, and is answered 408 (connection closed) when its deadline
 * passes. The body read is handed to the app as the request's body (@hono/node-server takes `incoming.rawBody`), so
 * the app's own limits and parsers see exactly what the client sent.
 *
 * A body declared larger than the request's limit is not read at all: the app refuses it at once (413, or the
 * studio's guard) and closes the connection. A chunked body that grows past the limit stops being read there and
 * goes on as it is, over the limit, for the app's 413.
 */
export function createBodyGate(options: BodyGateOptions) {
  let reading = 0;
  let bufferedBytes = 0;
  let tooSlow = 0;
  let noRoom = 0;

  /** Whether the request carries a body at all: GET and HEAD never do for this app; others say so in their headers. */
  const hasBody = (incoming: IncomingMessage) => {
    if (incoming.method === "GET" || incoming.method === "HEAD") return false;
    if (incoming.headers["transfer-encoding"] !== undefined) return true;
    const length = incoming.headers["content-length"];
    return length !== undefined && length !== "0";
  };

  async function read({ request, incoming, onDone }: Waiting): Promise<Response | null> {
    const declared = Number(incoming.headers["content-length"] ?? NaN);
    let limit = options.limit;
    let deadlineMs = options.deadlineMs;
    let askedLarger = false;
    const widen = async () => {
      askedLarger = true;
      // When the lookup fails (the database is unreachable), the ordinary limit stands; the app then answers for
      // itself (503 from its own lookup, or 413).
      const larger = await Promise.resolve(options.larger?.(request)).catch(() => null);
      if (larger && larger.limit > limit) {
        limit = larger.limit;
        deadlineMs = Math.max(deadlineMs, larger.deadlineMs);
      }
    };
    const started = performance.now();
    if (Number.isFinite(declared) && declared > limit) {
      await widen();
      // Over even the larger limit: the app answers 413 from the header alone, without reading.
      if (declared > limit) return null;
    }

    let held = 0;
    const release = () => {
      bufferedBytes -= held;
      held = 0;
    };
    // The bytes stay counted until the answer is sent (or the client left): they wait in the line with the request.
    onDone(release);

    reading += 1;
    const chunks: Buffer[] = [];
    let size = 0;
    type Outcome = "complete" | "over limit" | "too slow" | "no room" | "gone";
    const outcome = await new Promise<Outcome>((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout;
      const finish = (o: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        incoming.off("data", onData);
        incoming.off("end", onEnd);
        incoming.off("error", onGone);
        incoming.off("close", onClose);
        // Stop reading: what is left is dropped when the connection closes after the answer.
        if (o !== "complete") incoming.pause();
        resolve(o);
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish("too slow"), Math.max(0, started + deadlineMs - performance.now()));
      };
      const onData = (chunk: Buffer) => {
        if (bufferedBytes + chunk.length > options.maxBufferedBytes) return finish("no room");
        chunks.push(chunk);
        size += chunk.length;
        held += chunk.length;
        bufferedBytes += chunk.length;
        if (size > limit) {
          if (askedLarger) return finish("over limit");
          // A chunked body past the ordinary limit: ask once whether this request may have more.
          incoming.pause();
          void widen().then(() => {
            if (settled) return;
            if (size > limit) return finish("over limit");
            arm();
            incoming.resume();
          });
        }
      };
      const onEnd = () => finish("complete");
      const onGone = () => finish("gone");
      const onClose = () => {
        if (!incoming.complete) finish("gone");
      };
      incoming.on("data", onData);
      incoming.on("end", onEnd);
      incoming.on("error", onGone);
      incoming.on("close", onClose);
      arm();
    });
    reading -= 1;

    if (outcome === "too slow") {
      tooSlow += 1;
      release();
      options.onRefused?.(request, "too slow");
      return json(408, BODY_TOO_SLOW_MESSAGE);
    }
    if (outcome === "no room") {
      noRoom += 1;
      release();
      options.onRefused?.(request, "no room");
      return json(503, "The server is busy. Please try again in a few seconds.", { "retry-after": "5" });
    }
    if (outcome === "gone") {
      release();
      // Nobody is listening any more.
      return new Response(null, { status: 499 });
    }
    // Complete, or over the limit (the app then refuses it by its size). Either way the app reads these bytes.
    (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    return null;
  }

  return {
    /**
     * Waits for the request's body. Resolves null when the request may go on (its body, if any, is now in memory),
     * or with the answer to send instead: 408 when the body did not arrive in time, 503 when there is no room for it,
     * 499 when the client left. `onDone` registers what to run once the request is over (its answer sent, or the
     * client gone).
     */
    async admit(request: Request, incoming: IncomingMessage | Http2ServerRequest, onDone: (listener: () => void) => void): Promise<Response | null> {
      // The site serves HTTP/1.1 (a proxy in front speaks HTTP/2 to browsers).
      if (!(incoming instanceof IncomingMessage) || !hasBody(incoming) || incoming.complete) return null;
      return read({ request, incoming, onDone });
    },
    stats(): BodyGateStats {
      return { reading, bufferedBytes, tooSlow, noRoom };
    },
  };
}
