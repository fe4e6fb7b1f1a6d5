import type { Deps } from "../../context";
import { notFound } from "../errors";
import { parseStoredLabels } from "./labels";

/** How far each newsletter got: its messages by state, unsubscribes since, and the posts not yet sent. */

export type NewsletterProgress = {
  id: number;
  blogId: number;
  subject: string;
  createdAt: number;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribesSince: number;
  done: boolean;
  /** "scheduled" (waiting for scheduledFor) or "sent". */
  state: string;
  scheduledFor: number | null;
  /** The labels it goes to; empty: everyone. */
  labels: string[];
};

type IssueRow = { id: number; blog_id: number; subject: string; created_at: number; recipients: number; state: string; scheduled_for: number | null; labels: string | null };

async function progressOf(deps: Deps, issues: IssueRow[]): Promise<NewsletterProgress[]> {
  if (!issues.length) return [];
  const ids = issues.map((i) => Number(i.id));
  const counts = await deps.db.kysely
    .selectFrom("mail_outbox")
    .select(["newsletter_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("newsletter_id", "in", ids)
    .groupBy(["newsletter_id", "status"])
    .execute();
  const out: NewsletterProgress[] = [];
  for (const issue of issues) {
    const id = Number(issue.id);
    const by = (status: string) => Number(counts.find((c) => Number(c.newsletter_id) === id && c.status === status)?.n ?? 0);
    const unsub = await deps.db.kysely
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "unsubscribed")
      .where("unsubscribed_at", ">=", Number(issue.created_at))
      .executeTakeFirstOrThrow();
    const queued = by("pending") + by("sending");
    out.push({
      id,
      blogId: Number(issue.blog_id),
      subject: issue.subject,
      createdAt: Number(issue.created_at),
      recipients: Number(issue.recipients),
      queued,
      sent: by("sent"),
      failed: by("failed"),
      skipped: by("skipped"),
      unsubscribesSince: Number(unsub.n),
      done: queued === 0 && issue.state !== "scheduled",
      state: issue.state,
      scheduledFor: issue.scheduled_for == null ? null : Number(issue.scheduled_for),
      labels: parseStoredLabels(issue.labels),
    });
  }
  return out;
}

/** Newsletters sent, newest first, each with its progress. */
export async function listNewsletters(deps: Deps, { limit = 50 }: { limit?: number } = {}): Promise<NewsletterProgress[]> {
  const issues = await deps.db.kysely
    .selectFrom("newsletter_issues")
    .select(["id", "blog_id", "subject", "created_at", "recipients", "state", "scheduled_for", "labels"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return progressOf(deps, issues);
}

export async function newsletterProgress(deps: Deps, issueId: number): Promise<NewsletterProgress & { failures: { to: string; error: string }[] }> {
  if (!Number.isSafeInteger(issueId) || issueId <= 0) throw notFound("That newsletter does not exist.");
  const issue = await deps.db.kysely
    .selectFrom("newsletter_issues")
    .select(["id", "blog_id", "subject", "created_at", "recipients", "state", "scheduled_for", "labels"])
    .where("id", "=", issueId)
    .executeTakeFirst();
  if (!issue) throw notFound("That newsletter does not exist.");
  const [progress] = (await progressOf(deps, [issue])) as [NewsletterProgress];
  const failures = await deps.db.kysely
    .selectFrom("mail_outbox")
    .select(["to_address", "last_error"])
    .where("newsletter_id", "=", issueId)
    .where("status", "=", "failed")
    .orderBy("id")
    .limit(200)
    .execute();
  return { ...progress, failures: failures.map((f) => ({ to: f.to_address, error: f.last_error ?? "" })) };
}

/** Published posts never sent as a newsletter, newest first: what the owner can send next. */
export async function unsentPosts(deps: Deps, limit = 50): Promise<{ id: number; title: string }[]> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["id", "title"])
    .where("status", "=", "published")
    .where("id", "not in", (eb) => eb.selectFrom("newsletter_issues").select("blog_id"))
    .orderBy("published_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}
