/**
 * New visitors arriving while the server is busy are answered promptly.
 *
 * libuv accepts one new connection per event-loop iteration. Before the
 * server put requests in a bounded line (server/http/admission.ts), 100+
 * clients on keep-alive connections made every iteration long (all their
 * rendering and SQLite work ran in it), so a burst of new connections waited
 * in the kernel's accept queue for tens of seconds and clients gave up with no
 * answer (findings F6). Run with FAULT_NO_ADMISSION=1 to see it fail that way.
 */
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";

const BUSY_CLIENTS = 120;
const BURST = 100;
/**
 * Under the load-test client's 30 s time-out, with room for a shared 2-core machine running other
 * tests (2 s when quiet, 15.6 s beside another fault test at load average 14); without the line the
 * burst waited 53 s.
 */
const BURST_LIMIT_MS = 25_000;

function get(agent: http.Agent | false, port: number, path: string, timeoutMs = 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, agent, headers: { "accept-encoding": "br" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

describe("accepting new connections under load (SQLite)", () => {
  let server: BuiltServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers a burst of ${BURST} new connections within ${BURST_LIMIT_MS / 1000} s while ${BUSY_CLIENTS} others keep it busy`, async () => {
    server = await startBuiltServer({
      WP_TEST_ROUTES: "0",
      ...(process.env.FAULT_NO_ADMISSION === "1" ? { MAX_CONCURRENT_REQUESTS: "100000" } : {}),
    });
    const { port } = server;
    const readyBy = Date.now() + 20_000;
    while ((await get(false, port, "/readyz").catch(() => 0)) !== 200 && Date.now() < readyBy) await new Promise((r) => setTimeout(r, 100));
    expect(await get(false, port, "/readyz")).toBe(200);
    const seeded = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/api/blogs/seed", method: "POST" }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end();
    });
    expect(seeded).toBe(200);

    // Keep-alive visitors reading pages and the API as fast as they are answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUSY_CLIENTS });
    const paths = ["/", "/blogs", "/contact", "/api/blogs", "/api/blogs?search=ai"];
    let busyUntil = Date.now() + 60_000;
    let busyAnswers = 0;
    const busyErrors: string[] = [];
    const busy = Array.from({ length: BUSY_CLIENTS }, async (_, i) => {
      for (let n = i; Date.now() < busyUntil; n++) {
        await get(agent, port, paths[n % paths.length]!).then(
          () => (busyAnswers += 1),
          (e: unknown) => busyErrors.push((e as Error).message),
        );
      }
    });
    // Let the busy clients fill the server first.
    while (busyAnswers < BUSY_CLIENTS * 2 && Date.now() < busyUntil) await new Promise((r) => setTimeout(r, 50));

    // The burst: new visitors, each on a new connection.
    const started = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, () =>
        get(false, port, "/api/blogs?limit=3").then(
          (status) => ({ status, ms: performance.now() - started }),
          (e: unknown) => ({ status: 0, ms: performance.now() - started, error: (e as Error).message }),
        ),
      ),
    );
    busyUntil = 0;
    await Promise.all(busy);
    agent.destroy();

    const slowest = Math.max(...burst.map((b) => b.ms));
    console.log(`burst of ${BURST} new connections: slowest answer ${Math.round(slowest)} ms; ${busyAnswers} answers to the busy clients`);
    expect(burst.filter((b) => b.status !== 200), "every burst request answered 200").toEqual([]);
    expect(slowest, `the slowest of the burst took ${Math.round(slowest)} ms`).toBeLessThan(BURST_LIMIT_MS);
    expect(busyErrors, "the busy clients were all answered").toEqual([]);
  });
});
