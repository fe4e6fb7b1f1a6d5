import { describe, expect, it } from "vitest";
import { validateFooterEmail } from "./footer-newsletter";

describe("footer newsletter validation", () => {
  it("asks for an address when empty or blank", () => {
    expect(validateFooterEmail("")).toMatchObject({ title: "Email Required", tone: "error" });
    expect(validateFooterEmail("   ")).toMatchObject({ title: "Email Required" });
  });
  it("needs an at-sign and a dot", () => {
    expect(validateFooterEmail("name.example.com")).toMatchObject({ title: "Invalid Email" });
    expect(validateFooterEmail("name@example")).toMatchObject({ title: "Invalid Email" });
  });
  it("accepts a trimmed address", () => {
    expect(validateFooterEmail("  owner@clinic.in ")).toBeNull();
  });
});
