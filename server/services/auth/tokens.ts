import { randomBytes } from "node:crypto";

export { hashToken, newToken } from "../tokens";

/** A short random id for a user (the API's `_id`). */
export function newUserId(): string {
  return randomBytes(12).toString("hex");
}
