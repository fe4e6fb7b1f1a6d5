import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { ORDER_STEPS, ORDERS_MESSAGES, ORDERS_PAGES } from "@shared/content/studio-orders";
import { whatsappLink } from "@shared/content/site";
import { SelectField } from "~/components/studio/audience-ui";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { OrderBrief } from "~/components/studio/order-brief";
import { OrderStepBadge, OrderTimeLeft } from "~/components/studio/orders";
import { OrderWriteForm } from "~/components/studio/order-write-form";
import { Button, buttonClass, Notice, PageHeader } from "~/components/studio/ui";
import { OrderMessageSchema, OrderNoteSchema } from "@shared/schemas/studio-orders";
import { checkForm, formValues } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { isServiceError } from "../../../server/services/errors";
import { addOrderNote, deleteOrder, sendOrderMessage, setOrderAssignee, setOrderStep } from "../../../server/services/onboarding/studio-order-writes";
import { orderDetail, orderStaff } from "../../../server/services/onboarding/studio-orders";
import type { Route } from "./+types/order";

const P = ORDERS_PAGES.order;

export function meta({ data: d }: Route.MetaArgs) {
  return studioMeta(d ? P.metaTitle(d.order.number) : ORDERS_PAGES.list.metaTitle);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  try {
    const now = Date.now();
    const [order, staff] = await Promise.all([orderDetail(deps, studio, Number(args.params.id), now), orderStaff(deps, studio)]);
    return { order, staff, now, mayDelete: studio.access === "owner" };
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data(null, { status: 404 });
    throw error;
  }
}

type Typed = { note?: string; message?: string };
const typedOf = (intent: "note" | "message", value: string): Typed => (intent === "note" ? { note: value } : { message: value });

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const id = Number(args.params.id);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    if (intent === "step") {
      const result = await setOrderStep(deps, id, { step: form.get("step") }, studio.actor);
      return { notice: result.changed ? ORDERS_MESSAGES.stepSaved(ORDERS_PAGES.steps[result.order.step]) : ORDERS_MESSAGES.stepUnchanged };
    }
    if (intent === "assignee") {
      await setOrderAssignee(deps, id, { assignee: form.get("assignee") }, studio.actor);
      return { notice: ORDERS_MESSAGES.assigneeSaved };
    }
    if (intent === "note" || intent === "message") {
      // The schema the browser checked with, again here: a form posted without JavaScript gets the same messages.
      const checked = checkForm(intent === "note" ? OrderNoteSchema : OrderMessageSchema, formValues(form));
      if (checked.errors) return data({ fieldErrors: checked.errors, typed: typedOf(intent, text(intent)), written: intent }, { status: 400 });
    }
    if (intent === "note") {
      await addOrderNote(deps, id, { note: form.get("note") }, studio.actor);
      return { notice: ORDERS_MESSAGES.noteAdded };
    }
    if (intent === "message") {
      await sendOrderMessage(deps, id, { message: form.get("message"), question: form.get("question") }, studio.actor);
      return { notice: ORDERS_MESSAGES.messageSent };
    }
    if (intent === "delete") {
      await deleteOrder(deps, id, studio.actor);
      return redirect("/studio/orders?deleted=1");
    }
    return data({ error: ORDERS_MESSAGES.chooseAction }, { status: 400 });
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    if (problem.status === 404) throw data(null, { status: 404 });
    // What was typed comes back with the message: a note or a message is never lost to a refusal.
    const typed = intent === "note" || intent === "message" ? typedOf(intent, text(intent)) : {};
    return data({ error: problem.detail, fieldErrors: problem.fieldErrors, typed, written: intent }, { status: problem.status });
  }
}

type ActionResult = { notice?: string; error?: string; fieldErrors?: Record<string, string>; typed?: Typed; written?: string } | undefined;

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, staff, now, mayDelete } = loaderData;
  const result = actionData as ActionResult;
  const written = result?.written;
  const when = useWhen({ dateStyle: "medium", timeStyle: "short" });
  const [search] = useSearchParams();
  const confirmDelete = mayDelete && search.get("delete") === "1";
  const c = order.customer;
  const customerRows: [string, React.ReactNode][] = [
    [P.customer.name, c.name],
    [P.customer.email, c.email],
    [P.customer.verified, c.verified ? P.verifiedYes : P.verifiedNo],
    [P.customer.company, c.company || "—"],
    [P.customer.industry, c.industry || "—"],
    [P.customer.language, P.languages[c.locale] ?? c.locale],
    [P.customer.since, when(c.createdAt)],
  ];
  const chat = order.whatsapp ? whatsappLink(order.whatsapp, `${order.number}: `) : null;
  return (
    <>
      <PageHeader
        title={P.title(order.number, order.business)}
        actions={
          <Link to="/studio/orders" className={buttonClass("secondary")}>
            {P.back}
          </Link>
        }
      />
      {result?.notice ? <Notice tone="success">{result.notice}</Notice> : null}
      {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      <dl className={`mb-6 grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-5 ${order.overdue ? "border-red-600 bg-red-50" : "border-slate-200 bg-white"}`} data-testid="order-summary">
        <Fact label={P.step}>
          <OrderStepBadge step={order.step} />
        </Fact>
        <Fact label={P.kit}>{order.kit}</Fact>
        <Fact label={P.submitted}>{when(order.submittedAt)}</Fact>
        <Fact label={P.due}>{when(order.dueAt)}</Fact>
        <Fact label={P.left}>
          <OrderTimeLeft order={order} now={now} />
        </Fact>
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <Panel id="brief" title={P.briefTitle}>
            <OrderBrief brief={order.brief} />
            <h3 className="mb-2 mt-4 text-sm font-semibold text-slate-900">{P.filesTitle}</h3>
            {order.files.length === 0 ? (
              <p className="text-sm text-slate-600">{P.noFiles}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {order.files.map((f) => (
                  <li key={f.id}>
                    <a href={f.href} className="inline-flex min-h-11 items-center break-all text-emerald-800 underline underline-offset-4">
                      {f.name}
                    </a>{" "}
                    <span className="text-xs text-slate-600">
                      ({P.purposes[f.purpose] ?? f.purpose}, {Math.ceil(f.size / 1024)} KB)
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel id="messages" title={P.messagesTitle} hint={P.messagesHint}>
            <Thread items={order.messages} empty={P.noMessages} when={when} customer={P.fromCustomer} testId="order-messages" />
            <OrderWriteForm intent="message" label={P.message} rows={4} typed={result?.typed?.message} answered={written === "message" ? result?.fieldErrors : undefined}>
              <div className="flex min-h-11 items-center gap-2">
                <input id="message-question" type="checkbox" name="question" value="1" className="h-5 w-5 accent-emerald-700" />
                <label htmlFor="message-question" className="text-sm text-slate-800">
                  {P.asQuestion}
                </label>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" tone="primary">
                  {P.sendMessage}
                </Button>
                {chat ? (
                  <a href={chat} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                    {P.whatsapp}
                  </a>
                ) : null}
              </div>
            </OrderWriteForm>
          </Panel>
        </div>
        <div className="min-w-0">
          <Panel id="step" title={P.stepTitle} hint={P.stepHint}>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="step" />
              <SelectField label={P.moveTo} name="step" value={order.step} options={ORDER_STEPS.map((s) => ({ value: s, label: ORDERS_PAGES.steps[s] }))} />
              <Button type="submit" tone="primary">
                {P.saveStep}
              </Button>
            </Form>
          </Panel>
          <Panel id="assignee" title={P.assigneeTitle} hint={P.assigneeHint}>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="assignee" />
              <SelectField label={P.assigneeTitle} name="assignee" value={order.assigneeId ?? ""} options={[{ value: "", label: P.unassigned }, ...staff.map((s) => ({ value: s.id, label: s.name }))]} />
              <Button type="submit">{P.saveAssignee}</Button>
            </Form>
            {result?.fieldErrors?.assignee ? <p className="mt-2 text-sm font-medium text-red-700">{result.fieldErrors.assignee}</p> : null}
          </Panel>
          <Panel id="customer" title={P.customerTitle}>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
              {customerRows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm font-semibold text-slate-700">{label}</dt>
                  <dd className="break-words text-sm text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Panel>
          <Panel id="notes" title={P.notesTitle} hint={P.notesHint} tone="note">
            <Thread items={order.notes} empty={P.noNotes} when={when} customer={P.fromCustomer} testId="order-notes" />
            <OrderWriteForm intent="note" label={P.note} rows={3} typed={result?.typed?.note} answered={written === "note" ? result?.fieldErrors : undefined}>
              <div>
                <Button type="submit">{P.addNote}</Button>
              </div>
            </OrderWriteForm>
          </Panel>
          {mayDelete ? (
            <Panel id="delete" title={P.deleteTitle} hint={P.deleteHint} tone="danger">
              {confirmDelete ? (
                <Form method="post" className="flex flex-wrap items-center gap-2" aria-label={P.deleteConfirm}>
                  <p className="w-full text-sm font-semibold text-red-900">{P.deleteConfirm}</p>
                  <input type="hidden" name="intent" value="delete" />
                  <Button type="submit" tone="danger">
                    {P.deleteYes}
                  </Button>
                  <Link to="?" className={buttonClass("secondary")}>
                    {P.cancel}
                  </Link>
                </Form>
              ) : (
                <Link to="?delete=1" className={buttonClass("danger")}>
                  {P.delete}
                </Link>
              )}
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Thread({
  items,
  empty,
  when,
  customer,
  testId,
}: {
  items: { id: number; fromCustomer: boolean; kind: string; author: string; body: string; at: number }[];
  empty: string;
  when: (ms: number) => string;
  customer: string;
  testId: string;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-600" data-testid={testId}>{empty}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid={testId}>
      {items.map((m) => (
        <li key={m.id} className={`rounded-md border p-3 text-sm ${m.fromCustomer ? "border-sky-200 bg-sky-50" : "border-slate-200 bg-white"}`}>
          <p className="text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{m.fromCustomer ? customer : ORDERS_PAGES.order.fromTeam(m.author)}</span>
            {ORDERS_PAGES.order.kinds[m.kind] ? ` · ${ORDERS_PAGES.order.kinds[m.kind]}` : ""} · {when(m.at)}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

const PANEL_TONES = {
  plain: { box: "border-slate-200 bg-white", title: "text-slate-900", hint: "text-slate-600" },
  note: { box: "border-amber-300 bg-amber-50", title: "text-slate-900", hint: "text-slate-700" },
  danger: { box: "border-red-300 bg-white", title: "text-red-800", hint: "text-slate-700" },
} as const;

/** One of the order page's boxes: a region named by its heading, a hint under it when it has one. */
function Panel({ id, title, hint, tone = "plain", children }: { id: string; title: string; hint?: string; tone?: keyof typeof PANEL_TONES; children: React.ReactNode }) {
  const t = PANEL_TONES[tone];
  return (
    <section aria-labelledby={`${id}-title`} className={`mb-6 rounded-lg border ${t.box} p-4`}>
      <h2 id={`${id}-title`} className={`${hint ? "" : "mb-3 "}font-semibold ${t.title}`}>
        {title}
      </h2>
      {hint ? <p className={`mb-3 text-sm ${t.hint}`}>{hint}</p> : null}
      {children}
    </section>
  );
}
