import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";
import { parseTrustProxy, type TrustProxy } from "../env-schema";
import { clientAddress, normalizeAddress, rateLimitAddress } from "./client-ip";

const trust = (v: string): TrustProxy => {
  const t = parseTrustProxy(v);
  if (typeof t === "string") throw new Error(t);
  return t;
};

describe("the client's address (finding S3)", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY says so", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", trust("false"))).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", "198.51.100.1", trust("0"))).toBe("203.0.113.7");
  });

  it("takes the hop the trusted proxy appended (the rightmost), never what the client wrote to its left", () => {
    // The proxy appends the address it saw: "spoofed, real".
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.9", trust("true"))).toBe("198.51.100.9");
    expect(clientAddress("127.0.0.1", "1.1.1.1,2.2.2.2 , 198.51.100.9", trust("1"))).toBe("198.51.100.9");
    // Two proxies in a row: the client is the second hop from the right.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.1", trust("2"))).toBe("198.51.100.9");
    // Fewer hops than trusted: the leftmost there is.
    expect(clientAddress("10.0.0.2", "198.51.100.9", trust("3"))).toBe("198.51.100.9");
    expect(clientAddress("127.0.0.1", undefined, trust("true"))).toBe("127.0.0.1");
  });

  it("with a list of proxies, walks from the right to the first address that is not one of them", () => {
    const t = trust("10.0.0.0/8, 2001:db8:ffff::/48, loopback");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.9, 10.1.2.3", t)).toBe("198.51.100.9");
    expect(clientAddress("::1", "6.6.6.6, 2001:db8:1::5, 2001:db8:ffff::1", t)).toBe("2001:db8:1::5");
    // A peer that is not a trusted proxy is the client, whatever it claims.
    expect(clientAddress("203.0.113.50", "198.51.100.9", t)).toBe("203.0.113.50");
    // IPv4-mapped peers (a dual-stack socket) match IPv4 ranges.
    expect(clientAddress("::ffff:10.0.0.7", "198.51.100.9", t)).toBe("198.51.100.9");
    // Only proxies all the way: the leftmost.
    expect(clientAddress("10.0.0.1", "10.0.0.2", t)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.1", "garbage, 198.51.100.9", t)).toBe("198.51.100.9");
  });

  it("normalises the spellings of one address", () => {
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress(" 192.0.2.1:8080 ")).toBe("192.0.2.1");
    expect(normalizeAddress("x".repeat(200))).toHaveLength(64);
  });

  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(rateLimitAddress("198.51.100.9")).toBe("198.51.100.9");
    expect(rateLimitAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:0db8:0001:0002:abcd:ef01:2345:6789")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });
});

describe("TRUST_PROXY", () => {
  it("accepts false, true, a hop count or a list of addresses and ranges", () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual({ kind: "hops", hops: 0 });
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(parseConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16, ::1, fd00::/8" }).TRUST_PROXY.kind).toBe("ranges");
  });

  it("stops the start with a message naming the variable and the bad item", () => {
    for (const bad of ["maybe", "10.0.0.0/33", "::1/129", "10.0.0.1,", "300.1.1.1", "10.0.0.0/8/1", "99"]) {
      let message = "";
      try {
        parseConfig({ TRUST_PROXY: bad });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        message = (e as Error).message;
      }
      expect(message, bad).toMatch(/TRUST_PROXY/);
    }
  });
});
