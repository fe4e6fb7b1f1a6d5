import { Writable } from "node:stream";
import { parseConfig, type Config } from "../../server/config";
import type { Deps } from "../../server/context";
import type { Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";

/** Log lines captured in memory, so tests can assert nothing secret was logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join("\n");
  }
}

export function testConfig(overrides: Record<string, string> = {}, databaseUrl = "data/unused.db"): Config {
  return parseConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DATABASE_URL: databaseUrl, ...overrides });
}

export function testDeps(db: Db, overrides: Record<string, string> = {}): Deps & { logs: LogCapture } {
  const logs = new LogCapture();
  return { config: testConfig(overrides), db, log: createLogger("debug", logs), logs };
}
