import { useEffect, useState } from "react";
import { Form, data, useFetcher, useRevalidator } from "react-router";
import { AUTH_MESSAGES, TEMPLATES_PAGE } from "@shared/content/auth";
import { BRIEF_RULE_MESSAGES_HI, ONBOARDING_PAGE_HI } from "@shared/content/hi/onboarding";
import { BRIEF_RULE_MESSAGES, KIT_EXAMPLES, ONBOARDING_PAGE } from "@shared/content/onboarding";
import { localeOfPath, localePath } from "@shared/i18n";
import { ChangePasswordSchema, fieldErrors, type FieldErrors, ProfileUpdateSchema } from "@shared/schemas/auth";
import { briefOfFormData, type BriefFields, EMPTY_BRIEF } from "@shared/schemas/onboarding";
import { StatusBanner } from "~/components/auth/status-banner";
import { AccountAside, type ProfileAnswer } from "~/components/onboarding/account-aside";
import { BriefForm, type FieldErrors as BriefErrors } from "~/components/onboarding/brief-form";
import { DemoBooking } from "~/components/onboarding/demo-booking";
import { OrderView } from "~/components/onboarding/order-view";
import { type Banner, failureBanner, requireUser } from "~/lib/auth.server";
import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { requestLocale, useLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { setSessionUser, useHydrated, type SessionUser } from "~/lib/session-user";
import { useSite } from "~/lib/site-context";
import { kitsOf, templatesPage } from "~/lib/templates-page.server";
import { sessionTokenOf } from "../../server/http/cookies";
import { resendVerification, updateProfile } from "../../server/services/auth/accounts";
import { changePassword } from "../../server/services/auth/password-change";
import { saveBrief } from "../../server/services/onboarding/briefs";
import { CUSTOMER_ORDER_HOOKS } from "../../server/services/onboarding/notify";
import { addCustomerMessage, submitBrief } from "../../server/services/onboarding/orders";
import type { Route } from "./+types/templates";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));
const HINDI_ONBOARDING = hindiWords("onboarding", () => import("~/lib/hindi/onboarding"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_ONBOARDING).ONBOARDING_PAGE_HI : ONBOARDING_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/templates", matches, noindex: true });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const file = url.searchParams.get("file");
  return data({ ...(await templatesPage(context, user, locale)), fileNotice: file === "added" || file === "refused" ? file : null }, { headers: { "Cache-Control": "no-store" } });
}


type BriefAnswer = { intent: "brief"; errors: BriefErrors; banner: string | null; posted: { kitKey: string; fields: BriefFields; revision: number; rows: number } };

/** Without JavaScript the brief, the messages, the profile and the resend button post here; with it they go through /api. */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const locale = requestLocale(request);
  const ruleMessages = locale === "hi" ? BRIEF_RULE_MESSAGES_HI : BRIEF_RULE_MESSAGES;
  const actor = { userId: user._id, label: user.email, clientIp: context.clientIp };
  if (intent === "save" || intent === "submit" || intent === "add-service") {
    const { kitKey, fields } = briefOfFormData(form);
    const revision = Number(form.get("revision") ?? 0) || 0;
    const rows = Math.max(1, fields.services.length) + (intent === "add-service" ? 1 : 0);
    const { kits } = await kitsOf(context, locale, user.industry);
    const kitLabel = kits.find((k) => k.key === kitKey)?.label ?? (locale === "hi" ? ONBOARDING_PAGE_HI : ONBOARDING_PAGE).generalKit;
    const input = { kitKey, kitLabel, fields, revision, locale };
    try {
      if (intent === "submit") {
        await submitBrief(deps, { id: user._id, emailVerified: user.emailVerified }, input, actor, { messages: ruleMessages, hooks: CUSTOMER_ORDER_HOOKS });
        return data({ intent: "brief", errors: {}, banner: null, posted: null });
      }
      const saved = await saveBrief(deps, user._id, input, actor, { messages: ruleMessages });
      return data({ intent: "brief", errors: {}, banner: null, posted: { kitKey, fields, revision: saved.revision, rows } } as BriefAnswer);
    } catch (error) {
      const failure = pageError(error);
      if (!failure) throw error;
      const stored = (error as { facts?: { brief?: { revision: number } } }).facts?.brief;
      const errors: BriefErrors = {};
      for (const [path, message] of Object.entries(failure.fieldErrors)) errors[path.split(".")[0]!] ??= String(message);
      const conflictText = (locale === "hi" ? ONBOARDING_PAGE_HI : ONBOARDING_PAGE).conflict;
      // What was posted comes back in the form: a refused save loses nothing. After a stale save, saving again keeps it.
      return data(
        {
          intent: "brief",
          errors: stored ? {} : errors,
          banner: stored ? conflictText : failure.field ? null : failure.detail,
          posted: { kitKey, fields, revision: stored?.revision ?? revision, rows },
        } as BriefAnswer,
        { status: failure.status, headers: failure.headers },
      );
    }
  }
  if (intent === "message" || intent === "change") {
    try {
      await addCustomerMessage(deps, user._id, Number(form.get("orderId")), { body: String(form.get("body") ?? ""), kind: intent === "change" ? "change-request" : "answer" }, actor, {
        messages: ruleMessages,
      });
      return data({ intent, sent: true });
    } catch (error) {
      const failure = pageError(error);
      if (!failure) throw error;
      return data({ intent, error: failure.detail ?? failure.message, sent: false }, { status: failure.status, headers: failure.headers });
    }
  }
  if (intent === "resend") {
    try {
      // The new link's e-mail is in the language of the page it was asked from.
      await resendVerification(deps, user._id, context.clientIp, locale);
      return { intent: "resend", banner: { tone: "success", message: AUTH_MESSAGES.verificationSent } as Banner, errors: {} as FieldErrors, user };
    } catch (error) {
      const failure = failureBanner(deps, error, () => AUTH_MESSAGES.unexpected, context.requestId);
      return data({ intent: "resend", banner: { tone: "error", message: failure.detail ?? failure.message } as Banner, errors: {} as FieldErrors, user }, { status: failure.status });
    }
  }
  if (intent === "password") {
    // The current password, then the new one (the spec's length rule here, the server's policy in the service).
    const parsed = ChangePasswordSchema.safeParse({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") });
    if (!parsed.success) return data({ intent: "password", banner: null, errors: fieldErrors(parsed.error) as FieldErrors, user }, { status: 400 });
    try {
      await changePassword(deps, user._id, sessionTokenOf(deps.config, request.headers) ?? "", parsed.data);
      return { intent: "password", banner: { tone: "success", message: AUTH_MESSAGES.passwordChanged } as Banner, errors: {} as FieldErrors, user };
    } catch (error) {
      const failure = pageError(error);
      if (!failure) throw error;
      const banner = failure.field ? null : ({ tone: "error", message: failure.detail } as Banner);
      return data({ intent: "password", banner, errors: failure.fieldErrors as FieldErrors, user }, { status: failure.status, headers: failure.headers });
    }
  }
  const changes = { name: String(form.get("name") ?? ""), company: String(form.get("company") ?? ""), industry: String(form.get("industry") ?? "") };
  const parsed = ProfileUpdateSchema.safeParse(changes);
  if (!parsed.success) {
    return data({ intent: "profile", banner: null, errors: fieldErrors(parsed.error) as FieldErrors, user: { ...user, ...changes } }, { status: 400 });
  }
  const updated = await updateProfile(deps, user._id, parsed.data);
  return { intent: "profile", banner: { tone: "success", message: AUTH_MESSAGES.profileSaved } as Banner, errors: {} as FieldErrors, user: updated };
}

export default function Templates({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const resend = useFetcher<typeof action>();
  const answer = actionData as unknown as ProfileAnswer | BriefAnswer | { intent: "message" | "change"; sent?: boolean; error?: string } | undefined;
  const locale = useLocale();
  const t = useText(TEMPLATES_PAGE, HINDI_FORMS, (hi) => hi.TEMPLATES_PAGE_HI);
  const shipped = useText(ONBOARDING_PAGE, HINDI_ONBOARDING, (hi) => hi.ONBOARDING_PAGE_HI);
  const o = { ...shipped, ...loaderData.copy };
  const hi = locale === "hi" ? hindiNow(HINDI_ONBOARDING) : null;
  const [user, setUser] = useState(loaderData.user);

  useEffect(() => setUser(loaderData.user), [loaderData.user]);
  useEffect(() => setSessionUser(user as SessionUser), [user]);

  const resendData = resend.data as unknown as ProfileAnswer | undefined;
  const resendBanner = resendData?.banner ?? (answer?.intent === "resend" ? answer.banner : null);
  const firstName = user.name.split(" ")[0] || user.name;
  const site = useSite();
  const briefAnswer = answer?.intent === "brief" ? answer : null;
  const posted = briefAnswer?.posted ?? null;
  const values = posted?.fields ?? loaderData.brief?.fields ?? EMPTY_BRIEF;
  const withRows = posted ? { ...values, services: [...values.services, ...Array.from({ length: Math.max(0, posted.rows - values.services.length) }, () => ({ name: "", price: "" }))] } : values;
  const order = loaderData.order;
  const waiting = !order && loaderData.brief?.submittedAt != null;
  const messageNotice = answer && (answer.intent === "message" || answer.intent === "change") ? answer : null;
  const examplesOf = (key: string) => (hi ? hi.KIT_EXAMPLES_HI : KIT_EXAMPLES)[key] ?? (hi ? hi.KIT_EXAMPLES_HI : KIT_EXAMPLES).general!;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-4xl">{t.greeting(firstName)}</h1>
          <p className="mt-2 max-w-2xl text-slate-700">{o.intro(order?.promisedHours ?? loaderData.promisedHours)}</p>
        </div>
        {/* The header's Sign Out takes over once the page runs (one button, not two); without JavaScript this is the way out. */}
        <Form method="post" action={localePath("/sign-out", locale)} onSubmit={() => setSessionUser(null)} className="js-hidden">
          <button type="submit" className="btn-ghost">
            {t.signOut}
          </button>
        </Form>
      </div>

      {!user.emailVerified && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <p className="text-sm font-medium">{t.verifyBanner}</p>
          <resend.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn-ghost bg-white" disabled={resend.state !== "idle"}>
              {resend.state !== "idle" ? t.resendBusy : t.resend}
            </button>
          </resend.Form>
        </div>
      )}
      <div className="mt-3">
        <StatusBanner tone={resendBanner?.tone} message={resendBanner?.message} />
      </div>

      <DemoBooking t={o.demo} booking={loaderData.demo} siteZone={loaderData.siteZone} locale={locale} />

      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          {loaderData.fileNotice && (
            <p role="status" className={`mb-4 rounded-md px-4 py-3 text-sm font-medium ${loaderData.fileNotice === "added" ? "bg-emerald-50 text-emerald-900" : "bg-rose-50 text-rose-900"}`}>
              {loaderData.fileNotice === "added" ? o.fileAdded : o.files.hint}
            </p>
          )}
          {order ? (
            <OrderView
              t={o}
              order={order}
              messages={loaderData.messages}
              files={loaderData.files}
              serverNow={loaderData.now}
              siteZone={loaderData.siteZone}
              locale={locale}
              hydrated={hydrated}
              whatsappNumber={site?.whatsappNumber}
              notice={messageNotice}
            />
          ) : waiting ? (
            <section aria-labelledby="waiting-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="brief-waiting">
              <h2 id="waiting-heading" className="text-xl font-bold text-amber-950">
                {o.waitingHeading}
              </h2>
              <p className="mt-2 text-amber-950">{o.waitingText(loaderData.promisedHours)}</p>
            </section>
          ) : (
            <section aria-labelledby="brief-heading">
              <h2 id="brief-heading" className="sr-only">
                {o.briefHeading}
              </h2>
              <BriefForm
                t={o}
                examplesOf={examplesOf}
                kits={loaderData.kits}
                kitKey={posted?.kitKey ?? loaderData.kitKey}
                values={withRows}
                revision={posted?.revision ?? loaderData.brief?.revision ?? 0}
                userId={user._id}
                locale={locale}
                messages={hi ? hi.BRIEF_RULE_MESSAGES_HI : BRIEF_RULE_MESSAGES}
                errors={briefAnswer?.errors ?? {}}
                banner={briefAnswer?.banner ?? null}
                files={loaderData.files}
                hydrated={hydrated}
                onSubmitted={() => void revalidator.revalidate()}
                key={`${loaderData.brief?.revision ?? 0}-${posted ? "posted" : "loaded"}`}
              />
            </section>
          )}
        </div>

        <AccountAside user={user} onUser={setUser} answer={answer?.intent === "profile" || answer?.intent === "password" ? answer : undefined} hydrated={hydrated} />
      </div>
    </div>
  );
}
