/**
 * The production server reads `.env` from its working directory at start (Node's own parser); a variable set in the
 * real environment wins over the file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, buildPresent, startBuiltServer } from "../helpers/built-server";

describe.skipIf(!buildPresent())("the built server with a .env file", () => {
  let server: BuiltServer;
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "wp-dotenv-"));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(cwd, ".env"),
      ["# as in .env.example", "COMPANY_EMAIL=from-dotenv@example.com", "COMPANY_ADDRESS=File Street 1, Pune", "LOG_LEVEL=silent", ""].join("\n"),
    );
    // The harness sets LOG_LEVEL=info in the real environment: it must win over the file's "silent".
    server = await startBuiltServer({ COMPANY_ADDRESS: "Real Environment Road 2, Pune" }, { cwd });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  it("takes a variable only the file sets, and lets the real environment win where both do", async () => {
    const html = await (await fetch(`${server.url}/contact`)).text();
    expect(html).toContain("from-dotenv@example.com");
    expect(html).toContain("Real Environment Road 2, Pune");
    expect(html).not.toContain("File Street 1");
    // LOG_LEVEL=info from the real environment: the request was logged.
    expect(server.output()).toContain('"msg":"request"');
  });
});
