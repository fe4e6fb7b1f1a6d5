import type { Server } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import type { Socket } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";

type Entry = {
  method: string;
  path: string;
  remotePort: number | undefined;
  started: number;
  /** The client closed the connection before the app had answered. */
  clientGone: boolean;
};

export type InFlightReport = {
  /** Requests Node handed to the app, and those the app has answered (returned a response or failed). */
  entered: number;
  answered: number;
  /** Answers whose bytes were all handed to the operating system. */
  finished: number;
  /** Requests whose client went away before the app answered. */
  clientGoneFirst: number;
  /** Requests the app is still working on, oldest first. */
  open: (Omit<Entry, "started"> & { ageMs: number })[];
  /** Open sockets, and those with request bytes the server has not parsed (waiting behind an unfinished answer). */
  sockets: number;
  socketsStalled: { remotePort: number | undefined; answerEnded: boolean; answerFinished: boolean }[];
  /** Connections whose first request came more than a second after they were accepted, or never came. */
  slowFirstRequest: { remotePort: number | undefined; acceptedAt: number; firstRequestAt: number | null; closedAt: number | null }[];
  /** Event loop delay over the process's life, in ms. */
  eventLoopDelay: { p50: number; p99: number; max: number };
  /** Memory now, in MB: resident, V8 heap (total and used), and outside the heap (buffers, native). */
  memoryMb: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  /** With --expose-gc: the same after a full garbage collection (what is really kept). */
  memoryAfterGcMb?: InFlightReport["memoryMb"];
};

/**
 * Counts the requests entering and leaving the app and the sockets they use,
 * so a request that never gets an answer can be told apart from one that was
 * never read, and reported (by path and age) when the server shuts down.
 */
type Bindings = HttpBindings | Http2Bindings;

export function trackInFlight(fetch: (request: Request, env: Bindings) => unknown) {
  const open = new Map<number, Entry>();
  const sockets = new Set<Socket>();
  type SocketTimes = { remotePort: number | undefined; acceptedAt: number; firstRequestAt: number | null; closedAt: number | null };
  const socketTimes = new WeakMap<object, SocketTimes>();
  const slowFirstRequest: SocketTimes[] = [];
  const noteSlow = (t: SocketTimes) => {
    if (slowFirstRequest.length < 200) slowFirstRequest.push(t);
  };
  let seq = 0;
  let entered = 0;
  let answered = 0;
  let finished = 0;
  let clientGoneFirst = 0;
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();

  const tracked = (request: Request, env: Bindings): unknown => {
    const id = ++seq;
    entered += 1;
    const entry: Entry = {
      method: request.method,
      path: env.incoming.url?.split("?")[0] ?? "",
      remotePort: env.incoming.socket?.remotePort,
      started: performance.now(),
      clientGone: false,
    };
    open.set(id, entry);
    const times = env.incoming.socket ? socketTimes.get(env.incoming.socket) : undefined;
    if (times && times.firstRequestAt === null) {
      times.firstRequestAt = Date.now();
      if (times.firstRequestAt - times.acceptedAt > 1000) noteSlow(times);
    }
    const settle = () => {
      if (open.delete(id)) answered += 1;
    };
    env.outgoing.once("finish", () => (finished += 1));
    env.outgoing.once("close", () => {
      if (open.has(id) && !entry.clientGone) {
        entry.clientGone = true;
        clientGoneFirst += 1;
      }
    });
    const res = fetch(request, env);
    if (res instanceof Promise) res.then(settle, settle);
    else settle();
    return res;
  };

  return {
    fetch: tracked,
    /** Follows the server's sockets (call once, right after it is created). */
    watch(server: Server) {
      server.on("connection", (socket: Socket) => {
        sockets.add(socket);
        const times: SocketTimes = { remotePort: socket.remotePort, acceptedAt: Date.now(), firstRequestAt: null, closedAt: null };
        socketTimes.set(socket, times);
        socket.once("close", () => {
          sockets.delete(socket);
          times.closedAt = Date.now();
          if (times.firstRequestAt === null) noteSlow(times);
        });
      });
    },
    report(): InFlightReport {
      const now = performance.now();
      const stalled: InFlightReport["socketsStalled"] = [];
      for (const socket of sockets) {
        // Node stops reading a keep-alive socket while the previous answer on it is unfinished.
        const answer = (socket as Socket & { _httpMessage?: { writableEnded: boolean; writableFinished: boolean } | null })._httpMessage;
        if (answer && (socket.isPaused() || socket.readableLength > 0)) {
          stalled.push({ remotePort: socket.remotePort, answerEnded: answer.writableEnded, answerFinished: answer.writableFinished });
        }
      }
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      const memory = () =>
        Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e5) / 10])) as InFlightReport["memoryMb"];
      const memoryMb = memory();
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      return {
        entered,
        answered,
        finished,
        clientGoneFirst,
        open: [...open.values()]
          .sort((a, b) => a.started - b.started)
          .map(({ started, ...rest }) => ({ ...rest, ageMs: Math.round(now - started) })),
        sockets: sockets.size,
        socketsStalled: stalled,
        slowFirstRequest: [...slowFirstRequest],
        eventLoopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
        memoryMb,
        ...(gc ? { memoryAfterGcMb: memory() } : {}),
      };
    },
    stop() {
      delay.disable();
    },
  };
}
