import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { STUDIO_MESSAGES, STUDIO_PAGES } from "@shared/content/studio";
import { ENROL_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, Notice, PageHeader, buttonClass } from "~/components/studio/ui";
import { useHydrated } from "~/lib/session-user";
import { requireStudio } from "~/lib/studio.server";
import { pageError } from "~/lib/service-errors.server";
import { deviceCookie } from "../../../server/http/cookies";
import { pendingEnrolment } from "../../../server/services/staff/second-factor";
import { enrolSession } from "../../../server/services/staff/studio-session";
import type { Route } from "./+types/enrol";

export function meta() {
  return studioMeta(ENROL_PAGE.metaTitle);
}

/** The key as people read it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** An action's `Retry-After` reaches the answer (React Router passes a route's own headers only through this). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args, { secondFactor: "any" });
  if (studio.secondFactor === "needed") throw redirect(STUDIO_PAGES.secondFactor);
  // Passed: the enrolment just ended (its recovery codes are on the page) or happened long ago.
  if (studio.secondFactor === "passed") return { enrolment: null };
  const { secret, qrSvg } = await pendingEnrolment(args.context.deps, { id: studio.userId, email: studio.email });
  return { enrolment: { secret: grouped(secret), qrSvg } };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args, { secondFactor: "any" });
  if (studio.secondFactor !== "enrol") throw redirect(STUDIO_PAGES.home, 303);
  const form = await args.request.formData();
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return data({ codes: null, error: STUDIO_MESSAGES.codeFormat, wait: null }, { status: 400 });
  try {
    const deviceToken = deviceCookie.read(args.context.deps.config, args.request.headers.get("cookie"));
    const codes = await enrolSession(args.context.deps, studio.sessionToken, code, args.context.clientIp, Date.now(), { deviceToken });
    return { codes, error: null, wait: null };
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    if (failure.kind === "rate-limited") return data({ codes: null, error: null, wait: failure.detail }, { status: 429, headers: failure.headers });
    return data({ codes: null, error: failure.message, wait: null }, { status: failure.status });
  }
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.codes) return <RecoveryCodes codes={actionData.codes} />;
  const { enrolment } = loaderData;
  if (!enrolment) {
    return (
      <section className="max-w-xl">
        <PageHeader title={ENROL_PAGE.title} />
        <Notice tone="info">{ENROL_PAGE.alreadyOn}</Notice>
        <Link to={STUDIO_PAGES.home} className={buttonClass("primary")}>
          {ENROL_PAGE.toStudio}
        </Link>
      </section>
    );
  }
  return <EnrolForm secret={enrolment.secret} qrSvg={enrolment.qrSvg} error={actionData?.error ?? null} wait={actionData?.wait ?? null} />;
}

function EnrolForm({ secret, qrSvg, error, wait }: { secret: string; qrSvg: string; error: string | null; wait: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [error]);
  return (
    <section className="max-w-2xl">
      <PageHeader title={ENROL_PAGE.title} description={ENROL_PAGE.description} />
      {wait ? <Notice tone="error">{wait}</Notice> : null}
      <div className="space-y-6 rounded-lg border border-slate-200 bg-white p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{ENROL_PAGE.step1}</h2>
          {/* Made on the server by the qrcode library from the otpauth:// address: no user text in it. */}
          <div
            role="img"
            aria-label={ENROL_PAGE.qrLabel}
            className="mt-3 h-48 w-48 border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        </div>
        <div>
          <h2 className="text-base font-semibold text-slate-900">{ENROL_PAGE.step2}</h2>
          <p className="mt-2">
            <code data-testid="totp-secret" className="inline-block rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900">
              {secret}
            </code>
          </p>
          <p className="mt-1 text-xs text-slate-600">{ENROL_PAGE.secretHint}</p>
        </div>
        <Form method="post" ref={formRef} className="space-y-4">
          <h2 className="text-base font-semibold text-slate-900">{ENROL_PAGE.step3}</h2>
          <Field label={ENROL_PAGE.codeLabel} name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={12} error={error} />
          <Button type="submit" tone="primary" disabled={busy}>
            {busy ? ENROL_PAGE.busy : ENROL_PAGE.submit}
          </Button>
        </Form>
      </div>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const text = `${ENROL_PAGE.fileHeading}\n\n${codes.join("\n")}\n`;
  return (
    <section className="max-w-xl">
      <PageHeader title={ENROL_PAGE.doneTitle} />
      <Notice tone="success">{ENROL_PAGE.doneIntro}</Notice>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="sr-only">{ENROL_PAGE.codesCaption}</h2>
        <ol data-testid="recovery-codes" className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2">
          {codes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-3 py-1 text-slate-900">
              {code}
            </li>
          ))}
        </ol>
        <div className="mt-5 flex flex-wrap gap-2">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={ENROL_PAGE.downloadName} className={buttonClass("secondary")}>
            {ENROL_PAGE.download}
          </a>
          {hydrated ? (
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
              }}
            >
              {ENROL_PAGE.copy}
            </Button>
          ) : null}
          <Link to={STUDIO_PAGES.home} className={buttonClass("primary")}>
            {ENROL_PAGE.saved}
          </Link>
        </div>
        <p role="status" className="mt-2 min-h-5 text-sm text-emerald-800">
          {copied ? ENROL_PAGE.copied : ""}
        </p>
      </div>
    </section>
  );
}
