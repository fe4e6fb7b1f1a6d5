import { describe, expect, it } from "vitest";
import { ProfileUpdateSchema, RegisterSchema, safeRedirect, SignUpStep2Schema } from "./auth-schemas";

describe("safeRedirect", () => {
  it.each([
    ["/templates?tab=2#x", "/templates?tab=2#x"],
    ["/blog/some-post", "/blog/some-post"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "templates",
    "/ok\n/x",
    "",
    undefined,
    42,
    `/${"a".repeat(600)}`,
  ])("replaces %s with /templates", (input) => {
    expect(safeRedirect(input)).toBe("/templates");
  });
});

describe("account schemas", () => {
  const base = { name: "A", email: "a@example.com", password: "12345678", company: "C", industry: "Healthcare" };

  it("bounds passwords to 8..128 characters", () => {
    expect(RegisterSchema.safeParse({ ...base, password: "1234567" }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...base, password: "x".repeat(129) }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...base, password: "x".repeat(128) }).success).toBe(true);
  });

  it("refuses privileged or unknown profile fields by name", () => {
    const result = ProfileUpdateSchema.safeParse({ name: "B", role: "admin", email: "x@example.com" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Only name, company and industry can be changed; not: role, email.");
  });

  it("requires the terms and a role from the list on step 2", () => {
    const ok = { company: "C", role: "Other", industry: "Real Estate", terms: "on" };
    expect(SignUpStep2Schema.safeParse(ok).success).toBe(true);
    expect(SignUpStep2Schema.safeParse({ ...ok, terms: undefined }).success).toBe(false);
    expect(SignUpStep2Schema.safeParse({ ...ok, role: "Admin" }).success).toBe(false);
  });
});
