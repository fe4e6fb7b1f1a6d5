import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import type { Config } from "../../config";

/**
 * Razorpay for the demo's payment (issue 42): payment links made through the official SDK, and the two signatures
 * that confirm a payment (the webhook's over its raw body, the return's over the payment link's callback values).
 * Configured only with all three keys (server/config.ts checks they come together).
 */
export type RazorpayKeys = { keyId: string; keySecret: string; webhookSecret: string };

export function razorpayKeys(config: Config): RazorpayKeys | null {
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET || !config.RAZORPAY_WEBHOOK_SECRET) return null;
  return { keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET };
}

const clients = new WeakMap<Config, Razorpay>();

/**
 * The SDK's client. RAZORPAY_API_URL (tests: the local stand-in) replaces the base address of the SDK's own axios
 * instance, the one the SDK hard-codes; unset, the SDK is untouched.
 */
export function razorpayClient(config: Config): Razorpay {
  let client = clients.get(config);
  if (!client) {
    client = new Razorpay({ key_id: config.RAZORPAY_KEY_ID!, key_secret: config.RAZORPAY_KEY_SECRET! });
    if (config.RAZORPAY_API_URL) {
      const api = (client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api;
      api.rq.defaults.baseURL = config.RAZORPAY_API_URL.replace(/\/+$/, "");
    }
    (client as unknown as { api: { rq: { defaults: { timeout?: number } } } }).api.rq.defaults.timeout = 10_000;
    clients.set(config, client);
  }
  return client;
}

export type CreatedLink = { id: string; shortUrl: string };

export type LinkRequest = {
  amountPaise: number;
  referenceId: string;
  description: string;
  customer: { name: string; email: string; contact: string };
  callbackUrl: string;
  /** Seconds since the epoch (Razorpay wants at least 15 minutes from now). */
  expireBy: number;
};

/** Creates the payment link (POST /v1/payment_links). */
export async function createPaymentLink(config: Config, request: LinkRequest): Promise<CreatedLink> {
  const link = (await razorpayClient(config).paymentLink.create({
    amount: request.amountPaise,
    currency: "INR",
    accept_partial: false,
    reference_id: request.referenceId,
    description: request.description,
    customer: request.customer,
    notify: { sms: false, email: false },
    reminder_enable: false,
    notes: { booking: request.referenceId },
    callback_url: request.callbackUrl,
    callback_method: "get",
    expire_by: request.expireBy,
  })) as { id?: unknown; short_url?: unknown };
  if (typeof link.id !== "string" || typeof link.short_url !== "string" || !/^https?:\/\//.test(link.short_url)) throw new Error("Razorpay answered without a payment link");
  return { id: link.id, shortUrl: link.short_url };
}

/** Cancels a payment link (an unpaid hold released); a failure is the caller's to log. */
export async function cancelPaymentLink(config: Config, id: string): Promise<void> {
  await razorpayClient(config).paymentLink.cancel(id);
}

function equalHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : "", "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret, hex; compared in constant time. */
export function verifyWebhookSignature(rawBody: Buffer | string, signature: string | null | undefined, secret: string): boolean {
  if (!signature) return false;
  return equalHex(createHmac("sha256", secret).update(rawBody).digest("hex"), signature.trim());
}

export type CallbackParams = {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: string;
  razorpay_signature: string;
};

/**
 * The payment link's return (callback_url): razorpay_signature is HMAC-SHA256, with the key secret, of
 * `payment_link_id|payment_link_reference_id|payment_link_status|razorpay_payment_id` (Razorpay's payment links
 * documentation, "Verify Signature").
 */
export function verifyCallbackSignature(params: CallbackParams, keySecret: string): boolean {
  const payload = `${params.razorpay_payment_link_id}|${params.razorpay_payment_link_reference_id}|${params.razorpay_payment_link_status}|${params.razorpay_payment_id}`;
  return equalHex(createHmac("sha256", keySecret).update(payload).digest("hex"), params.razorpay_signature);
}
