import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { serviceErrorJson } from "../../http/errors";
import { ServiceError } from "../errors";
import { HASH_LANE, hashLane, hashPassword } from "./password";

/** The refusal as the API answers it. */
async function asApiAnswer(error: ServiceError) {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError((e, c) => serviceErrorJson(c, e as ServiceError));
  const res = await app.request("/");
  return { status: res.status, headers: { "Retry-After": res.headers.get("retry-after") } };
}

describe("S7: the password hashing lane", () => {
  it("bounds real scrypt hashing: beyond the queue a hash is refused with 503 and Retry-After", async () => {
    const burst = HASH_LANE.concurrency + HASH_LANE.maxQueue + 4;
    const settled = await Promise.all(
      Array.from({ length: burst }, (_, i) => hashPassword(`password number ${i}`).catch((error: unknown) => error)),
    );
    const hashed = settled.filter((r) => typeof r === "string");
    const refused = settled.filter((r) => r instanceof ServiceError) as ServiceError[];
    // The four beyond the queue are refused at once; on a very busy machine a queued one may also wait too long.
    expect(hashed.length + refused.length).toBe(burst);
    expect(hashed.length).toBeGreaterThanOrEqual(HASH_LANE.concurrency);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(await asApiAnswer(refused[0]!)).toMatchObject({ status: 503, headers: { "Retry-After": "2" } });
    expect(hashLane.stats().maxActive).toBeLessThanOrEqual(HASH_LANE.concurrency);
  });
});
