import { Link } from "react-router";
import { OVERVIEW_PAGE } from "@shared/content/studio-access";
import type { WaitingItem } from "../../../server/services/staff/waiting";
import { durationWords, ORDERS_WAITING } from "@shared/content/studio-orders";
import { EmptyState } from "./ui";

/**
 * The overview's inbox: what waits for this person, each with its count and a link to where it is handled. The
 * items come from one service (waitingItems), already limited to the areas this person may open; an empty list is
 * the only case that says nothing waits.
 */
export function WaitingList({ items, now }: { items: readonly WaitingItem[]; /** The server's time of the loader: ages read the same after hydration. */ now: number }) {
  return (
    <section aria-labelledby="waiting-title" className="mb-8" data-testid="waiting">
      <h2 id="waiting-title" className="mb-3 text-lg font-semibold text-slate-900">
        {OVERVIEW_PAGE.attention}
      </h2>
      {items.length === 0 ? (
        <EmptyState title={OVERVIEW_PAGE.nothing} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.kind}>
              <Link
                to={item.href}
                data-waiting={item.kind}
                className="group flex min-h-11 items-baseline gap-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 hover:border-emerald-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
              >
                <span className="text-2xl font-bold tabular-nums text-emerald-800">{item.count}</span>
                <span className="font-medium underline-offset-4 group-hover:underline">
                  {OVERVIEW_PAGE.waiting[item.kind](item.count)}
                  {item.oldestAt ? <span className="block text-sm font-normal text-slate-600">{ORDERS_WAITING.oldest(durationWords(now - item.oldestAt))}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
