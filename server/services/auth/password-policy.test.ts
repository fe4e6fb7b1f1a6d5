import { describe, expect, it } from "vitest";
import { commonPasswords, passwordProblem } from "./password-policy";

describe("S9: the password policy", () => {
  it("holds well over the 100,000 most common passwords (those a password of 8+ characters could be), offline", async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThan(100_000);
    for (const common of ["password", "12345678", "qwertyuiop", "iloveyou", "password123", "1q2w3e4r5t"]) expect(list.has(common), common).toBe(true);
    for (const rare of ["correct horse battery", "a much better secret", "zx81 paper lantern"]) expect(list.has(rare), rare).toBe(false);
  });

  it("says why: common, or the account's own e-mail or name (any case, spaces ignored)", async () => {
    const account = { email: "Meera.Shah@example.com", name: "Meera Shah" };
    expect(await passwordProblem("Password1", account)).toMatch(/most common passwords/);
    expect(await passwordProblem("meera.shah@example.com", account)).toMatch(/not be your e-mail address or your name/);
    expect(await passwordProblem("MEERA.SHAH", account)).toMatch(/not be your e-mail address or your name/);
    expect(await passwordProblem("meera shah", account)).toMatch(/not be your e-mail address or your name/);
    expect(await passwordProblem("a much better secret", account)).toBeNull();
  });
});
