import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Breadcrumbs } from "~/components/seo/breadcrumbs";
import { SlotPicker } from "~/components/booking/slot-picker";
import { bookDemoAction, bookDemoLoader, type BookingActionData } from "~/lib/book-demo.server";
import { pageMeta } from "~/lib/seo";
import { fillCopy } from "@shared/booking-view";
import { BOOKING_FIELD_MAX, type BookingFieldName, validateBooking } from "@shared/schemas/booking";
import type { Route } from "./+types/book-demo";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo;
  return pageMeta({ title: seo?.title ?? "Book your demo", description: seo?.description ?? "", path: "/book-demo", matches });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return bookDemoLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return bookDemoAction(request, context);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  loaderHeaders.forEach((value, key) => out.set(key, value));
  return out;
}

const FIELDS: { name: BookingFieldName; type: string; autoComplete: string; hint?: "whatsappHint" | "businessTypeHint"; multiline?: boolean }[] = [
  { name: "name", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "whatsapp", type: "tel", autoComplete: "tel", hint: "whatsappHint" },
  { name: "businessType", type: "text", autoComplete: "organization-title", hint: "businessTypeHint" },
  { name: "note", type: "text", autoComplete: "off", multiline: true },
];

/**
 * /book-demo (issue 42): a day and time from the owner's availability, then the visitor's details. A plain form
 * (works without JavaScript); with it, the same rules are checked before sending. A time taken meanwhile comes back
 * with everything typed kept and "that time was just taken, pick another".
 */
export default function BookDemo({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, slots, siteZone, payments } = loaderData;
  const answer = actionData as BookingActionData | undefined;
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {});
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    setErrors(answer?.errors ?? {});
  }
  const values = answer?.values ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const price = copy.intro.price;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const checked = validateBooking(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])), copy.messages, copy.form);
    if (checked.ok) return;
    event.preventDefault();
    setErrors(checked.errors as Record<string, string>);
    const target = checked.first === "slot" ? event.currentTarget.querySelector<HTMLInputElement>('input[name="slot"]') : event.currentTarget.elements.namedItem(checked.first);
    if (target instanceof HTMLElement) {
      target.closest("details")?.setAttribute("open", "");
      target.focus();
    }
  };

  return (
    <section aria-labelledby="book-heading" className="bg-gradient-to-b from-emerald-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6">
        <Breadcrumbs current={{ name: copy.seo.title, path: "/book-demo" }} />
        <p className="mt-8 text-sm font-bold uppercase tracking-widest text-emerald-800">{copy.intro.eyebrow}</p>
        <h1 id="book-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {copy.intro.title}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{copy.intro.lead}</p>
        <p className="mt-2 font-semibold text-slate-800">{fillCopy(payments ? copy.intro.priceNote : copy.intro.unpaidNote, { price })}</p>
        {answer?.formError ? (
          <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 font-semibold text-red-800">
            {answer.formError}
          </p>
        ) : null}
        <Form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="mt-4" data-testid="book-form">
          <SlotPicker slots={slots} siteZone={siteZone} copy={copy.picker} selected={values.slot} error={errors.slot} />
          {payments ? <p className="mt-3 text-sm text-slate-700">{copy.picker.held}</p> : null}
          <h2 className="mt-10 text-xl font-bold text-slate-900">{copy.form.heading}</h2>
          <div className="mt-4 space-y-5">
            {FIELDS.map((f) => {
              const id = `book-${f.name}`;
              const error = errors[f.name];
              const hint = f.hint ? copy.form[f.hint] : undefined;
              const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
              const common = {
                id,
                name: f.name,
                defaultValue: values[f.name] ?? "",
                maxLength: BOOKING_FIELD_MAX[f.name],
                "aria-invalid": error ? true : undefined,
                "aria-describedby": described,
                className: "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 min-h-11",
              } as const;
              return (
                <div key={f.name}>
                  <label htmlFor={id} className="block font-semibold text-slate-900">
                    {copy.form[f.name]}
                  </label>
                  {hint ? (
                    <p id={`${id}-hint`} className="text-sm text-slate-700">
                      {hint}
                    </p>
                  ) : null}
                  {f.multiline ? <textarea {...common} rows={3} /> : <input {...common} type={f.type} autoComplete={f.autoComplete} required={f.name !== "note"} />}
                  {error ? (
                    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <button type="submit" className="btn-primary mt-8 min-h-11" disabled={busy || slots.length === 0}>
            {busy ? copy.form.submitting : payments ? copy.form.submit : copy.form.submitUnpaid}
          </button>
        </Form>
      </div>
    </section>
  );
}
