import { Link, useSearchParams } from "react-router";
import { isOrderStep, ORDER_STEPS, ORDERS_MESSAGES, ORDERS_PAGES, type OrderStep } from "@shared/content/studio-orders";
import { FilterForm, SelectField } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { boardOf, OrderCardView, OrderStepBadge, OrderTimeLeft } from "~/components/studio/orders";
import { useWhen } from "~/components/studio/access-format";
import { Button, DataTable, EmptyState, Notice, PageHeader, TD, HeadRow } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import type { OrderFilter } from "../../../server/services/onboarding/studio-order-cards";
import { listOrders, orderKits, orderStaff } from "../../../server/services/onboarding/studio-orders";
import type { Route } from "./+types/orders";

const P = ORDERS_PAGES.list;

export function meta() {
  return studioMeta(P.metaTitle);
}

/** The filters from the address: a value that is not one of the choices is dropped and said so (never a 500). */
function filterOf(search: URLSearchParams, kits: readonly { key: string }[], staff: readonly { id: string }[]): { filter: OrderFilter; view: "list" | "board"; problem: string | null } {
  const filter: OrderFilter = {};
  let problem: string | null = null;
  const step = search.get("step") ?? "";
  if (step) {
    if (isOrderStep(step)) filter.step = step;
    else problem = ORDERS_MESSAGES.filterInvalid;
  }
  const kit = search.get("kit") ?? "";
  if (kit) {
    if (kits.some((k) => k.key === kit)) filter.kit = kit;
    else problem = ORDERS_MESSAGES.filterInvalid;
  }
  const assignee = search.get("assignee") ?? "";
  if (assignee) {
    if (assignee === "none" || staff.some((s) => s.id === assignee)) filter.assignee = assignee;
    else problem = ORDERS_MESSAGES.filterInvalid;
  }
  if (search.get("overdue") === "1") filter.overdue = true;
  return { filter, view: search.get("view") === "board" ? "board" : "list", problem };
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const [kits, staff] = await Promise.all([orderKits(deps, studio), orderStaff(deps, studio)]);
  const { filter, view, problem } = filterOf(new URL(args.request.url).searchParams, kits, staff);
  const now = Date.now();
  const orders = await listOrders(deps, studio, filter, now);
  return { orders, kits, staff, view, problem, now };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, kits, staff, view, problem, now } = loaderData;
  const [search] = useSearchParams();
  const when = useWhen({ dateStyle: "medium", timeStyle: "short" });
  const viewHref = (to: "list" | "board") => {
    const next = new URLSearchParams(search);
    next.set("view", to);
    return `?${next.toString()}`;
  };
  return (
    <>
      <PageHeader
        title={P.title}
        description={P.description}
        actions={
          <nav aria-label={P.views} className="flex gap-2">
            {(["list", "board"] as const).map((v) => (
              <Link
                key={v}
                to={viewHref(v)}
                aria-current={view === v ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-md border px-3 text-sm font-semibold ${view === v ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
              >
                {v === "list" ? P.list : P.board}
              </Link>
            ))}
          </nav>
        }
      />
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <FilterForm label={P.filter}>
        <input type="hidden" name="view" value={view} />
        <SelectField label={P.step} name="step" value={search.get("step") ?? ""} options={[{ value: "", label: P.anyStep }, ...ORDER_STEPS.map((s) => ({ value: s, label: ORDERS_PAGES.steps[s] }))]} />
        <SelectField label={P.kit} name="kit" value={search.get("kit") ?? ""} options={[{ value: "", label: P.anyKit }, ...kits.map((k) => ({ value: k.key, label: k.label }))]} />
        <SelectField
          label={P.assignee}
          name="assignee"
          value={search.get("assignee") ?? ""}
          options={[{ value: "", label: P.anyone }, { value: "none", label: P.nobody }, ...staff.map((s) => ({ value: s.id, label: s.name }))]}
        />
        <div className="flex min-h-11 items-center gap-2 self-end">
          <input id="filter-overdue" type="checkbox" name="overdue" value="1" defaultChecked={search.get("overdue") === "1"} className="h-5 w-5 accent-emerald-700" />
          <label htmlFor="filter-overdue" className="text-sm font-semibold text-slate-800">
            {P.overdue}
          </label>
        </div>
        <Button type="submit">{P.filter}</Button>
      </FilterForm>
      <p className="mb-3 text-sm text-slate-600" data-testid="orders-count">
        {P.count(orders.length)}
      </p>
      {orders.length === 0 ? (
        <EmptyState title={P.empty} />
      ) : view === "board" ? (
        <Board board={boardOf(orders)} now={now} />
      ) : (
        <DataTable caption={P.title}>
          <HeadRow columns={[P.columns.order, P.columns.customer, P.columns.kit, P.columns.step, P.columns.assignee, P.columns.age, P.columns.left]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {orders.map((o) => (
              <tr key={o.id} data-order={o.id} data-overdue={o.overdue ? "1" : undefined} className={o.overdue ? "bg-red-50" : undefined}>
                <td className={`${TD} whitespace-nowrap`}>
                  <Link to={`/studio/orders/${o.id}`} className="font-semibold text-emerald-800 underline underline-offset-4">
                    {o.number}
                  </Link>
                </td>
                <td className={`${TD} break-words`}>
                  <span className="block font-medium">{o.business || o.customerName}</span>
                  <span className="block break-all text-xs text-slate-600">{o.customerEmail}</span>
                </td>
                <td className={TD}>{o.kit}</td>
                <td className={TD}>
                  <OrderStepBadge step={o.step} />
                </td>
                <td className={TD}>{o.assigneeName ?? P.nobody}</td>
                <td className={`${TD} whitespace-nowrap`} title={when(o.submittedAt)}>
                  {ORDERS_PAGES.age(now - o.submittedAt)}
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  <OrderTimeLeft order={o} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

function Board({ board, now }: { board: Record<OrderStep, Parameters<typeof OrderCardView>[0]["order"][]>; now: number }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" data-testid="orders-board">
      {ORDER_STEPS.map((step) => (
        <section key={step} aria-labelledby={`board-${step}`} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <h2 id={`board-${step}`} className="mb-2 font-semibold text-slate-900">
            {P.boardColumn(ORDERS_PAGES.steps[step], board[step].length)}
          </h2>
          {board[step].length === 0 ? (
            <p className="text-sm text-slate-600">{P.noneInStep}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {board[step].map((o) => (
                <li key={o.id}>
                  <OrderCardView order={o} now={now} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
