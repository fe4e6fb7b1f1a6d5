import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError, errorJson, readJson, tooManyRequests } from "./errors";

const Schema = z.object({ name: z.string().min(1, "Name is required.") });

function app() {
  const a = new Hono();
  a.post("/echo", async (c) => c.json({ success: true, data: await readJson(c, Schema) }));
  a.get("/limited", () => {
    throw tooManyRequests("Slow down.", 42);
  });
  a.onError((e, c) => (e instanceof HttpError ? errorJson(c, e) : c.json({ success: false }, 500)));
  return a;
}

describe("readJson and HttpError", () => {
  it("parses a valid body", async () => {
    const res = await app().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Asha"}' });
    expect(await res.json()).toEqual({ success: true, data: { name: "Asha" } });
  });
  it("answers malformed JSON with 400", async () => {
    const res = await app().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: "The request body is not valid JSON." });
  });
  it("answers a wrong content type with 415", async () => {
    const res = await app().request("/echo", { method: "POST", headers: { "content-type": "text/plain" }, body: "name=x" });
    expect(res.status).toBe(415);
  });
  it("names the field that failed validation", async () => {
    const res = await app().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":""}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: "Name is required.", field: "name" });
  });
  it("gives 429 with Retry-After", async () => {
    const res = await app().request("/limited");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(await res.json()).toEqual({ success: false, message: "Slow down.", retryAfter: 42 });
  });
});
