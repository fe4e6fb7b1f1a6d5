import { startBuiltServer } from "../helpers/built-server";
import { expect, test } from "./fixtures";

test("SIGTERM during requests: every request in flight is answered, then the process exits 0", async () => {
  const server = await startBuiltServer();
  const slow = Array.from({ length: 20 }, () =>
    fetch(`${server.url}/__test/slow?ms=1500`).then(
      async (r) => ({ status: r.status, waited: ((await r.json()) as { waited: number }).waited }),
      (e: Error) => ({ status: 0, waited: -1, error: e.message }),
    ),
  );
  // Wait until the server holds all 20 requests, then ask it to stop.
  await expect
    .poll(async () => ((await (await fetch(`${server.url}/__test/in-flight`)).json()) as { inFlight: number }).inFlight, {
      timeout: 15_000,
    })
    .toBe(20);
  const code = server.stop("SIGTERM");
  const answered = await Promise.all(slow);
  expect(answered).toEqual(Array(20).fill({ status: 200, waited: 1500 }));
  expect(await code).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');
  // Once it is gone, new connections are refused.
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});
