import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serverPort } from "./built-server";

/**
 * A local stand-in for Razorpay's payment links API and webhooks (issue 42), as Razorpay's documentation describes
 * them: POST /v1/payment_links (Basic auth with the key id and secret; amount, currency, reference_id, customer,
 * callback_url, callback_method), GET /v1/payment_links/{id}, POST /v1/payment_links/{id}/cancel. A link's
 * short_url is this server's checkout page (/pay/{id}); paying there (POST) marks it paid, delivers the signed
 * `payment_link.paid` webhook (HMAC-SHA256 of the raw body with the webhook secret, X-Razorpay-Signature,
 * X-Razorpay-Event-Id) to `webhookUrl`, and sends the browser back to callback_url with the signed parameters.
 * The site's code reaches it through the real SDK (RAZORPAY_API_URL).
 */
export type StandInLink = {
  id: string;
  amount: number;
  currency: string;
  reference_id: string;
  status: "created" | "paid" | "cancelled" | "expired";
  callback_url: string;
  customer: Record<string, string>;
  notes: Record<string, string>;
  short_url: string;
  payment_id?: string;
};

export type RazorpayStandIn = {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  env: Record<string, string>;
  links: Map<string, StandInLink>;
  /** Requests refused for bad credentials. */
  unauthorized: number;
  /** Where paid events are posted (the site's /api/razorpay/webhook). */
  webhookUrl: string | null;
  /** Pays a link: the webhook body, its signature and event id, and the return's query (the caller delivers them). */
  pay(id: string): { body: string; signature: string; eventId: string; callbackQuery: URLSearchParams };
  sign(body: string): string;
  close(): Promise<void>;
};

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = "rzp_test_standin";
  const keySecret = randomBytes(12).toString("hex");
  const webhookSecret = randomBytes(12).toString("hex");
  const links = new Map<string, StandInLink>();
  const sockets = new Set<Socket>();
  const port = await serverPort();
  const base = `http://127.0.0.1:${port}`;
  const sign = (body: string) => createHmac("sha256", webhookSecret).update(body).digest("hex");

  const pay = (id: string) => {
    const link = links.get(id);
    if (!link) throw new Error(`no link ${id}`);
    link.status = "paid";
    link.payment_id ??= `pay_${randomBytes(7).toString("hex")}`;
    const eventId = `evt_${randomBytes(7).toString("hex")}`;
    const body = JSON.stringify({
      entity: "event",
      event: "payment_link.paid",
      contains: ["payment_link", "order", "payment"],
      payload: {
        payment_link: { entity: { id: link.id, reference_id: link.reference_id, status: "paid", amount: link.amount, amount_paid: link.amount, currency: link.currency } },
        payment: { entity: { id: link.payment_id, amount: link.amount, currency: link.currency, status: "captured", notes: link.notes } },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const signed = `${link.id}|${link.reference_id}|paid|${link.payment_id}`;
    const callbackQuery = new URLSearchParams({
      razorpay_payment_id: link.payment_id,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: "paid",
      razorpay_signature: createHmac("sha256", keySecret).update(signed).digest("hex"),
    });
    return { body, signature: sign(body), eventId, callbackQuery };
  };

  const state = { unauthorized: 0, webhookUrl: null as string | null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", base);
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(value));
        };
        const checkout = /^\/pay\/(plink_[A-Za-z0-9]+)$/.exec(url.pathname);
        if (checkout) {
          const link = links.get(checkout[1]!);
          if (!link) return json(404, { error: { code: "BAD_REQUEST_ERROR", description: "not found" } });
          if (req.method === "GET") {
            res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
            res.end(
              `<!doctype html><html lang="en"><head><title>Razorpay stand-in</title><link rel="icon" href="data:,"></head><body><main><h1>Pay ${link.amount / 100} ${link.currency}</h1>` +
                `<form method="post"><button type="submit">Pay now</button></form></main></body></html>`,
            );
            return;
          }
          const paid = pay(link.id);
          if (state.webhookUrl) {
            await fetch(state.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": paid.signature, "x-razorpay-event-id": paid.eventId }, body: paid.body }).catch(() => undefined);
          }
          res.writeHead(302, { location: `${link.callback_url}?${paid.callbackQuery.toString()}` });
          res.end();
          return;
        }
        const auth = req.headers.authorization ?? "";
        if (auth !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`) {
          state.unauthorized += 1;
          return json(401, { error: { code: "BAD_REQUEST_ERROR", description: "The api key provided is invalid" } });
        }
        if (req.method === "POST" && url.pathname === "/v1/payment_links") {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
          if (typeof body.amount !== "number" || body.amount < 100 || body.currency !== "INR") return json(400, { error: { code: "BAD_REQUEST_ERROR", description: "amount must be at least 100 paise" } });
          const id = `plink_${randomBytes(7).toString("hex")}`;
          const link: StandInLink = {
            id,
            amount: body.amount,
            currency: "INR",
            reference_id: String(body.reference_id ?? ""),
            status: "created",
            callback_url: String(body.callback_url ?? ""),
            customer: (body.customer ?? {}) as Record<string, string>,
            notes: (body.notes ?? {}) as Record<string, string>,
            short_url: `${base}/pay/${id}`,
          };
          links.set(id, link);
          return json(200, link);
        }
        const one = /^\/v1\/payment_links\/(plink_[A-Za-z0-9]+)(\/cancel)?$/.exec(url.pathname);
        if (one) {
          const link = links.get(one[1]!);
          if (!link) return json(400, { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } });
          if (one[2] && req.method === "POST") link.status = link.status === "paid" ? "paid" : "cancelled";
          return json(200, link);
        }
        json(404, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } });
      })();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${actual}`;
  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_URL: url },
    links,
    get unauthorized() {
      return state.unauthorized;
    },
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(v: string | null) {
      state.webhookUrl = v;
    },
    pay,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
