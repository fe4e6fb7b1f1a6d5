import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ONBOARDING_PAGE } from "@shared/content/onboarding";
import { whatsappLink } from "@shared/content/site";
import type { Translation } from "@shared/i18n";
import { BRIEF_LIMITS, type BriefFields } from "@shared/schemas/onboarding";
import { FilesPanel, type FileRow } from "./files-panel";

type Page = typeof ONBOARDING_PAGE | Translation<typeof ONBOARDING_PAGE>;
const STEPS = ["received", "setup", "review", "live"] as const;
type Step = (typeof STEPS)[number];

export type OrderViewData = {
  id: number;
  number: string;
  kitLabel: string;
  step: Step;
  dueAt: number;
  liveAt: number | null;
  assigneeFirstName: string | null;
  brief: BriefFields;
};
export type MessageRow = { id: number; authorKind: "customer" | "staff"; kind: string; body: string; createdAt: number; staffFirstName: string | null };

/** Hours and minutes left until `dueAt` (never negative). */
export function timeLeft(dueAt: number, now: number): { hours: number; minutes: number; overdue: boolean } {
  const ms = dueAt - now;
  if (ms <= 0) return { hours: 0, minutes: 0, overdue: true };
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, overdue: false };
}

function formatIn(ms: number, locale: "en" | "hi", zone: string | undefined): string {
  return new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: zone, numberingSystem: "latn" }).format(ms);
}

/**
 * The promised time and the countdown: rendered by the server in the site's zone (the value the page shows before
 * its scripts run), then in the browser's own zone, named, and counted down each minute. Nothing moves or animates:
 * the text changes once a minute, with or without reduced motion.
 */
function Promise_({ t, dueAt, serverNow, siteZone, locale, live }: { t: Page; dueAt: number; serverNow: number; siteZone: string; locale: "en" | "hi"; live: boolean }) {
  const [zone, setZone] = useState(siteZone);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || siteZone);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [siteZone]);
  const left = timeLeft(dueAt, now);
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-2">
      <div className="rounded-lg bg-slate-50 p-4">
        <dt className="text-sm font-semibold text-slate-700">{t.promised}</dt>
        <dd className="mt-1 text-slate-900">
          <time dateTime={new Date(dueAt).toISOString()} data-testid="promised-time" suppressHydrationWarning>
            {formatIn(dueAt, locale, zone)}
          </time>{" "}
          <span className="text-sm text-slate-600" data-testid="promised-zone" suppressHydrationWarning>
            {t.zone(zone)}
          </span>
        </dd>
      </div>
      {!live && (
        <div className="rounded-lg bg-emerald-50 p-4">
          <dt className="text-sm font-semibold text-emerald-900">{t.countdownLabel}</dt>
          <dd className="mt-1 text-lg font-bold text-emerald-950" data-testid="countdown" suppressHydrationWarning>
            {left.overdue ? t.overdue : t.countdown(left.hours, left.minutes)}
          </dd>
        </div>
      )}
    </dl>
  );
}

export function OrderView({
  t,
  order,
  messages,
  files,
  serverNow,
  siteZone,
  locale,
  hydrated,
  whatsappNumber,
  notice,
}: {
  t: Page;
  order: OrderViewData;
  messages: MessageRow[];
  files: FileRow[];
  serverNow: number;
  siteZone: string;
  locale: "en" | "hi";
  hydrated: boolean;
  whatsappNumber: string | undefined;
  notice: { intent: string; error?: string; sent?: boolean } | null;
}) {
  const id = useId();
  const reply = useFetcher<{ intent: string; error?: string; sent?: boolean }>();
  const change = useFetcher<{ intent: string; error?: string; sent?: boolean }>();
  const replyForm = useRef<HTMLFormElement>(null);
  const changeForm = useRef<HTMLFormElement>(null);
  const current = STEPS.indexOf(order.step);
  const replyResult = reply.data ?? (notice?.intent === "message" ? notice : null);
  const changeResult = change.data ?? (notice?.intent === "change" ? notice : null);
  useEffect(() => {
    if (reply.state === "idle" && reply.data?.sent) replyForm.current?.reset();
  }, [reply.state, reply.data]);
  useEffect(() => {
    if (change.state === "idle" && change.data?.sent) changeForm.current?.reset();
  }, [change.state, change.data]);

  const authorOf = (m: MessageRow) => (m.authorKind === "customer" ? t.fromYou : m.staffFirstName ? t.fromTeam(m.staffFirstName) : t.fromTeamAnonymous);
  const bodyOf = (m: MessageRow) => (m.kind === "file" ? t.fileMessage(m.body) : m.body);

  return (
    <div data-testid="kit-order">
      <h2 className="text-2xl font-bold text-slate-900">{t.orderHeading(order.number)}</h2>
      <p className="mt-1 text-slate-700">{t.orderKit(order.kitLabel)}</p>

      <ol className="mt-5 grid gap-2 sm:grid-cols-4" aria-label={t.stepsLabel}>
        {STEPS.map((step, n) => (
          <li
            key={step}
            aria-current={n === current ? "step" : undefined}
            className={`rounded-lg px-3 py-3 text-sm font-semibold ${
              n < current ? "bg-emerald-100 text-emerald-950" : n === current ? "bg-emerald-800 text-white" : "bg-slate-100 text-slate-700"
            }`}
          >
            {n + 1}. {t.stepNames[step]}
            {n < current && <span className="sr-only"> ({t.stepDone})</span>}
            {n === current && <span className="sr-only"> ({t.stepNow})</span>}
          </li>
        ))}
      </ol>

      <p className="mt-4 text-slate-800" data-testid="assignee">
        {order.step === "live" ? t.liveNow : order.assigneeFirstName ? t.assignee(order.assigneeFirstName) : t.noAssignee}
      </p>
      <Promise_ t={t} dueAt={order.dueAt} serverNow={serverNow} siteZone={siteZone} locale={locale} live={order.step === "live"} />

      {whatsappNumber && (
        <p className="mt-4">
          <a
            href={whatsappLink(whatsappNumber, t.whatsappMessage(order.number))}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-4"
            data-testid="order-whatsapp"
          >
            {t.whatsappTeam(order.number)} <span className="sr-only">{t.newTab}</span>
          </a>
        </p>
      )}

      <section aria-labelledby={`${id}-messages`} className="mt-8">
        <h3 id={`${id}-messages`} className="text-lg font-bold text-slate-900">
          {t.messagesHeading}
        </h3>
        {messages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t.messagesNone}</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="order-messages">
            {messages.map((m) => (
              <li key={m.id} className={`rounded-lg p-3 ${m.authorKind === "staff" ? "bg-emerald-50" : "bg-slate-50"}`}>
                <p className="text-sm font-semibold text-slate-800">
                  {authorOf(m)}
                  {m.kind === "change-request" && <span className="font-normal"> · {t.changeMessage}</span>}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{bodyOf(m)}</p>
              </li>
            ))}
          </ul>
        )}
        <reply.Form method="post" ref={replyForm} className="mt-4 space-y-2" noValidate={hydrated}>
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="orderId" value={order.id} />
          <label htmlFor={`${id}-reply`} className="block text-sm font-semibold text-slate-900">
            {t.reply.label}
          </label>
          <textarea
            id={`${id}-reply`}
            name="body"
            rows={3}
            required
            maxLength={BRIEF_LIMITS.message}
            aria-invalid={replyResult?.error ? true : undefined}
            aria-describedby={`${id}-reply-hint${replyResult?.error ? ` ${id}-reply-error` : ""}`}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          />
          <p id={`${id}-reply-hint`} className="text-sm text-slate-600">
            {t.reply.hint}
          </p>
          {replyResult?.error && (
            <p id={`${id}-reply-error`} className="text-sm font-medium text-rose-700">
              {replyResult.error}
            </p>
          )}
          <div aria-live="polite" role="status" className="text-sm text-emerald-800">
            {replyResult?.sent ? t.sent : ""}
          </div>
          <button type="submit" className="btn-primary" disabled={reply.state !== "idle"}>
            {reply.state !== "idle" ? t.sending : t.send}
          </button>
        </reply.Form>
      </section>

      <section aria-labelledby={`${id}-change`} className="mt-8">
        <h3 id={`${id}-change`} className="text-lg font-bold text-slate-900">
          {t.change.label}
        </h3>
        {order.step === "received" ? (
          <change.Form method="post" ref={changeForm} className="mt-2 space-y-2" noValidate={hydrated}>
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="orderId" value={order.id} />
            <label htmlFor={`${id}-change-body`} className="block text-sm font-semibold text-slate-900">
              {t.change.label}
            </label>
            <textarea
              id={`${id}-change-body`}
              name="body"
              rows={3}
              required
              maxLength={BRIEF_LIMITS.message}
              aria-invalid={changeResult?.error ? true : undefined}
              aria-describedby={`${id}-change-hint${changeResult?.error ? ` ${id}-change-error` : ""}`}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            />
            <p id={`${id}-change-hint`} className="text-sm text-slate-600">
              {t.change.hint}
            </p>
            {changeResult?.error && (
              <p id={`${id}-change-error`} className="text-sm font-medium text-rose-700">
                {changeResult.error}
              </p>
            )}
            <div aria-live="polite" role="status" className="text-sm text-emerald-800">
              {changeResult?.sent ? t.sent : ""}
            </div>
            <button type="submit" className="btn-ghost" disabled={change.state !== "idle"}>
              {change.state !== "idle" ? t.sending : t.askChange}
            </button>
          </change.Form>
        ) : (
          <p className="mt-2 text-sm text-slate-700">{t.changeClosed}</p>
        )}
      </section>

      <div className="mt-8">
        <FilesPanel t={t} files={files} locale={locale} hydrated={hydrated} />
      </div>

      <details className="mt-8 rounded-lg bg-slate-50 p-4">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">{t.briefHeading}</summary>
        <dl className="mt-2 space-y-2 text-sm">
          {(
            [
              [t.businessName.label, order.brief.businessName],
              [t.city.label, order.brief.city],
              [t.services.label, order.brief.services.map((s) => (s.price ? `${s.name}: ${s.price}` : s.name)).join("\n")],
              [t.usps.label, order.brief.usps],
              [t.painPoints.label, order.brief.painPoints],
              [t.pitch.label, order.brief.pitch],
              [t.tone.label, order.brief.tone ? t.tones[order.brief.tone] : ""],
              [t.toneExample.label, order.brief.toneExample],
              [t.whatsapp.label, order.brief.whatsapp ? `+${order.brief.whatsapp}` : ""],
              [t.hours.label, order.brief.hours],
              [t.languages.label, [...order.brief.languages.map((l) => t.languageNames[l]), order.brief.languagesOther].filter(Boolean).join(", ")],
            ] as const
          )
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="font-semibold text-slate-800">{label}</dt>
                <dd className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
        </dl>
      </details>
    </div>
  );
}
