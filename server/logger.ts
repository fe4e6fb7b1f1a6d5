import pino, { type Logger } from "pino";

/**
 * JSON logs on stdout. Anything that could hold a secret is redacted by key,
 * and request lines carry the path without its query string (tokens travel
 * in query strings).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
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
