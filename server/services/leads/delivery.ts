import { createHash, randomUUID } from "node:crypto";
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Deps } from "../../context";
import type { Database } from "../../db/schema";
import { intervalWorker, type KickableWorker, type Worker } from "../interval-worker";
import { afterFailure, backoffMs, claimDue, holdLease, writeOutcome } from "../outbox";
import { leadEvents } from "./intake";
import { notifyLeadFailed } from "./notify";

/**
 * Forwards stored leads to the CRM's web-to-lead endpoint, from the leads
 * table used as a persistent outbox.
 *
 * - A lead is claimed by a conditional UPDATE (status and lease checked in the
 *   WHERE clause), so of several server processes exactly one gets it.
 * - The claim is a lease (longer than the request's timeout) that its holder
 *   renews while the request is in flight, so a slow CRM or a starved process
 *   keeps its leads; only a holder that died (or froze past its lease) loses
 *   them. Each claim has its own token and only an answer under that token is
 *   recorded: a late finisher whose lease was taken writes nothing.
 * - A lead may still reach the CRM twice (an answer lost to a timeout, a
 *   process killed before recording it): losing it is never an option. Every
 *   request carries the lead's idempotency key (the `Idempotency-Key` header
 *   and a form field, the same on every attempt), by which the CRM can keep one.
 * - Network errors, timeouts, 5xx (and 408/429) are retried with exponential
 *   back-off and jitter; any other 4xx is final (marked failed, answer kept).
 * - Redirects: 307/308 (and a 301/302/303 back to the endpoint's own path,
 *   i.e. the endpoint moved) are followed only to the same host; other
 *   301/302/303 are the endpoint's "thank you" redirect (a web-to-lead form's
 *   return URL), so the lead counts as delivered and the redirect is not followed.
 */

export type LeadDeliveryOptions = {
  url: string;
  hiddenFields: Record<string, string>;
  /** One attempt, redirects included, is abandoned after this long. */
  timeoutMs: number;
  /** How long a claim protects a lead being sent; longer than timeoutMs, and renewed every third of it meanwhile. */
  leaseMs: number;
  /** The form field that carries the lead's idempotency key (CRM_IDEMPOTENCY_FIELD); empty: the header only. */
  idempotencyField: string;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  pollMs: number;
  batchSize: number;
  maxRedirects: number;
  random: () => number;
};

export const DEFAULT_DELIVERY: Omit<LeadDeliveryOptions, "url" | "hiddenFields" | "idempotencyField"> = {
  timeoutMs: 10_000,
  leaseMs: 30_000,
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60 * 1000,
  // With the defaults above, about a day of retrying before a lead is marked failed.
  maxAttempts: 30,
  pollMs: 5_000,
  // A round sends this many at once and waits for them all: at 5 a round, a burst of leads (test:load's 170 a second)
  // was delivered at about 40-90 a second and fell minutes behind; at 25 it keeps up (decision 0067). A CRM sees at
  // most this many requests at once per process.
  batchSize: 25,
  maxRedirects: 3,
  random: Math.random,
};

const KEEP_RESPONSE_CHARS = 2000;

/** The delivery settings from configuration, or null when no CRM endpoint is configured. */
export function deliveryOptions(deps: Deps, overrides: Partial<LeadDeliveryOptions> = {}): LeadDeliveryOptions | null {
  const url = overrides.url ?? deps.config.CRM_WEB_TO_LEAD_URL;
  if (!url) return null;
  return { ...DEFAULT_DELIVERY, hiddenFields: deps.config.CRM_HIDDEN_FIELDS, idempotencyField: deps.config.CRM_IDEMPOTENCY_FIELD, ...overrides, url };
}

/** Exponential back-off with "equal jitter": between half and all of base·2^(n-1), capped. */
export function backoffDelay(attempts: number, options: Pick<LeadDeliveryOptions, "baseDelayMs" | "maxDelayMs" | "random">): number {
  return backoffMs(attempts, options);
}

type LeadForCrm = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  lead_source: string;
};

/**
 * The lead's idempotency key: the same on every attempt and from every process (made from what the row never
 * changes: its id and when it was stored), different for every lead; it says nothing about the lead itself.
 */
export function leadIdempotencyKey(lead: { id: number | bigint; created_at: number | bigint }): string {
  return createHash("sha256").update(`wise-parrot lead ${Number(lead.id)} ${Number(lead.created_at)}`).digest("hex").slice(0, 32);
}

/**
 * The web-to-lead form body: the configured hidden fields (oid, retURL…), then the lead's own fields, then its
 * idempotency key when a field is named for it.
 */
export function crmFormBody(lead: LeadForCrm, hiddenFields: Record<string, string>, idempotency?: { field: string; key: string }): URLSearchParams {
  const body = new URLSearchParams(hiddenFields);
  body.set("first_name", lead.first_name);
  body.set("last_name", lead.last_name);
  body.set("email", lead.email);
  body.set("phone", lead.phone);
  body.set("description", lead.message);
  body.set("lead_source", lead.lead_source);
  if (idempotency?.field) body.set(idempotency.field, idempotency.key);
  return body;
}

export type SendOutcome =
  | { kind: "delivered"; status: number; response: string }
  | { kind: "rejected"; status: number | null; response: string; error: string }
  | { kind: "retry"; status: number | null; response: string; error: string; retryAfterMs?: number };

function sameHost(from: URL, to: URL): boolean {
  // Never downgrade https to http: the lead would travel in clear text.
  return from.host === to.host && !(from.protocol === "https:" && to.protocol === "http:");
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Posts one lead to the CRM, under its idempotency key, and classifies the answer. Never throws. */
export async function sendLead(lead: LeadForCrm, options: LeadDeliveryOptions, idempotencyKey: string): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const body = crmFormBody(lead, options.hiddenFields, { field: options.idempotencyField, key: idempotencyKey }).toString();
  let url = new URL(options.url);
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8", "idempotency-key": idempotencyKey },
        body,
        redirect: "manual",
        signal,
      });
      const text = (await res.text()).slice(0, KEEP_RESPONSE_CHARS);
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get("location");
        if (!location) return { kind: "rejected", status: res.status, response: text, error: `CRM answered ${res.status} without a Location` };
        const target = new URL(location, url);
        const moved = res.status === 307 || res.status === 308 || target.pathname === url.pathname;
        if (!moved) {
          return { kind: "delivered", status: res.status, response: `redirect to ${target.origin}${target.pathname} (not followed)` };
        }
        if (!sameHost(url, target)) {
          return {
            kind: "rejected",
            status: res.status,
            response: text,
            error: `CRM redirected to another host (${target.host}); not followed`,
          };
        }
        if (hop >= options.maxRedirects) {
          return { kind: "rejected", status: res.status, response: text, error: "CRM redirected too many times" };
        }
        url = target;
        continue;
      }
      if (res.ok) return { kind: "delivered", status: res.status, response: text };
      if (res.status >= 500 || res.status === 408 || res.status === 429) {
        return {
          kind: "retry",
          status: res.status,
          response: text,
          error: `CRM answered ${res.status}`,
          retryAfterMs: retryAfterMs(res.headers.get("retry-after")),
        };
      }
      return { kind: "rejected", status: res.status, response: text, error: `CRM refused the lead (${res.status})` };
    }
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } };
    const timedOut = err.name === "TimeoutError" || err.name === "AbortError";
    const detail = timedOut
      ? `no answer within ${options.timeoutMs} ms`
      : [err.message, err.cause?.code ?? err.cause?.message].filter(Boolean).join(": ");
    return { kind: "retry", status: null, response: "", error: `CRM unreachable: ${detail}` };
  }
}

/** Due: pending and its time has come, or stuck in "sending" past its lease (its process died). */
const isDue = (now: number) => (eb: ExpressionBuilder<Database, "leads">) =>
  eb.or([
    eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
    eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", now)]),
  ]);

/** `lost`: answers not recorded because the lead's claim had been taken over (this holder was frozen past its lease). */
export type DeliveryRound = { claimed: number; delivered: number; failed: number; retrying: number; lost: number };

/**
 * One round: claims up to batchSize due leads (pending and due, or stuck in
 * "sending" past their lease), sends them, and records each answer.
 */
export async function deliverDueLeads(deps: Deps, options: LeadDeliveryOptions, now = Date.now()): Promise<DeliveryRound> {
  const { kysely } = deps.db;
  // This round's claim: the leads it leases carry its token, and only an answer under that token is recorded.
  const token = randomUUID();
  const claimed = await claimDue(
    deps.db,
    (k) => k.selectFrom("leads").select("id").where(isDue(now)).orderBy("next_attempt_at").orderBy("id").limit(options.batchSize),
    (k, ids) =>
      k
        .updateTable("leads")
        .set((eb) => ({
          status: "sending",
          claim_token: token,
          claimed_until: now + options.leaseMs,
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "in", ids)
        .where(isDue(now))
        .returningAll()
        .execute(),
  );

  const round: DeliveryRound = { claimed: claimed.length, delivered: 0, failed: 0, retrying: 0, lost: 0 };
  if (!claimed.length) return round;
  // Renewed while the requests are in flight, on this round's clock (`now` moved on by the time spent), fenced by the
  // token: a lead recorded since (its token cleared) or taken over is not touched.
  const started = Date.now();
  const lease = holdLease(
    { leaseMs: options.leaseMs, clock: () => now + (Date.now() - started), log: deps.log, what: "leads" },
    claimed.map((l) => Number(l.id)),
    async (ids, until) => {
      const renewed = await kysely
        .updateTable("leads")
        .set({ claimed_until: until })
        .where("id", "in", ids)
        .where("claim_token", "=", token)
        .where("status", "=", "sending")
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows ?? 0);
    },
  );
  try {
    await deliverClaimed(deps, options, token, claimed, round, lease);
  } finally {
    await lease.stop();
  }
  return round;
}

async function deliverClaimed(
  deps: Deps,
  options: LeadDeliveryOptions,
  token: string,
  claimed: Selectable<Database["leads"]>[],
  round: DeliveryRound,
  lease: { release(ids: number[]): Promise<void> },
): Promise<void> {
  const { kysely } = deps.db;
  await Promise.all(
    claimed.map(async (lead) => {
      const id = lead.id;
      const attempts = Number(lead.attempts);
      if (attempts > 1) deps.log.info({ leadId: Number(id), attempt: attempts }, "lead delivery retry");

      const outcome = await sendLead(lead, options, leadIdempotencyKey(lead));
      const done = Date.now();
      const failure =
        outcome.kind === "delivered" ? null : afterFailure(attempts, options, { permanent: outcome.kind === "rejected", atLeastMs: outcome.kind === "retry" ? (outcome.retryAfterMs ?? 0) : 0, now: done });
      let update;
      if (outcome.kind === "delivered") {
        update = { status: "delivered", delivered_at: done, crm_status: outcome.status, crm_response: outcome.response, last_error: null };
      } else if (failure?.final) {
        const error = outcome.kind === "rejected" ? outcome.error : `gave up after ${attempts} attempts: ${outcome.error}`;
        update = { status: "failed", crm_status: outcome.status, crm_response: outcome.response, last_error: error };
      } else {
        update = {
          status: "pending",
          next_attempt_at: failure!.nextAttemptAt,
          crm_status: outcome.status,
          crm_response: outcome.response,
          last_error: outcome.error,
        };
      }
      // The lease stays renewed while the answer is written (retried if the database refuses): the token fences it.
      const recorded = await writeOutcome(() =>
        kysely
          .updateTable("leads")
          .set({ ...update, claim_token: null, claimed_until: null })
          .where("id", "=", id)
          .where("claim_token", "=", token)
          .executeTakeFirst(),
      );
      await lease.release([Number(id)]);
      const log = { leadId: Number(id), attempt: attempts, outcome: outcome.kind, crmStatus: outcome.status };
      if (Number(recorded.numUpdatedRows ?? 0) !== 1) {
        round.lost++;
        deps.log.warn(log, "lead delivery answer arrived after the claim expired");
        return;
      }
      if (update.status === "delivered") round.delivered++;
      else if (update.status === "failed") round.failed++;
      else round.retrying++;
      if (outcome.kind === "delivered") {
        deps.log.info(log, "lead delivered");
      } else {
        // Failed for good: the owner is told by e-mail (a failure to queue it is logged, never the round's error).
        if (update.status === "failed") {
          await notifyLeadFailed(deps, Number(id)).catch((err: unknown) => deps.log.warn({ leadId: Number(id), err: { message: (err as Error).message } }, "lead failure notice not queued"));
        }
        deps.log.warn({ ...log, error: update.last_error }, outcome.kind === "retry" && update.status === "pending" ? "lead delivery will be retried" : "lead delivery failed");
      }
    }),
  );
}

/** The background loop: polls, and wakes at once when this process stores a lead. */
export function startLeadDelivery(deps: Deps, overrides: Partial<LeadDeliveryOptions> = {}): KickableWorker {
  const options = deliveryOptions(deps, overrides);
  if (!options) {
    deps.log.info("CRM_WEB_TO_LEAD_URL is not set: leads are stored but not forwarded");
    return { name: "lead-delivery", stop: async () => {}, kick: () => {}, idle: async () => {} };
  }
  let stopping = false;
  const worker = intervalWorker("lead-delivery", deps, options.pollMs, async () => {
    // Drain a backlog in consecutive rounds rather than one per poll.
    for (let i = 0; i < 20 && !stopping; i++) {
      const round = await deliverDueLeads(deps, options);
      if (round.claimed === 0) break;
    }
  });
  const onQueued = () => worker.kick();
  leadEvents.on("queued", onQueued);
  return {
    ...worker,
    async stop() {
      stopping = true;
      leadEvents.off("queued", onQueued);
      await worker.stop();
    },
  };
}

/** The worker as the server starts it (see server/workers.ts). */
export function leadDeliveryWorker(deps: Deps): Worker {
  return startLeadDelivery(deps);
}
