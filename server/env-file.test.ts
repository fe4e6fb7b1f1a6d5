import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadDotEnv } from "./env-file";

describe("loadDotEnv", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-env-"));
  const names = ["WP_ENV_TEST_FROM_FILE", "WP_ENV_TEST_BOTH", "WP_ENV_TEST_QUOTED"];
  afterEach(() => {
    for (const n of names) delete process.env[n];
    fs.rmSync(path.join(dir, ".env"), { force: true });
  });

  it("reads .env from the directory into the environment; a variable already set wins", () => {
    fs.writeFileSync(path.join(dir, ".env"), "# a comment\nWP_ENV_TEST_FROM_FILE=file\nWP_ENV_TEST_BOTH=file\nWP_ENV_TEST_QUOTED=\"a b # c\"\n");
    process.env.WP_ENV_TEST_BOTH = "real";
    expect(loadDotEnv(dir)).toBe(path.join(dir, ".env"));
    expect(process.env.WP_ENV_TEST_FROM_FILE).toBe("file");
    expect(process.env.WP_ENV_TEST_BOTH).toBe("real");
    expect(process.env.WP_ENV_TEST_QUOTED).toBe("a b # c");
  });

  it("does nothing without a .env file", () => {
    expect(loadDotEnv(dir)).toBeNull();
    expect(process.env.WP_ENV_TEST_FROM_FILE).toBeUndefined();
  });
});
