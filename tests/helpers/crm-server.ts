import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** What the fake CRM does with one request. */
export type CrmBehaviour =
  /** `delayMs`: the answer comes this long after the request arrived (a slow CRM; the request is recorded at once). */
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | { redirect: string; status?: 301 | 302 | 303 | 307 | 308 }
  | "hang";

export type CrmRequest = {
  method: string;
  path: string;
  contentType: string;
  form: Record<string, string>;
  /** The Idempotency-Key header, or "" without one. */
  idempotencyKey: string;
  at: number;
};

export type CrmServer = {
  url: string;
  /** Every request received, in order. */
  requests: CrmRequest[];
  /** Requests whose form named this email. */
  requestsFor(email: string): CrmRequest[];
  /**
   * The distinct idempotency keys (header) of the requests whose form named this email: what a CRM that keeps one
   * lead per key stores for it. A request without a key counts as a lead of its own.
   */
  leadsFor(email: string): number;
  /** Answers the next requests with these, in turn; once used up, `fallback` answers. */
  script(...behaviours: CrmBehaviour[]): void;
  /** The answer once the script is used up (default 200). */
  fallback: CrmBehaviour;
  /** Resolves once `count` requests have arrived in total. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real HTTP server on 127.0.0.1 playing a CRM web-to-lead endpoint: it
 * records each posted form and answers as scripted (status, redirect, or
 * never answering at all).
 */
export async function startCrmServer(): Promise<CrmServer> {
  const requests: CrmRequest[] = [];
  const queue: CrmBehaviour[] = [];
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: { fallback: CrmBehaviour } = { fallback: { status: 200, body: "<html>Thank you</html>" } };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        form: Object.fromEntries(new URLSearchParams(raw)),
        idempotencyKey: String(req.headers["idempotency-key"] ?? ""),
        at: Date.now(),
      });
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const behaviour = queue.shift() ?? state.fallback;
      if (behaviour === "hang") return; // keep the socket open, never answer
      if ("redirect" in behaviour) {
        res.writeHead(behaviour.status ?? 302, { location: behaviour.redirect });
        res.end();
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(behaviour.status, { "content-type": "text/html", ...behaviour.headers });
        res.end(behaviour.body ?? "");
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/servlet/WebToLead`,
    requests,
    requestsFor: (email) => requests.filter((r) => r.form.email === email),
    leadsFor(email) {
      const mine = requests.filter((r) => r.form.email === email);
      return new Set(mine.filter((r) => r.idempotencyKey).map((r) => r.idempotencyKey)).size + mine.filter((r) => !r.idempotencyKey).length;
    },
    script: (...b) => {
      queue.push(...b);
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(b: CrmBehaviour) {
      state.fallback = b;
    },
    waitForRequests(count, timeoutMs = 10_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = { count, resolve: () => (clearTimeout(timer), resolve()) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`CRM got ${requests.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
