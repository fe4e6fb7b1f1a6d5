import { useWhen } from "~/components/studio/access-format";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AUDIENCE_MESSAGES, AUDIENCE_PAGES, AUDIENCE_RULES, SUBSCRIBER_STATUSES } from "@shared/content/audience";
import { SubscriberQuerySchema } from "@shared/schemas/audience";
import { SubscriberLabelsFormSchema } from "@shared/schemas/subscriber-labels";
import { day, FilterForm, MoreLink, SelectField, ExportButton } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, DataTable, EmptyState, Field, Notice, PageHeader, Stat, StatusBadge, TD, HeadRow } from "~/components/studio/ui";
import { checkForm, type FieldMessages, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { eraseSubscriber, listSubscribers, subscriberStats } from "../../../server/services/newsletter/subscribers";
import { setSubscriberLabels } from "../../../server/services/newsletter/labels";
import { AUDIENCE_TOOLS_MESSAGES, AUDIENCE_TOOLS_PAGES } from "@shared/content/audience-tools";
import type { Route } from "./+types/subscribers";

const P = AUDIENCE_PAGES.subscribers;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const params = Object.fromEntries(new URL(args.request.url).searchParams);
  const parsed = SubscriberQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const [stats, subscribers] = await Promise.all([subscriberStats(deps), listSubscribers(deps, query)]);
  const eraseId = Number(params.erase);
  const erasing = Number.isSafeInteger(eraseId) && eraseId > 0 ? (subscribers.find((s) => s.id === eraseId) ?? null) : null;
  const labelId = Number(params.labels);
  const labelling = Number.isSafeInteger(labelId) && labelId > 0 ? (subscribers.find((s) => s.id === labelId) ?? null) : null;
  return {
    stats,
    subscribers,
    erasing,
    labelling,
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
    erased: params.erased === "1",
    labelled: params.labelled === "1",
  };
}

/** A refusal: `error` the erasure's (shown at the top); `fieldErrors` and `typedLabels` the labels form's. */
type ActionResult = { error?: string; fieldErrors?: FieldMessages; typedLabels?: string };

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  const labelling = form.get("intent") === "labels";
  const typedLabels = labelling ? String(form.get("labels") ?? "").slice(0, 2000) : undefined;
  try {
    if (labelling) {
      // The schema the browser checked the labels with (useSchemaForm), again for a form posted without JavaScript.
      const checked = checkForm(SubscriberLabelsFormSchema, formValues(form));
      if (checked.errors) return data<ActionResult>({ fieldErrors: checked.errors, typedLabels }, { status: 400 });
      await setSubscriberLabels(args.context.deps, Number(form.get("id")), checked.data.labels, studio.actor);
      return redirect("/studio/subscribers?labelled=1");
    }
    await eraseSubscriber(args.context.deps, Number(form.get("id")), studio.actor);
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data<ActionResult>(labelling ? { fieldErrors: { labels: problem.message }, typedLabels } : { error: problem.message }, { status: problem.status });
  }
  return redirect("/studio/subscribers?erased=1");
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const when = useWhen();
  const { stats, subscribers, erasing, labelling, filterError, erased, labelled } = loaderData;
  const result = actionData as ActionResult | undefined;
  const LB = AUDIENCE_TOOLS_PAGES.labels;
  const [search] = useSearchParams();
  const exportHref = `/studio/subscribers/export?${new URLSearchParams({ search: search.get("search") ?? "", status: search.get("status") ?? "", label: search.get("label") ?? "" }).toString()}`;
  const max = Math.max(1, ...stats.growth.map((g) => g.subscribed));
  return (
    <>
      <PageHeader
        title={P.title}
        description={P.description}
        actions={
          <>
            <Link to="/studio/subscribers/import" className={buttonClass("secondary")}>
              {AUDIENCE_TOOLS_PAGES.import.link}
            </Link>
            <ExportButton action={exportHref} label={P.export} />
          </>
        }
      />
      {erased ? <Notice tone="success">{AUDIENCE_MESSAGES.subscriberErased}</Notice> : null}
      {labelled ? <Notice tone="success">{AUDIENCE_TOOLS_MESSAGES.labelsSaved}</Notice> : null}
      {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {SUBSCRIBER_STATUSES.map((s) => (
          <Stat key={s} label={P.statuses[s]} value={stats.counts[s]} />
        ))}
      </dl>

      <div className="mb-6">
        <h2 className="mb-2 text-lg font-semibold">
          {P.growthTitle}
        </h2>
        <DataTable caption={P.growthTitle}>
          <HeadRow columns={[P.growthColumns.week, P.growthColumns.subscribed, P.growthColumns.confirmed, P.growthColumns.unsubscribed]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {stats.growth.map((g) => (
              <tr key={g.weekStart}>
                <td className={TD}>{day(g.weekStart)}</td>
                <td className={TD}>
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="inline-block h-2 rounded bg-emerald-600" style={{ width: `${Math.round((g.subscribed / max) * 96) + 2}px` }} />
                    {g.subscribed}
                  </span>
                </td>
                <td className={TD}>{g.confirmed}</td>
                <td className={TD}>{g.unsubscribed}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>

      <FilterForm label={P.filter}>
        <Field label={P.search} name="search" type="search" defaultValue={search.get("search") ?? ""} maxLength={200} error={filterError} />
        <SelectField
          label={P.status}
          name="status"
          value={search.get("status") ?? ""}
          options={[{ value: "", label: P.anyStatus }, ...SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: P.statuses[s] }))]}
        />
        <Field label={LB.filter} name="label" type="search" defaultValue={search.get("label") ?? ""} maxLength={40} />
        <Button type="submit">{P.filter}</Button>
      </FilterForm>

      {erasing ? (
        <section aria-labelledby="erase-title" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="erase-title" className="font-semibold text-red-900">
            {P.confirmRemoveTitle}
          </h2>
          <p className="mt-1 text-sm text-red-900">{P.confirmRemoveText(erasing.email)}</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="id" value={erasing.id} />
            <Button type="submit" tone="danger">
              {P.confirmRemove}
            </Button>
            <Link to="/studio/subscribers" className={buttonClass("secondary")}>
              {P.cancel}
            </Link>
          </Form>
        </section>
      ) : null}

      {labelling ? <LabelsForm key={labelling.id} subscriber={labelling} typed={result?.typedLabels} answered={result?.fieldErrors} /> : null}

      {subscribers.length === 0 ? (
        <EmptyState title={P.empty} />
      ) : (
        <DataTable caption={P.title}>
          <HeadRow columns={[P.columns.email, P.columns.status, LB.column, P.columns.created, P.columns.confirmed, P.columns.actions]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {subscribers.map((s) => (
              <tr key={s.id}>
                <td className={`${TD} break-all`}>{s.email}</td>
                <td className={TD}>
                  <StatusBadge tone={s.status === "confirmed" ? "good" : s.status === "pending" ? "waiting" : "neutral"}>{P.statuses[s.status]}</StatusBadge>
                </td>
                <td className={TD}>
                  <span className="break-words">{s.labels.length ? s.labels.join(", ") : LB.none}</span>{" "}
                  <Link to={`?${new URLSearchParams({ ...Object.fromEntries(search), labels: String(s.id) }).toString()}`} className="text-emerald-800 underline underline-offset-4" aria-label={`${LB.edit}: ${s.email}`}>
                    {LB.edit}
                  </Link>
                  {s.consentNote ? <p className="mt-1 text-xs text-slate-600">{s.consentNote}</p> : null}
                </td>
                <td className={`${TD} whitespace-nowrap`}>{when(s.createdAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>{when(s.confirmedAt)}</td>
                <td className={TD}>
                  <Link to={`?${new URLSearchParams({ ...Object.fromEntries(search), erase: String(s.id) }).toString()}`} className="text-red-700 underline underline-offset-4" aria-label={`${P.remove} ${s.email}`}>
                    {P.remove}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {subscribers.length >= AUDIENCE_RULES.pageSize ? <MoreLink search={search} before={subscribers[subscribers.length - 1]!.id} label={P.more} /> : null}
    </>
  );
}

/** One subscriber's labels, typed as a list; checked in the browser by the schema the action checks them with. */
function LabelsForm({ subscriber, typed, answered }: { subscriber: { id: number; email: string; labels: string[] }; typed: string | undefined; answered: FieldMessages | undefined }) {
  const LB = AUDIENCE_TOOLS_PAGES.labels;
  const form = useSchemaForm(SubscriberLabelsFormSchema, answered);
  return (
    <section aria-labelledby="labels-title" className="mb-4 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="labels-title" className="break-all font-semibold">
        {LB.edit}: {subscriber.email}
      </h2>
      <Form method="post" ref={form.formRef} noValidate onSubmit={form.onSubmit} onInput={form.onInput} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="labels" />
        <input type="hidden" name="id" value={subscriber.id} />
        <Field label={LB.edit} name="labels" hint={AUDIENCE_TOOLS_PAGES.add.labelsHint} maxLength={500} defaultValue={typed ?? subscriber.labels.join(", ")} error={form.errors.labels} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" tone="primary">
            {LB.save}
          </Button>
          <Link to="/studio/subscribers" className={buttonClass("secondary")}>
            {AUDIENCE_PAGES.subscribers.cancel}
          </Link>
        </div>
      </Form>
    </section>
  );
}
