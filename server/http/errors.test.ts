import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ServiceError,
  type ServiceErrorKind,
  conflict,
  forbidden,
  invalid,
  notFound,
  rateLimited,
  unauthorized,
  unavailable,
} from "../services/errors";
import { HttpError, STATUS_OF_KIND, errorJson, readJson, serviceErrorJson } from "./errors";

const Schema = z.object({ name: z.string().min(1, "Name is required.") });

function app() {
  const a = new Hono();
  a.post("/echo", async (c) => c.json({ success: true, data: await readJson(c, Schema) }));
  a.onError((e, c) =>
    e instanceof HttpError ? errorJson(c, e) : e instanceof ServiceError ? serviceErrorJson(c, e) : c.json({ success: false }, 500),
  );
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
});

/** What the API answers for a service error thrown by a handler. */
async function answerFor(error: ServiceError) {
  const a = new Hono();
  a.get("/", () => {
    throw error;
  });
  a.onError((e, c) => serviceErrorJson(c, e as ServiceError));
  const res = await a.request("/");
  return { status: res.status, retryAfter: res.headers.get("retry-after"), text: await res.text() };
}

describe("serviceErrorJson: each kind of service error as the API answers it", () => {
  it("maps every kind to one status", () => {
    expect(STATUS_OF_KIND).toEqual({
      invalid: 400,
      unauthorized: 401,
      forbidden: 403,
      "not-found": 404,
      conflict: 409,
      "rate-limited": 429,
      unavailable: 503,
    } satisfies Record<ServiceErrorKind, number>);
  });

  it("invalid: 400 naming the field, then the facts, in that order", async () => {
    const answer = await answerFor(invalid("Please enter your email.", "email", { errors: { email: "Please enter your email." } }));
    expect(answer).toEqual({
      status: 400,
      retryAfter: null,
      text: '{"success":false,"message":"Please enter your email.","field":"email","errors":{"email":"Please enter your email."}}',
    });
  });

  it("invalid without a field: 400 with the message only", async () => {
    expect(await answerFor(invalid("The link is not valid."))).toEqual({
      status: 400,
      retryAfter: null,
      text: '{"success":false,"message":"The link is not valid."}',
    });
  });

  it("unauthorized: 401 with its facts", async () => {
    expect(await answerFor(unauthorized("Sign-in failed.", { reason: "token" }))).toEqual({
      status: 401,
      retryAfter: null,
      text: '{"success":false,"message":"Sign-in failed.","reason":"token"}',
    });
  });

  it("forbidden: 403", async () => {
    expect(await answerFor(forbidden("Not yours."))).toEqual({ status: 403, retryAfter: null, text: '{"success":false,"message":"Not yours."}' });
  });

  it("not-found: 404", async () => {
    expect(await answerFor(notFound("Blog not found"))).toEqual({ status: 404, retryAfter: null, text: '{"success":false,"message":"Blog not found"}' });
  });

  it("conflict: 409 naming the field", async () => {
    expect(await answerFor(conflict("Taken.", "email"))).toEqual({
      status: 409,
      retryAfter: null,
      text: '{"success":false,"message":"Taken.","field":"email"}',
    });
  });

  it("rate-limited: 429 with retryAfter in the body and Retry-After", async () => {
    expect(await answerFor(rateLimited("Slow down.", 42))).toEqual({
      status: 429,
      retryAfter: "42",
      text: '{"success":false,"message":"Slow down.","retryAfter":42}',
    });
  });

  it("unavailable with a wait: 503 with Retry-After, the body without it", async () => {
    expect(await answerFor(unavailable("Busy.", 2))).toEqual({ status: 503, retryAfter: "2", text: '{"success":false,"message":"Busy."}' });
  });

  it("unavailable without a wait: 503 and no Retry-After", async () => {
    expect(await answerFor(unavailable("Not configured."))).toEqual({ status: 503, retryAfter: null, text: '{"success":false,"message":"Not configured."}' });
  });
});
