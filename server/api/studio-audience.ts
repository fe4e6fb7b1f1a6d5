import { Hono, type Context } from "hono";
import { z } from "zod";
import { AUDIENCE_MESSAGES } from "../../shared/content/audience";
import {
  AccountQuerySchema,
  AddSubscriberSchema,
  dayRange,
  ImportSubscribersSchema,
  LeadQuerySchema,
  LeadStageSchema,
  NewsletterSendSchema,
  PostRefSchema,
  SubscriberLabelsSchema,
  SubscriberQuerySchema,
} from "../../shared/schemas/audience";
import { AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { addSubscriber, importSubscribers } from "../services/newsletter/import";
import { labelCounts, parseLabels, setSubscriberLabels } from "../services/newsletter/labels";
import { formatInZone } from "../../shared/zoned-time";
import { zonedTimeToEpoch } from "../services/wall-clock";
import { siteSettings } from "../services/content/settings";
import { readJson } from "../http/errors";
import { exportAccounts, listAccounts, setAccountDisabled } from "../services/auth/admin";
import { crmConfigured, exportLeads, leadCounts, leadDetail, leadStageCounts, markLeadSpam, retryLead, searchLeads, setLeadStage } from "../services/leads/inbox";
import { cancelScheduledNewsletter, previewNewsletter, sendTestNewsletter, startNewsletter } from "../services/newsletter/queue";
import { listNewsletters, newsletterProgress } from "../services/newsletter/progress";
import { eraseSubscriber, exportSubscribers, listSubscribers, subscriberStats } from "../services/newsletter/subscribers";
import { parseInput } from "../services/errors";
import { actorOf, type StudioEnv } from "./studio-guard";

const SpamBody = z.object({ spam: z.boolean({ error: "spam must be true or false" }) });
const NumericId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function idParam(c: Context<StudioEnv>): number {
  return parseInput(NumericId, c.req.param("id"));
}

function csv(c: Context<StudioEnv>, name: string, body: string) {
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
  });
}

/**
 * /api/studio/audience: subscribers, newsletters, the leads inbox and visitors' accounts. Owners only, by the policy table (mounted
 * behind the studio's session and second-factor guards).
 */
export function createStudioAudienceRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();
  // Subscribers.
  r.get("/subscribers", async (c) => {
    const q = parseInput(SubscriberQuerySchema, c.req.query());
    const deps = c.get("deps");
    const [stats, subscribers] = await Promise.all([subscriberStats(deps), listSubscribers(deps, q)]);
    return c.json({ success: true, ...stats, subscribers });
  });
  r.post("/subscribers.csv", async (c) => {
    const q = parseInput(SubscriberQuerySchema, c.req.query());
    return csv(c, "subscribers", await exportSubscribers(c.get("deps"), q, actorOf(c)));
  });
  r.post("/subscribers", async (c) => {
    const input = await readJson(c, AddSubscriberSchema);
    const report = await addSubscriber(c.get("deps"), input, actorOf(c));
    const message = report.confirmed ? AUDIENCE_TOOLS_MESSAGES.added(input.email) : AUDIENCE_TOOLS_MESSAGES.addedPending(input.email);
    return c.json({ success: true, message, report }, 201);
  });
  r.post("/subscribers/import", async (c) => {
    const { csv: text, labels, consent } = await readJson(c, ImportSubscribersSchema);
    const report = await importSubscribers(c.get("deps"), text, { labels, consent }, actorOf(c));
    return c.json({ success: true, message: AUDIENCE_TOOLS_MESSAGES.imported(report.added), report });
  });
  r.put("/subscribers/:id/labels", async (c) => {
    const id = idParam(c);
    const { labels } = await readJson(c, SubscriberLabelsSchema);
    const saved = await setSubscriberLabels(c.get("deps"), id, labels, actorOf(c));
    return c.json({ success: true, message: AUDIENCE_TOOLS_MESSAGES.labelsSaved, labels: saved });
  });
  r.get("/labels", async (c) => c.json({ success: true, labels: await labelCounts(c.get("deps")) }));
  r.delete("/subscribers/:id", async (c) => {
    await eraseSubscriber(c.get("deps"), idParam(c), actorOf(c));
    return c.json({ success: true, message: AUDIENCE_MESSAGES.subscriberErased });
  });

  // Newsletters.
  r.get("/newsletters", async (c) => c.json({ success: true, newsletters: await listNewsletters(c.get("deps")) }));
  r.get("/newsletters/preview", async (c) => {
    const { post } = parseInput(PostRefSchema, c.req.query());
    const labels = parseLabels(c.req.queries("label") ?? [], "labels", 20);
    return c.json({ success: true, preview: await previewNewsletter(c.get("deps"), post, labels) });
  });
  r.post("/newsletters/test", async (c) => {
    const { post } = await readJson(c, PostRefSchema);
    const studio = c.get("studio");
    await sendTestNewsletter(c.get("deps"), post, { ...actorOf(c), email: studio.email });
    return c.json({ success: true, message: AUDIENCE_MESSAGES.testSent(studio.email) });
  });
  r.post("/newsletters", async (c) => {
    const { post, confirm, labels: rawLabels, at } = await readJson(c, NewsletterSendSchema);
    const deps = c.get("deps");
    const labels = parseLabels(rawLabels ?? [], "labels", 20);
    const zone = (await siteSettings(deps)).timeZone;
    const scheduledFor = at ? zonedTimeToEpoch(at, zone) : null;
    const started = await startNewsletter(deps, post, confirm, actorOf(c), Date.now(), { labels, scheduledFor });
    // A post already sent or scheduled is not sent again: the answer says so instead of "Sending to N" (issue 31).
    const message =
      started.scheduledFor !== null
        ? (started.created ? AUDIENCE_TOOLS_MESSAGES.scheduled : AUDIENCE_MESSAGES.alreadyScheduled)(formatInZone(started.scheduledFor, zone))
        : started.created
          ? AUDIENCE_MESSAGES.sendStarted(started.queued)
          : AUDIENCE_MESSAGES.alreadySentNothingMore(started.recipients);
    return c.json({ success: true, newsletter: started, message }, started.created ? 201 : 200);
  });
  r.delete("/newsletters/:id", async (c) => {
    await cancelScheduledNewsletter(c.get("deps"), idParam(c), actorOf(c));
    return c.json({ success: true, message: AUDIENCE_TOOLS_MESSAGES.cancelled });
  });
  r.get("/newsletters/:id", async (c) => c.json({ success: true, newsletter: await newsletterProgress(c.get("deps"), idParam(c)) }));

  // Leads.
  r.get("/leads", async (c) => {
    const { from, to, ...q } = parseInput(LeadQuerySchema, c.req.query());
    const deps = c.get("deps");
    const [counts, stages, leads] = await Promise.all([leadCounts(deps, actorOf(c)), leadStageCounts(deps, actorOf(c)), searchLeads(deps, actorOf(c), { ...q, ...dayRange(from, to) })]);
    return c.json({ success: true, crmConfigured: crmConfigured(deps), counts, stages, leads });
  });
  r.post("/leads.csv", async (c) => {
    const { from, to, ...q } = parseInput(LeadQuerySchema, c.req.query());
    return csv(c, "leads", await exportLeads(c.get("deps"), { ...q, ...dayRange(from, to) }, actorOf(c)));
  });
  r.get("/leads/:id", async (c) => c.json({ success: true, crmConfigured: crmConfigured(c.get("deps")), lead: await leadDetail(c.get("deps"), actorOf(c), idParam(c)) }));
  r.post("/leads/:id/retry", async (c) => {
    await retryLead(c.get("deps"), idParam(c), actorOf(c));
    return c.json({ success: true, message: AUDIENCE_MESSAGES.leadRetried });
  });
  r.post("/leads/:id/stage", async (c) => {
    const id = idParam(c);
    const input = await readJson(c, LeadStageSchema);
    const lead = await setLeadStage(c.get("deps"), id, input, actorOf(c));
    return c.json({ success: true, message: AUDIENCE_TOOLS_MESSAGES.stageSaved, lead });
  });
  r.post("/leads/:id/spam", async (c) => {
    const id = idParam(c);
    const { spam } = await readJson(c, SpamBody);
    await markLeadSpam(c.get("deps"), id, spam, actorOf(c));
    return c.json({ success: true, message: spam ? AUDIENCE_MESSAGES.leadMarkedSpam : AUDIENCE_MESSAGES.leadMarkedNotSpam });
  });

  // Visitors' accounts.
  r.get("/accounts", async (c) => {
    const q = parseInput(AccountQuerySchema, c.req.query());
    return c.json({ success: true, accounts: await listAccounts(c.get("deps"), q) });
  });
  r.post("/accounts.csv", async (c) => {
    const q = parseInput(AccountQuerySchema, c.req.query());
    return csv(c, "accounts", await exportAccounts(c.get("deps"), q, actorOf(c)));
  });
  r.post("/accounts/:id/disable", async (c) => {
    await setAccountDisabled(c.get("deps"), c.req.param("id"), true, actorOf(c));
    return c.json({ success: true, message: AUDIENCE_MESSAGES.accountDisabled });
  });
  r.post("/accounts/:id/enable", async (c) => {
    await setAccountDisabled(c.get("deps"), c.req.param("id"), false, actorOf(c));
    return c.json({ success: true, message: AUDIENCE_MESSAGES.accountEnabled });
  });

  return r;
}
