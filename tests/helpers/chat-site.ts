/**
 * A site for the assistant's tests: a fresh database of the given kind with the sample posts, the team's ways of
 * contact configured (so every hand-over carries a prefilled WhatsApp link), and `ask`, which sends a conversation's
 * messages through the chat service, each after the one before in the server's own log of it (its conversation id).
 * Call inside a `describe`: it opens the site before the tests and drops it after.
 */
import { afterAll, beforeAll } from "vitest";
import { COMMAND_LINE, type StaffActor } from "../../server/services/audit";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { grantAccess } from "../../server/services/staff/access";
import { answerChat, type ChatResult } from "../../server/services/chat/service";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./databases";
import { testDeps } from "./deps";
import { markAddressVerified } from "./verified";

/** The team's ways of contact every chat test site has (so each hand-over carries a prefilled WhatsApp link). */
const CONTACT_ENV = { WHATSAPP_NUMBER: "919812345678", COMPANY_PHONE: "+91 98123 45678", COMPANY_EMAIL: "team@example.com" };

export const CHAT_SITE_WHATSAPP = CONTACT_ENV.WHATSAPP_NUMBER;

export function chatSite(kind: TestDatabaseKind) {
  let t: TestDatabase | undefined;
  let deps: ReturnType<typeof testDeps> | undefined;
  let visitors = 0;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, CONTACT_ENV);
    await seedSampleBlogs(deps);
  });
  afterAll(async () => {
    await t?.drop();
  });
  const opened = () => {
    if (!deps || !t) throw new Error("the chat site is opened in beforeAll: use it inside a test");
    return { deps, t };
  };
  return {
    deps: () => opened().deps,
    /** One visitor's conversation: each message after the one before, the last answer returned. */
    async ask(...turns: string[]): Promise<ChatResult> {
      const site = opened().deps;
      let result: ChatResult | undefined;
      const clientIp = `203.0.113.${++visitors}`;
      for (const message of turns) result = await answerChat(site, { message, clientIp, ...(result ? { conversationId: result.conversationId } : {}) });
      return result!;
    },
  };
}

/** The text a hand-over's WhatsApp link is prefilled with ("" when the reply holds none). */
export function prefilledText(reply: string): string {
  return decodeURIComponent(new RegExp(`wa\\.me/${CHAT_SITE_WHATSAPP}\\?text=([^)\\s]+)`).exec(reply)?.[1] ?? "");
}

/**
 * A site for tests of what the assistant answers after the owner publishes (no sample posts): a fresh database with
 * the team's ways of contact, and an owner (`email`, verified) whose actor saves the copy. Call inside a `describe`.
 */
export function chatOwnerSite(kind: TestDatabaseKind, email: string) {
  let t: TestDatabase | undefined;
  let deps: ReturnType<typeof testDeps> | undefined;
  let owner: StaffActor | undefined;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, CONTACT_ENV);
    await markAddressVerified(t.db, email);
    const granted = await grantAccess(deps, email, "owner", COMMAND_LINE);
    owner = { ...COMMAND_LINE, userId: granted.userId, label: email, access: "owner" };
  });
  afterAll(async () => {
    await t?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the chat site is opened in beforeAll: use it inside a test");
    return value;
  };
  return { deps: () => opened(deps), owner: () => opened(owner), db: () => opened(t).db };
}
