import { describe, expect, it } from "vitest";
import { lazyModule } from "./lazy-module";

describe("lazyModule", () => {
  it("fetches the module once and keeps it at hand", async () => {
    let fetches = 0;
    const checks = lazyModule(() => {
      fetches += 1;
      return import("@shared/schemas/auth");
    });
    expect(checks.current).toBeNull();
    const [a, b] = await Promise.all([checks.load(), checks.load()]);
    expect(fetches).toBe(1);
    expect(a).toBe(b);
    expect(checks.current?.SignInFormSchema.safeParse({ email: "", password: "", industry: "" }).success).toBe(false);
    expect(checks.failed).toBe(false);
  });

  it("after a failed fetch, says so and tries again on the next load", async () => {
    let fetches = 0;
    const checks = lazyModule(async () => {
      fetches += 1;
      if (fetches === 1) throw new Error("offline");
      return { ok: true };
    });
    await expect(checks.load()).rejects.toThrow("offline");
    expect(checks.failed).toBe(true);
    expect(checks.current).toBeNull();
    await expect(checks.load()).resolves.toEqual({ ok: true });
    expect(fetches).toBe(2);
    expect(checks.failed).toBe(false);
  });
});
