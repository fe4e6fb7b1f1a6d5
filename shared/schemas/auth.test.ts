import { describe, expect, it } from "vitest";
import { ProfileUpdateSchema, RegisterSchema, safeRedirect, SignUpStep1Schema, SignUpStep2Schema } from "./auth";

describe("safeRedirect", () => {
  it.each([
    ["/templates?tab=2#x", "/templates?tab=2#x"],
    ["/blog/some-post", "/blog/some-post"],
    ["/studio", "/studio"],
    ["/studio/posts/12?tab=revisions", "/studio/posts/12?tab=revisions"],
    ["/a/../templates", "/templates"],
    ["/%2e%2e/%2Fevil.example", "/%2Fevil.example"],
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
    // Issue 13, S4: raw text that only becomes "//host" once resolved.
    "/..//evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example/x?y#z",
    "/a/b/../..//evil.example",
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

describe("S10: names and companies are one line", () => {
  const step1 = { firstName: "Meera", lastName: "Joshi", email: "m@example.com", password: "12345678" };
  it.each(["Bob,\n\nYour account is suspended", "Bob\r\nX", "Bob\rX", "Bob\tX", "Bob\u2028X"])("refuses %j with the one-line message", (firstName) => {
    const result = SignUpStep1Schema.safeParse({ ...step1, firstName });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please keep this on one line (no line breaks).");
  });
  it("applies to the company on step 2 and in the API", () => {
    expect(SignUpStep2Schema.safeParse({ company: "Acme\nPay here", role: "Other", industry: "Real Estate", terms: "on" }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ company: "Acme\r\n" + "x" }).success).toBe(false);
  });
});

describe("control characters in names", () => {
  const step1 = { firstName: "Meera", lastName: "Joshi", email: "m@example.com", password: "12345678" };

  it.each(["Me\u0000era", "Meera\u001b[31m", "Meera\u007f", "Meera\u0085"])("refuses %j with the field's message", (firstName) => {
    const result = SignUpStep1Schema.safeParse({ ...step1, firstName });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["firstName"]);
    expect(result.error?.issues[0]?.message).toBe("Please remove the control characters from this field.");
  });

  it("keeps letters of every script, accents and emoji", () => {
    for (const name of ["Zoë", "मीरा", "山田", "Ann 🌟", "O'Brien-Smith"]) {
      expect(SignUpStep1Schema.safeParse({ ...step1, firstName: name }).success, name).toBe(true);
    }
  });

  it("applies to the API's name and company and to profile updates", () => {
    const base = { name: "A", email: "a@example.com", password: "12345678", company: "C", industry: "Healthcare" };
    expect(RegisterSchema.safeParse({ ...base, company: "Acme\u0000" }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ name: "B\u0000" }).success).toBe(false);
  });
});
