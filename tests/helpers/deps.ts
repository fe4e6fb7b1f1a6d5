import { Writable } from "node:stream";
import { parseConfig, type Config } from "../../server/config";
import type { Deps } from "../../server/context";
import type { Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { subscribeDomainEvents } from "../../server/subscribers";

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

/**
 * The deps a test's services run over. Their making stands for the server's start: the domain's events are
 * subscribed to as createApp does (decision 0059), so a post a test writes through the services is indexed for the
 * assistant as it is on the site.
 */
export function testDeps(db: Db, overrides: Record<string, string> = {}): Deps & { logs: LogCapture } {
  subscribeDomainEvents();
  const logs = new LogCapture();
  return { config: testConfig(overrides), db, log: createLogger("debug", logs), logs };
}
