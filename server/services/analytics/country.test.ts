import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import os from "node:os";
import { countryDataDate, countryOf, countryTableBytes, useCountryDataDir, warmCountryTable } from "./country";

const require = createRequire(import.meta.url);

describe("countryOf", () => {
  it("names the country of IPv4 addresses, written plainly or as IPv6", () => {
    expect(countryOf("49.36.0.1")).toBe("IN"); // Reliance Jio
    expect(countryOf("117.200.1.1")).toBe("IN"); // BSNL
    expect(countryOf("8.8.8.8")).toBe("US");
    expect(countryOf("::ffff:106.51.0.1")).toBe("IN");
    expect(countryOf("::FFFF:106.51.0.1")).toBe("IN");
    expect(countryOf("0:0:0:0:0:ffff:6a33:1")).toBe("IN"); // 106.51.0.1 in hexadecimal groups
    expect(countryOf("0000:0000:0000:0000:0000:FFFF:6A33:0001")).toBe("IN");
  });

  it("names the country of IPv6 addresses of India's mobile networks and of others", () => {
    expect(countryOf("2405:201:8000::1")).toBe("IN"); // Reliance Jio
    expect(countryOf("2409:4042:2d8c:1e9a::1")).toBe("IN"); // Reliance Jio (mobile)
    expect(countryOf("2401:4900:1c2a:5b6e::1")).toBe("IN"); // Bharti Airtel
    expect(countryOf("2001:4860:4860::8888")).toBe("US"); // Google's public resolver
    expect(countryOf("2601:600:a17f::1")).toBe("US"); // Comcast
    expect(countryOf("2003:e6:1f00::1")).toBe("DE"); // Deutsche Telekom
  });

  it("reads every spelling of one IPv6 address alike: compressed, expanded, padded, upper case, zone, brackets, its /64", () => {
    const spellings = [
      "2405:201:8000:1::1",
      "2405:0201:8000:0001:0000:0000:0000:0001",
      "2405:201:8000:1:0:0:0:1",
      "2405:201:8000:1::0:1",
      "2405:0201:8000:0001::0001",
      "2405:201:8000:1::1%eth0",
      "2405:201:8000:1::1%25",
      "[2405:201:8000:1::1]",
      "2405:201:8000:1::/64", // how the server hands over an IPv6 client: its /64 (rateLimitAddress)
      "2405:201:8000:1:0:0:0:0/64",
      "2405:201:8000:1:ffff:ffff:ffff:ffff",
      " 2405:201:8000:1::1\n",
    ];
    for (const address of spellings) expect(countryOf(address), address).toBe("IN");
    for (const address of spellings) expect(countryOf(address.toUpperCase()), address.toUpperCase()).toBe("IN");
    // An IPv4 address in an IPv6 tail: a mapped one is IPv4; elsewhere it is two groups of the IPv6 address.
    expect(countryOf("2405:201:8000:1::1.2.3.4")).toBe("IN");
  });

  it("gives '' for loopback, private, link-local, unique local, documentation, multicast and unspecified addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.1.1",
      "203.0.113.5",
      "0.0.0.0",
      "255.255.255.255",
      "::1",
      "::",
      "0:0:0:0:0:0:0:1",
      "fe80::1",
      "fe80::1ff:fe23:4567:890a%eth0",
      "fc00::1",
      "fd12:3456:789a:1::1",
      "2001:db8::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.1.2.3",
    ]) {
      expect(countryOf(address), address).toBe("");
    }
  });

  it("gives '' for what is not an address", () => {
    for (const address of [
      "",
      "unknown",
      "localhost",
      "1.2.3",
      "300.1.1.1",
      "1.2.3.4.5",
      "a.b.c.d",
      "1.2.3.-4",
      "2405:201::1::2",
      "2405:201:0:0:0:0:0:0:1",
      "2405:201:0:0:0:0:1",
      "12345::1",
      "g::1",
      ":::",
      ":2405:201::1",
      "2405:201::1:",
      "2405:201::1/129",
      "2405:201::1/",
      "2405:201::1%",
      "2405:201::1%eth 0",
      "[2405:201::1",
      "::ffff:1.2.3",
      "::ffff:1.2.3.256",
      "2405:201::1.2.3.4:1",
      `2405:201:${"0:".repeat(40)}1`,
    ]) {
      expect(countryOf(address), address).toBe("");
    }
  });

  it("agrees with the package's own reader at both ends of its ranges and inside them, both families", () => {
    const geoip = require("geoip-country") as { lookup(ip: string): { country: string } | null };
    const data = path.join(path.dirname(require.resolve("geoip-country/package.json")), "data");
    const v4 = fs.readFileSync(path.join(data, "geoip-country.dat"));
    const v6 = fs.readFileSync(path.join(data, "geoip-country6.dat"));
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const ipv4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
    // The upper 64 bits as given, the lower 64 random: what a phone's address looks like.
    const ipv6 = (high: bigint) => {
      const hex = (high.toString(16).padStart(16, "0") + random().toString(16).padStart(8, "0") + random().toString(16).padStart(8, "0")).match(/.{4}/g)!;
      return hex.join(":");
    };
    const expected = (ip: string) => geoip.lookup(ip)?.country ?? "";
    let checked = 0;
    for (let i = 0; i < 4_000; i++) {
      const at = (random() % (v4.length / 10)) * 10;
      const first = v4.readUInt32BE(at);
      const last = v4.readUInt32BE(at + 4);
      for (const n of [first - 1, first, first + Math.floor((last - first) / 2), last, last + 1]) {
        if (n < 0 || n > 0xffffffff) continue;
        expect(countryOf(ipv4(n)), ipv4(n)).toBe(expected(ipv4(n)));
        checked++;
      }
    }
    for (let i = 0; i < 4_000; i++) {
      const at = (random() % (v6.length / 18)) * 18;
      const first = v6.readBigUInt64BE(at);
      const last = v6.readBigUInt64BE(at + 8);
      for (const high of [first - 1n, first, first + (last - first) / 2n, last, last + 1n]) {
        const address = ipv6(high);
        expect(countryOf(address), address).toBe(expected(address));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(39_000);
  });

  it("holds the tables in typed arrays of a few megabytes, read once", () => {
    const first = warmCountryTable();
    expect(first).not.toBeNull();
    expect(first!.v4).toBeGreaterThan(100_000);
    expect(first!.v6).toBeGreaterThan(100_000);
    const bytes = countryTableBytes();
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(bytes).toBeLessThan(8_000_000);
    // Already loaded: no second read.
    expect(warmCountryTable()!.ms).toBeLessThan(5);
    expect(countryTableBytes()).toBe(bytes);
  });

  it("tells the day of the data the installed package carries, from its version", () => {
    const { version } = require("geoip-country/package.json") as { version: string };
    const date = countryDataDate();
    expect(date).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(version.split(".")[2]!.startsWith(date!.replaceAll("-", ""))).toBe(true);
  });

  it("reads newer tables from COUNTRY_DATA_DIR when it holds both files, dated by when they were written; else the package's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-countries-"));
    const data = path.join(path.dirname(require.resolve("geoip-country/package.json")), "data");
    try {
      const packageDate = countryDataDate();
      // Only one of the two files: passed over, the package's tables and date stay.
      fs.copyFileSync(path.join(data, "geoip-country.dat"), path.join(dir, "geoip-country.dat"));
      useCountryDataDir(dir);
      expect(countryDataDate()).toBe(packageDate);
      // Both, as MaxMind's updater leaves them: read from there (the lookups answer as before), dated today.
      fs.copyFileSync(path.join(data, "geoip-country6.dat"), path.join(dir, "geoip-country6.dat"));
      useCountryDataDir("");
      useCountryDataDir(dir);
      expect(countryDataDate()).toBe(new Date().toISOString().slice(0, 10));
      expect(warmCountryTable()).not.toBeNull();
      expect(countryOf("2409:4042:2d8c:1e9a::1")).toBe("IN");
      expect(countryOf("8.8.8.8")).toBe("US");
      // A truncated file (a download cut short): no country for what it lacks, never a throw.
      fs.writeFileSync(path.join(dir, "geoip-country.dat"), Buffer.alloc(7, 1));
      useCountryDataDir("");
      useCountryDataDir(dir);
      expect(countryOf("8.8.8.8")).toBe("");
      expect(countryOf("2409:4042:2d8c:1e9a::1")).toBe("IN");
    } finally {
      useCountryDataDir("");
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(countryOf("8.8.8.8")).toBe("US");
  });
});
