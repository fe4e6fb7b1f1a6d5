import { describe, expect, it } from "vitest";
import { conflict, forbidden, invalid, notFound, rateLimited, unauthorized, unavailable } from "../../server/services/errors";
import { pageError } from "./service-errors.server";

describe("pageError: each kind of service error as a page shows it", () => {
  it("invalid with a field: 400, the field's message, no wait", () => {
    expect(pageError(invalid("Choose a longer password.", "password"))).toEqual({
      kind: "invalid",
      status: 400,
      statusText: "Bad Request",
      message: "Choose a longer password.",
      detail: "Choose a longer password.",
      field: "password",
      fieldErrors: { password: "Choose a longer password." },
      headers: {},
    });
  });

  it("invalid without a field: no field errors", () => {
    expect(pageError(invalid("The link is not valid."))).toEqual({
      kind: "invalid",
      status: 400,
      statusText: "Bad Request",
      message: "The link is not valid.",
      detail: "The link is not valid.",
      fieldErrors: {},
      headers: {},
    });
  });

  it("unauthorized: 401, 'Unauthorized' for the headline", () => {
    expect(pageError(unauthorized("Wrong e-mail or password.", { reason: "token" }))).toMatchObject({
      kind: "unauthorized",
      status: 401,
      statusText: "Unauthorized",
      message: "Wrong e-mail or password.",
      detail: "Wrong e-mail or password.",
      fieldErrors: {},
      headers: {},
    });
  });

  it("forbidden: 403", () => {
    expect(pageError(forbidden("Not yours."))).toMatchObject({ kind: "forbidden", status: 403, statusText: "Forbidden", message: "Not yours." });
  });

  it("not-found: 404", () => {
    expect(pageError(notFound("Gone."))).toMatchObject({ kind: "not-found", status: 404, statusText: "Not Found", message: "Gone." });
  });

  it("conflict: 409 and the field's message", () => {
    expect(pageError(conflict("An account with this email already exists.", "email"))).toEqual({
      kind: "conflict",
      status: 409,
      statusText: "Conflict",
      message: "An account with this email already exists.",
      detail: "An account with this email already exists.",
      field: "email",
      fieldErrors: { email: "An account with this email already exists." },
      headers: {},
    });
  });

  it("rate-limited: 429, the wait in the detail and in Retry-After", () => {
    expect(pageError(rateLimited("Too many attempts.", 42))).toEqual({
      kind: "rate-limited",
      status: 429,
      statusText: "Too Many Requests",
      message: "Too many attempts.",
      detail: "Too many attempts. (42 s)",
      fieldErrors: {},
      retryAfterSeconds: 42,
      headers: { "Retry-After": "42" },
    });
  });

  it("unavailable with and without a wait: 503", () => {
    expect(pageError(unavailable("Busy.", 2))).toMatchObject({
      kind: "unavailable",
      status: 503,
      statusText: "Service Unavailable",
      detail: "Busy. (2 s)",
      headers: { "Retry-After": "2" },
    });
    expect(pageError(unavailable("Not configured."))).toMatchObject({ status: 503, detail: "Not configured.", headers: {} });
  });

  it("anything else is not a service error: null", () => {
    expect(pageError(new Error("database down"))).toBeNull();
    expect(pageError("boom")).toBeNull();
    expect(pageError(undefined)).toBeNull();
  });
});
