import { useWhen } from "~/components/studio/access-format";
import { data, Form, useSearchParams } from "react-router";
import { AUDIENCE_PAGES, AUDIENCE_RULES } from "@shared/content/audience";
import { AccountQuerySchema } from "@shared/schemas/audience";
import { FilterForm, MoreLink, ExportButton } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, Field, Notice, PageHeader, StatusBadge, TD, TH } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { AUDIENCE_MESSAGES } from "@shared/content/audience";
import { listAccounts, setAccountDisabled } from "../../../server/services/auth/admin";
import type { Route } from "./+types/accounts";

const P = AUDIENCE_PAGES.accounts;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const parsed = AccountQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return {
    accounts: await listAccounts(args.context.deps, parsed.success ? parsed.data : {}),
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
  };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent !== "disable" && intent !== "enable") return data({ error: "Choose an action." }, { status: 400 });
  try {
    await setAccountDisabled(args.context.deps, String(form.get("id") ?? ""), intent === "disable", studio.actor);
    return { notice: intent === "disable" ? AUDIENCE_MESSAGES.accountDisabled : AUDIENCE_MESSAGES.accountEnabled };
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data({ error: problem.detail }, { status: problem.status });
  }
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const when = useWhen();
  const { accounts, filterError } = loaderData;
  const [search] = useSearchParams();
  const result = actionData as { notice?: string; error?: string } | undefined;
  return (
    <>
      <PageHeader
        title={P.title}
        description={P.description}
        actions={
          <ExportButton action={`/studio/accounts/export?${new URLSearchParams({ search: search.get("search") ?? "" }).toString()}`} label={P.export} />
        }
      />
      {result?.notice ? <Notice tone="success">{result.notice}</Notice> : null}
      {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      <FilterForm label={P.filter}>
        <Field label={P.search} name="search" type="search" defaultValue={search.get("search") ?? ""} maxLength={200} error={filterError} />
        <Button type="submit">{P.filter}</Button>
      </FilterForm>
      {accounts.length === 0 ? (
        <EmptyState title={P.empty} />
      ) : (
        <DataTable caption={P.title}>
          <thead>
            <tr>
              {Object.values(P.columns).map((c) => (
                <th key={c} scope="col" className={TH}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {accounts.map((a) => (
              <tr key={a.id}>
                <td className={TD}>{a.name}</td>
                <td className={TD}>
                  <EmailAddress email={a.email} />
                </td>
                <td className={TD}>{a.company}</td>
                <td className={TD}>{a.industry}</td>
                <td className={TD}>{a.verified ? P.yes : P.no}</td>
                <td className={`${TD} whitespace-nowrap`}>{when(a.createdAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>{a.lastLoginAt ? when(a.lastLoginAt) : P.never}</td>
                <td className={TD}>
                  {a.access !== "user" ? (
                    <StatusBadge tone="info">{P.staff}</StatusBadge>
                  ) : a.disabledAt ? (
                    <StatusBadge tone="bad">{P.disabled}</StatusBadge>
                  ) : (
                    <StatusBadge tone="good">{P.active}</StatusBadge>
                  )}
                </td>
                <td className={TD}>
                  {a.access === "user" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <Button type="submit" tone={a.disabledAt ? "secondary" : "danger"} name="intent" value={a.disabledAt ? "enable" : "disable"} aria-label={`${a.disabledAt ? P.enable : P.disable} ${a.email}`}>
                        {a.disabledAt ? P.enable : P.disable}
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {accounts.length >= AUDIENCE_RULES.pageSize ? <MoreLink search={search} before={accounts[accounts.length - 1]!.createdAt} label={P.more} /> : null}
    </>
  );
}

/**
 * An address that breaks, if it must, only before its "@": each half stays whole (a table cell at 1280 px used to
 * break it every few characters). An unbreakable half wider than the column scrolls with the table.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="whitespace-nowrap">{email}</span>;
  return (
    <span data-testid="account-email">
      <span className="whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </span>
  );
}
