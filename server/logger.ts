import pino, { type Logger } from "pino";
import { requestFacts } from "./context";

/**
 * JSON logs on stdout. Anything that could hold a secret is redacted by key,
 * and request lines carry the path without its query string (tokens travel
 * in query strings). A line written while a request runs carries its id,
 * client address and, once known, account id (`reqId`, `ip`, `userId`), unless
 * the line names them itself.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      mixin() {
        const facts = requestFacts();
        if (!facts) return {};
        return facts.userId ? { reqId: facts.reqId, ip: facts.ip, userId: facts.userId } : { reqId: facts.reqId, ip: facts.ip };
      },
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "authorization",
          "*.authorization",
          "cookie",
          "*.cookie",
          "apiKey",
          "*.apiKey",
          "secret",
          "*.secret",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
