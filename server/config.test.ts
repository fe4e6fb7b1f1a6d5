import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";
import { EnvSchema } from "./env-schema";

describe("configuration", () => {
  it("has harmless, obviously fake defaults", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_URL).toBe("http://localhost:3000");
    expect(c.DATABASE_URL).toBe("data/wise-parrot.db");
    expect(c.isPostgres).toBe(false);
    expect(c.site.email).toMatch(/@example\.com$/);
    expect(c.site.phone).toBe("+91 00000 00000");
    // A fresh install books on the site (issue 42); the outside link's default stays a harmless placeholder.
    expect(c.site.bookingUrl).toBe("/book-demo");
    expect(c.settings.bookingUrl).toMatch(/example\.com/);
    expect(c.site.auth).toEqual({ google: false, microsoft: false });
    expect(c.LLM_MODEL).toBe("gpt-3.5-turbo");
  });

  it("names the bad variable", () => {
    const bad = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as ConfigError).message;
      }
      throw new Error("expected a ConfigError");
    };
    expect(bad({ PORT: "eighty" })).toMatch(/PORT/);
    expect(bad({ PORT: "70000" })).toMatch(/PORT/);
    expect(bad({ PUBLIC_URL: "not a url" })).toMatch(/PUBLIC_URL/);
    expect(bad({ COMPANY_EMAIL: "nobody" })).toMatch(/COMPANY_EMAIL/);
    expect(bad({ WHATSAPP_NUMBER: "12ab" })).toMatch(/WHATSAPP_NUMBER/);
    expect(bad({ DATABASE_URL: "mysql://x" })).toMatch(/DATABASE_URL/);
    expect(bad({ DATABASE_URL: "file:/tmp/site.db" })).toMatch(/DATABASE_URL/);
    expect(bad({ BOOKING_URL: "javascript:alert(1)" })).toMatch(/BOOKING_URL/);
    expect(bad({ SMTP_URL: "http://mail" })).toMatch(/SMTP_URL/);
    const both = bad({ PORT: "x", LOG_LEVEL: "loud" });
    expect(both).toMatch(/PORT/);
    expect(both).toMatch(/LOG_LEVEL/);
  });

  it("normalises values", () => {
    const c = parseConfig({
      PUBLIC_URL: "https://wiseparrot.example.org/",
      WHATSAPP_NUMBER: "+91 98765-43210",
      DATABASE_URL: "postgres://u@h/db",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      CRM_HIDDEN_FIELDS: "oid=00D123&retURL=https%3A%2F%2Fexample.com",
      PORT: "",
    });
    expect(c.PUBLIC_URL).toBe("https://wiseparrot.example.org");
    expect(c.WHATSAPP_NUMBER).toBe("919876543210");
    expect(c.isPostgres).toBe(true);
    expect(c.site.auth.google).toBe(true);
    expect(c.CRM_HIDDEN_FIELDS).toEqual({ oid: "00D123", retURL: "https://example.com" });
    expect(c.PORT).toBe(3000);
  });

  it("keeps secrets out of the browser-safe site object", () => {
    const c = parseConfig({ LLM_API_KEY: "sk-secret-key", GOOGLE_CLIENT_SECRET: "g-secret", CRM_HIDDEN_FIELDS: "oid=abc" });
    const site = JSON.stringify(c.site);
    expect(site).not.toContain("sk-secret-key");
    expect(site).not.toContain("g-secret");
    expect(site).not.toContain("abc");
  });

  it(".env.example lists every variable", () => {
    const example = fs.readFileSync(new URL("../.env.example", import.meta.url), "utf8");
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const missing = Object.keys(EnvSchema.shape).filter((k) => !listed.has(k));
    expect(missing).toEqual([]);
  });
});

describe("the request line's settings", () => {
  it("leave the concurrency to the server when empty, and name the variable when wrong", () => {
    const base = { NODE_ENV: "test", DATABASE_URL: "data/x.db" };
    expect(parseConfig({ ...base, MAX_CONCURRENT_REQUESTS: "" }).MAX_CONCURRENT_REQUESTS).toBeUndefined();
    expect(parseConfig({ ...base, MAX_CONCURRENT_REQUESTS: "12" }).MAX_CONCURRENT_REQUESTS).toBe(12);
    expect(parseConfig(base).MAX_QUEUE_WAIT_MS).toBe(15_000);
    expect(() => parseConfig({ ...base, MAX_QUEUED_REQUESTS: "-1" })).toThrow(/MAX_QUEUED_REQUESTS/);
  });
});
