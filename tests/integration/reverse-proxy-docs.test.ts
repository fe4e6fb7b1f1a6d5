/**
 * The README's nginx and Caddy snippets ("Behind a reverse proxy") say what the deployment tests run: every
 * directive of the configuration tests/helpers/reverse-proxy.ts generates is in the documented snippet, apart
 * from what differs by machine (listen address, server name, certificate files).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caddyRequestBuffering, caddySiteConfig, findProxyBinary, nginxSiteConfig } from "../helpers/reverse-proxy";

const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const site = { port: 8443, upstreams: ["127.0.0.1:3000"], certificate: "/tmp/cert.pem", key: "/tmp/key.pem" };

function snippet(language: string): string {
  const block = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(readme)?.[1];
  if (!block) throw new Error(`no \`\`\`${language} block in the README`);
  return block;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim().replace(/\s+/g, " "))
    .filter((l) => l !== "" && !l.startsWith("#"));

const MACHINE_SPECIFIC = /^(?:listen |server_name |ssl_certificate|tls |https:\/\/127\.0\.0\.1:)/;

describe.each([
  ["nginx", nginxSiteConfig(site)],
  ["caddy", caddySiteConfig(site)],
])("the README's %s snippet", (language, generated) => {
  it("holds every directive the deployment tests run with", () => {
    const documented = lines(snippet(language));
    const missing = lines(generated).filter((l) => !MACHINE_SPECIFIC.test(l) && !documented.includes(l));
    expect(missing).toEqual([]);
  });

  it("turns buffering off for the chat's event stream and forwards the client's address", () => {
    const text = snippet(language);
    if (language === "nginx") {
      expect(text).toMatch(/location \/api\/chat \{[^}]*proxy_buffering off;/);
      expect(text).toContain("X-Forwarded-For $proxy_add_x_forwarded_for");
      expect(text).toContain("X-Forwarded-Proto $scheme");
    } else {
      expect(text).toMatch(/handle \/api\/chat\* \{\s*reverse_proxy [^{]+\{[^}]*flush_interval -1/);
    }
  });
});

/** The body of each `reverse_proxy … { … }` block of a Caddyfile (one level of nested braces inside). */
const reverseProxyBlocks = (text: string) => [...text.matchAll(/reverse_proxy [^{\n]+\{((?:[^{}]|\{[^{}]*\})*)\}/g)].map((m) => m[1]!);

describe("S18: the proxies read request bodies whole before passing them on", () => {
  const deployed = fs.readFileSync(new URL("../../deploy/Caddyfile", import.meta.url), "utf8");

  it("Caddy: every reverse_proxy of the README and of deploy/Caddyfile buffers request bodies, with read timeouts", () => {
    for (const text of [snippet("caddy"), deployed]) {
      const blocks = reverseProxyBlocks(text);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      for (const block of blocks) expect(block).toMatch(/^\s*request_buffers 1MiB$/m);
      expect(text).toMatch(/timeouts \{[^}]*read_body 30s/);
    }
  });

  it("nginx: request buffering is never turned off", () => {
    expect(snippet("nginx")).not.toMatch(/proxy_request_buffering\s+off/);
    expect(nginxSiteConfig(site)).not.toMatch(/proxy_request_buffering\s+off/);
  });

  it("the deployment tests' Caddy uses the spelling its version knows", () => {
    expect(caddyRequestBuffering("2.6.2", "")).toBe("buffer_requests\nmax_buffer_size 1MiB");
    expect(caddyRequestBuffering("v2.6.4 h1:abc=", "")).toBe("request_buffers 1MiB");
    expect(caddyRequestBuffering("v2.10.2 h1:abc=", "")).toBe("request_buffers 1MiB");
    const binary = findProxyBinary("caddy");
    if (!binary) return;
    // The installed Caddy accepts the configuration the helper writes for it, buffering included.
    const version = execFileSync(binary, ["version"], { encoding: "utf8" }).trim();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-caddy-adapt-"));
    try {
      const file = path.join(dir, "Caddyfile");
      fs.writeFileSync(file, caddySiteConfig({ ...site, caddyVersion: version }));
      const json = execFileSync(binary, ["adapt", "--config", file, "--adapter", "caddyfile"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      const handlers = [...json.matchAll(/"handler":"reverse_proxy"/g)].length;
      const buffered = [...json.matchAll(/"(?:request_buffers":1048576|buffer_requests":true)/g)].length;
      expect(handlers).toBe(2);
      expect(buffered).toBe(handlers);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
