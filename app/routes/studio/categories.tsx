import { Form, data, useNavigation } from "react-router";
import { CATEGORIES_PAGE, CATEGORY_RULES } from "@shared/content/blog-categories";
import { CategoryAddSchema, CategoryEditSchema } from "@shared/schemas/studio-categories";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, Notice, PageHeader } from "~/components/studio/ui";
import { checkForm, type FieldMessages, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { addCategory, blogCategories, categoryUse, editCategory, moveCategory, removeCategory } from "../../../server/services/content/categories";
import type { Route } from "./+types/categories";

export function meta() {
  return studioMeta(CATEGORIES_PAGE.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const deps = args.context.deps;
  const [list, use] = await Promise.all([blogCategories(deps), categoryUse(deps)]);
  return { version: list.version, categories: list.categories.map((c) => ({ ...c, posts: use[c.name] ?? 0 })) };
}

/**
 * `errors`: the refused form's messages by field (its schema's, as the browser said them, or what only the service
 * knows: a name taken, a list changed meanwhile); `typed`: the name and Hindi name as posted.
 */
type ActionResult = { ok: boolean; message: string; intent: string; name: string; errors: FieldMessages; typed: { name: string; hi: string } };

const SCHEMAS = { add: CategoryAddSchema, edit: CategoryEditSchema } as const;

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const deps = args.context.deps;
  const form = await args.request.formData();
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v.slice(0, 400) : undefined;
  };
  const intent = text("intent") ?? "";
  const name = text("name") ?? "";
  const expectVersion = text("version");
  // What was typed comes back with the answer (a form posted without JavaScript shows it again).
  const typed = { name: text(intent === "edit" ? "newName" : "name") ?? "", hi: text("hi") ?? "" };
  const answer = (status: number, r: Omit<ActionResult, "intent" | "name" | "errors" | "typed"> & { errors?: FieldMessages }) =>
    data<ActionResult>({ errors: {}, ...r, intent, name, typed }, { status });
  // The schema the browser checked the add and rename forms with (useSchemaForm), again for a form posted without JavaScript.
  if (intent === "add" || intent === "edit") {
    const checked = checkForm(SCHEMAS[intent], formValues(form));
    if (checked.errors) return answer(400, { ok: false, message: Object.values(checked.errors)[0] ?? CATEGORIES_PAGE.unchanged, errors: checked.errors });
  }
  try {
    switch (intent) {
      case "add": {
        const added = await addCategory(deps, studio.actor, { name, hi: text("hi"), expectVersion });
        return answer(200, { ok: true, message: CATEGORIES_PAGE.added(added.name) });
      }
      case "edit": {
        const edited = await editCategory(deps, studio.actor, { name, newName: text("newName"), hi: text("hi"), expectVersion });
        const message = !edited.changed ? CATEGORIES_PAGE.unchanged : edited.renamed ? CATEGORIES_PAGE.renamed(name, edited.name) : CATEGORIES_PAGE.edited(edited.name);
        return answer(200, { ok: true, message });
      }
      case "up":
      case "down": {
        const moved = await moveCategory(deps, studio.actor, { name, direction: intent, expectVersion });
        return answer(200, { ok: true, message: moved ? CATEGORIES_PAGE.moved(name) : CATEGORIES_PAGE.unchanged });
      }
      case "remove": {
        const removed = await removeCategory(deps, studio.actor, { name, moveTo: text("moveTo"), expectVersion });
        return answer(200, { ok: true, message: CATEGORIES_PAGE.removed(name, removed.moved, removed.movedTo) });
      }
      default:
        return answer(400, { ok: false, message: CATEGORIES_PAGE.unchanged });
    }
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    // The refusal is shown by the Hindi name when it is that field's, else by the name (the add form's `name`, the
    // rename's `newName`), as a list changed by someone else is too.
    const field = failure.field === "hi" ? "hi" : intent === "edit" ? "newName" : "name";
    return answer(failure.status, { ok: false, message: failure.message, errors: { [field]: failure.message } });
  }
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, version } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A refusal is shown beside the form it answers; a success at the top.
  const refusal = (intent: string, name: string) => (actionData && !actionData.ok && actionData.intent === intent && actionData.name === name ? actionData : null);
  const addRefused = refusal("add", actionData?.intent === "add" ? actionData.name : "");
  return (
    <>
      <PageHeader title={CATEGORIES_PAGE.title} description={CATEGORIES_PAGE.intro} />
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      {actionData && !actionData.ok && !["add", "edit", "remove"].includes(actionData.intent) ? <Notice tone="error">{actionData.message}</Notice> : null}
      {version === 0 ? <p className="mb-4 text-sm text-slate-600">{CATEGORIES_PAGE.defaultNote}</p> : null}
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{CATEGORIES_PAGE.listTitle}</h2>
      <ol className="max-w-3xl space-y-3" aria-label={CATEGORIES_PAGE.listTitle}>
        {categories.map((c, i) => {
          const editRefused = refusal("edit", c.name);
          const removeRefused = refusal("remove", c.name);
          const others = categories.filter((o) => o.name !== c.name);
          return (
            <li key={c.name} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" data-category={c.name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{c.name}</p>
                  {c.hi ? (
                    <p className="text-sm break-words text-slate-700" lang="hi">
                      {c.hi}
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-600">{CATEGORIES_PAGE.posts(c.posts)}</p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="name" value={c.name} />
                  <input type="hidden" name="version" value={version} />
                  <Button type="submit" name="intent" value="up" disabled={busy || i === 0} aria-label={CATEGORIES_PAGE.moveUp(c.name)}>
                    {CATEGORIES_PAGE.up}
                  </Button>
                  <Button type="submit" name="intent" value="down" disabled={busy || i === categories.length - 1} aria-label={CATEGORIES_PAGE.moveDown(c.name)}>
                    {CATEGORIES_PAGE.down}
                  </Button>
                </Form>
              </div>
              <details className="mt-3" open={Boolean(editRefused)}>
                <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-emerald-800">{CATEGORIES_PAGE.editLegend(c.name)}</summary>
                <NameForm key={`${c.name}:${c.hi}`} intent="edit" category={c.name} version={version} name={editRefused?.typed.name ?? c.name} hi={editRefused?.typed.hi ?? c.hi} answered={editRefused?.errors} busy={busy} />
              </details>
              {categories.length > 1 ? (
                <details className="mt-1" open={Boolean(removeRefused)}>
                  <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-red-800">{CATEGORIES_PAGE.removeLegend(c.name)}</summary>
                  <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="name" value={c.name} />
                    <input type="hidden" name="version" value={version} />
                    {c.posts > 0 ? (
                      <div className="min-w-0">
                        <label htmlFor={`move-${i}`} className="mb-1 block text-sm font-semibold text-slate-800">
                          {CATEGORIES_PAGE.moveTo}
                        </label>
                        <select id={`move-${i}`} name="moveTo" className="block min-h-11 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
                          {others.map((o) => (
                            <option key={o.name} value={o.name}>
                              {o.name}
                            </option>
                          ))}
                        </select>
                      </div>
                    ) : null}
                    <Button type="submit" tone="danger" disabled={busy}>
                      {CATEGORIES_PAGE.remove}
                    </Button>
                  </Form>
                  {removeRefused ? (
                    <p className="mt-2 text-sm font-medium text-red-700" role="alert">
                      {removeRefused.message}
                    </p>
                  ) : null}
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
      <section className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="add-category">
        <h2 id="add-category" className="mb-3 text-lg font-semibold text-slate-900">
          {CATEGORIES_PAGE.addTitle}
        </h2>
        <NameForm
          key={actionData?.ok && actionData.intent === "add" ? `added-${version}` : "add"}
          intent="add"
          version={version}
          name={addRefused?.typed.name ?? ""}
          hi={addRefused?.typed.hi ?? ""}
          answered={addRefused?.errors}
          busy={busy}
        />
      </section>
    </>
  );
}

/**
 * A category's names: the add form (`name`) or a category's rename (`newName`, the category a hidden `name`), with the
 * Hindi name; checked in the browser by the schema the action checks it with. `name` and `hi`: what the fields start
 * with (the category's, or what was typed when a form posted without JavaScript was refused).
 */
function NameForm({
  intent,
  category,
  version,
  name,
  hi,
  answered,
  busy,
}: {
  intent: keyof typeof SCHEMAS;
  category?: string;
  version: number;
  name: string;
  hi: string;
  answered: FieldMessages | undefined;
  busy: boolean;
}) {
  const form = useSchemaForm(SCHEMAS[intent], answered);
  const nameField = intent === "add" ? "name" : "newName";
  return (
    <Form method="post" ref={form.formRef} noValidate onSubmit={form.onSubmit} onInput={form.onInput} className={`grid gap-3 sm:grid-cols-2 ${intent === "edit" ? "mt-2" : ""}`}>
      <input type="hidden" name="intent" value={intent} />
      {category !== undefined ? <input type="hidden" name="name" value={category} /> : null}
      <input type="hidden" name="version" value={version} />
      <Field label={CATEGORIES_PAGE.name} name={nameField} defaultValue={name} maxLength={CATEGORY_RULES.nameMax} required error={form.errors[nameField]} />
      <Field label={CATEGORIES_PAGE.hindiName} name="hi" lang="hi" defaultValue={hi} maxLength={CATEGORY_RULES.nameMax} hint={CATEGORIES_PAGE.hindiHint} error={form.errors.hi} />
      <div className="sm:col-span-2">
        <Button type="submit" tone="primary" disabled={busy}>
          {intent === "add" ? CATEGORIES_PAGE.add : CATEGORIES_PAGE.edit}
        </Button>
      </div>
    </Form>
  );
}
