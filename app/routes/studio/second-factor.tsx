import { useEffect, useRef } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { STUDIO_MESSAGES, STUDIO_PAGES } from "@shared/content/studio";
import { SECOND_FACTOR_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, Notice, PageHeader } from "~/components/studio/ui";
import { requireStudio, studioNext } from "~/lib/studio.server";
import { pageError } from "~/lib/service-errors.server";
import { deviceCookie } from "../../../server/http/cookies";
import { STEP_UP_MS } from "../../../server/services/step-up";
import { passSecondFactor } from "../../../server/services/staff/studio-session";
import type { Route } from "./+types/second-factor";

export function meta() {
  return studioMeta(SECOND_FACTOR_PAGE.metaTitle);
}

/** An action's `Retry-After` reaches the answer (React Router passes a route's own headers only through this). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** Passed less than 15 minutes ago: nothing to ask. A staler session comes here for a fresh code (a step-up). */
const fresh = (studio: { secondFactor: string; secondFactorAt: number | null }) =>
  studio.secondFactor === "passed" && studio.secondFactorAt !== null && Date.now() - studio.secondFactorAt <= STEP_UP_MS;

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args, { secondFactor: "any" });
  if (studio.secondFactor === "enrol") throw redirect(STUDIO_PAGES.enrol);
  if (fresh(studio)) throw redirect(studioNext(new URL(args.request.url).searchParams.get("next")));
  return null;
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args, { secondFactor: "any" });
  if (studio.secondFactor === "enrol") throw redirect(STUDIO_PAGES.enrol, 303);
  if (fresh(studio)) throw redirect(studioNext(new URL(args.request.url).searchParams.get("next")), 303);
  const form = await args.request.formData();
  const code = String(form.get("code") ?? "").trim();
  if (!code || code.length > 40) return data({ error: STUDIO_MESSAGES.codeFormat, wait: null }, { status: 400 });
  try {
    const deviceToken = deviceCookie.read(args.context.deps.config, args.request.headers.get("cookie"));
    await passSecondFactor(args.context.deps, studio.sessionToken, code, args.context.clientIp, Date.now(), { deviceToken });
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    if (failure.kind === "rate-limited") {
      return data({ error: null, wait: SECOND_FACTOR_PAGE.tooMany(failure.retryAfterSeconds ?? 60) }, { status: 429, headers: failure.headers });
    }
    return data({ error: failure.message, wait: null }, { status: failure.status });
  }
  throw redirect(studioNext(new URL(args.request.url).searchParams.get("next")), 303);
}

export default function SecondFactor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // After a refusal the code field gets the focus back, with its message read out.
    if (actionData?.error) formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [actionData]);
  return (
    <section className="max-w-md">
      <PageHeader title={SECOND_FACTOR_PAGE.title} description={SECOND_FACTOR_PAGE.description} />
      {actionData?.wait ? <Notice tone="error">{actionData.wait}</Notice> : null}
      <Form method="post" ref={formRef} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <Field
          label={SECOND_FACTOR_PAGE.codeLabel}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          maxLength={40}
          hint={SECOND_FACTOR_PAGE.codeHint}
          error={actionData?.error}
        />
        <Button type="submit" tone="primary" disabled={busy}>
          {busy ? SECOND_FACTOR_PAGE.busy : SECOND_FACTOR_PAGE.submit}
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-600">{SECOND_FACTOR_PAGE.lostIt}</p>
    </section>
  );
}
