import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Field } from "@shared/copy/fields";
import { useWhen } from "./access-format";
import { FieldView } from "./copy-fields";
import { LABELS } from "./copy-labels";
import { type Gap, HindiGaps, MissingList } from "./copy-notices";
import { Button, buttonClass } from "./ui";

export { CopyNotice } from "./copy-notices";

/**
 * The studio's editor of one copy document (decision 0027), drawn from its Field descriptions: each field labelled as
 * the visitor sees it, a character count where a length is bounded, lists with add/remove/move buttons that are
 * ordinary submit buttons (the page answers with the form changed, nothing saved: they work without JavaScript and
 * from the keyboard). Fields are uncontrolled: what was typed stays in them until the page answers, and a refused
 * save answers with the values sent.
 *
 * A translation (issue 33, `?locale=hi`) is edited beside the English: each field shows the English as visitors see
 * it (read only, `lang="en"`) next to its input (`lang` of the translation); an empty field shows the shipped
 * translation or the English on the page; lists follow the English list item by item (no add, remove or move).
 */

export type CopyEditorProps = {
  sections: Readonly<Record<string, Field>>;
  defaults: Record<string, unknown>;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  /** Remounts the fields with `values` (after a list change or a refused save). */
  formKey: string;
  liveVersion: number;
  draftRevision: number;
  locale: string;
  draft: { updatedAt: number; updatedBy: string | null } | null;
  published: { at: number; by: string | null } | null;
  previewHref: string | null;
  revisionsHref: string;
  /** The path of the field to focus once shown (the first fault, the item just added or moved). */
  focus: string | null;
  /** A translation's English copy as visitors see it, shown beside each field; null when editing the English. */
  english?: Record<string, unknown> | null;
  /** A translation's fields that show English on its page, each with its labels; shown above the form. */
  missing?: readonly { path: string; label: string }[];
  /** Drawn inside the form under its buttons: "Schedule publish" (decision 0057), whose button sends the form's values. */
  extra?: React.ReactNode;
  /** The English's: the Hindi fields that show English now and with the draft published (issue 44), and their editor. */
  hindiGaps?: { now: readonly Gap[]; byDraft: readonly Gap[] } | null;
  hindiHref?: string;
};

export function CopyEditor(props: CopyEditorProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const when = useWhen();
  useEffect(() => {
    const form = formRef.current;
    if (!form || !props.focus) return;
    const target =
      form.querySelector<HTMLElement>(`[name="${CSS.escape(props.focus)}"]`) ??
      form.querySelector<HTMLElement>(`[name^="${CSS.escape(`${props.focus}.`)}"]:not([type=hidden])`) ??
      form.querySelector<HTMLElement>(`[data-path="${CSS.escape(props.focus)}"]`);
    target?.focus();
  }, [props.focus, props.formKey]);
  return (
    <Form method="post" ref={formRef} noValidate className="max-w-3xl space-y-6" key={props.formKey}>
      <input type="hidden" name="liveVersion" value={props.liveVersion} />
      <input type="hidden" name="draftRevision" value={props.draftRevision} />
      <input type="hidden" name="locale" value={props.locale} />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p data-testid="draft-state">{props.draft ? LABELS.draftPending(props.draft.updatedBy ?? "a former staff member", when(props.draft.updatedAt)) : LABELS.noDraft}</p>
        <p>{props.published ? LABELS.published(props.published.by ?? "a former staff member", when(props.published.at)) : LABELS.neverPublished}</p>
        {props.hindiGaps && props.hindiGaps.byDraft.length === 0 ? <p>{LABELS.staleNoDraft}</p> : null}
        {/* The first submit button: Enter in a field saves the draft (never a list's button). */}
        <div className="flex flex-wrap gap-2 pt-1">
          <SaveAndPublish busy={busy} />
          {props.previewHref ? (
            <a href={props.previewHref} target="_blank" rel="noopener" className={buttonClass()}>
              {LABELS.preview}
            </a>
          ) : null}
          {props.draft ? (
            <Button type="submit" name="intent" value="discard" tone="danger" formNoValidate disabled={busy}>
              {LABELS.discard}
            </Button>
          ) : null}
          <Link to={props.revisionsHref} className={buttonClass()}>
            {LABELS.revisions}
          </Link>
        </div>
      </div>
      {props.extra}
      {props.hindiGaps && props.hindiHref && props.hindiGaps.byDraft.length > 0 ? (
        <HindiGaps intro={LABELS.staleByDraft(props.hindiGaps.byDraft.length)} gaps={props.hindiGaps.byDraft} href={props.hindiHref} testId="hindi-stale-by-draft" />
      ) : null}
      {props.english ? <MissingList missing={props.missing ?? []} draft={props.draft !== null} /> : null}
      {Object.entries(props.sections).map(([key, field]) => (
        <FieldView
          key={key}
          field={field}
          path={key}
          value={props.values[key]}
          fallback={props.defaults[key]}
          errors={props.errors}
          english={props.english ? props.english[key] : undefined}
          lang={props.english ? props.locale : undefined}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <SaveAndPublish busy={busy} />
      </div>
    </Form>
  );
}

/** The editor's two main buttons, above the fields and again under them. */
function SaveAndPublish({ busy }: { busy: boolean }) {
  return (
    <>
      <Button type="submit" name="intent" value="save" tone="primary" disabled={busy}>
        {LABELS.save}
      </Button>
      <Button type="submit" name="intent" value="publish" disabled={busy}>
        {LABELS.publish}
      </Button>
    </>
  );
}
