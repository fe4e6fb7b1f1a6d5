import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags";

describe("the server's Node flags", () => {
  it("are the ones `npm run serve` starts the build with", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    // `exec`: the server is npm's own child, so a signal to npm reaches it (tests/faults/signals.test.ts).
    expect(pkg.scripts.serve).toBe(`NODE_ENV=production exec node ${SERVER_NODE_FLAGS.join(" ")} "\${WP_BUILD_DIR:-build}/host/index.js"`);
  });
});
