/**
 * The README's nginx and Caddy snippets ("Behind a reverse proxy") say what the deployment tests run: every
 * directive of the configuration tests/helpers/reverse-proxy.ts generates is in the documented snippet, apart
 * from what differs by machine (listen address, server name, certificate files).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { caddySiteConfig, nginxSiteConfig } from "../helpers/reverse-proxy";

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
