/**
 * RFC 8058 through the TLS proxy: a mail client's one-click unsubscribe is a cross-site POST without a page or a
 * session, and it must get through the proxy and the site's cross-site guard — the one write that may — while a
 * cross-site write anywhere else stays refused.
 */
import { openDatabase } from "../../server/db/database";
import { hashToken, newToken } from "../../server/services/tokens";
import { expect, test } from "./fixtures";

const MAIL_CLIENT = { origin: "https://mail.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };

test("a one-click unsubscribe from a mail client unsubscribes through the proxy; other cross-site writes stay refused", async ({ request, server }) => {
  const email = `one-click.${Date.now()}@example.com`;
  const token = newToken();
  const db = await openDatabase(server.databaseUrl);
  try {
    const now = Date.now();
    const { id } = await db.kysely
      .insertInto("subscribers")
      .values({ email, email_normalized: email, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto("subscriber_tokens")
      .values({ token_hash: hashToken(token), subscriber_id: Number(id), purpose: "unsubscribe", created_at: now, expires_at: now + 86_400_000, used_at: null })
      .execute();
  } finally {
    await db.close();
  }

  // The same token, cross-site, on the unsubscribe API that pages use: refused like every other cross-site write.
  const refused = await request.post("/api/newsletter/unsubscribe", { headers: { ...MAIL_CLIENT, "content-type": "application/json" }, data: { token } });
  expect(refused.status()).toBe(403);

  const res = await request.post(`/api/newsletter/one-click?token=${token}`, { headers: MAIL_CLIENT, data: "List-Unsubscribe=One-Click" });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");

  const check = await openDatabase(server.databaseUrl);
  try {
    const row = await check.kysely.selectFrom("subscribers").select("status").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.status).toBe("unsubscribed");
  } finally {
    await check.close();
  }
});
