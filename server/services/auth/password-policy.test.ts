import { describe, expect, it } from "vitest";
import { AUTH_VALIDATION } from "../../../shared/content/auth";
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

describe("issue 26, item 10: passwords that follow a guessable pattern", () => {
  const account = { email: "asha.verma@vermarealty.in", name: "Asha Verma", company: "Verma Realty" };

  it.each(["India@123", "Admin@123", "Passw0rd!", "Qwerty@123", "wiseparrot123", "WiseParrot2026", "        "])(
    "refuses %j with a message for the field",
    async (password) => {
      const problem = await passwordProblem(password, account);
      expect(problem).not.toBeNull();
      expect(problem).toMatch(/too easy to guess|most common passwords/);
    },
  );

  it("refuses the site's and the person's own words dressed up with digits and symbols", async () => {
    for (const password of ["WiseCore2026!", "Wise Parrot 2025", "AshaVerma@1", "VermaRealty#1", "asha.verma2026"]) {
      expect(await passwordProblem(password, account), password).toBe(AUTH_VALIDATION.passwordGuessable);
    }
  });

  it("takes a good passphrase and a long random password", async () => {
    for (const password of ["violet harbour kettle drums", "correct horse battery", "9xK#mq2!Lp7w"]) {
      expect(await passwordProblem(password, account), password).toBeNull();
    }
  });
});
