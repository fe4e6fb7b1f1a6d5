import fs from "node:fs";
import path from "node:path";

/**
 * Reads `.env` from the working directory (beside `.env.example`) into process.env when the file is there, with
 * Node's own parser (`process.loadEnvFile`). A variable already set in the real environment wins over the file.
 * Returns the file read, or null.
 */
export function loadDotEnv(dir = process.cwd()): string | null {
  const file = path.resolve(dir, ".env");
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
