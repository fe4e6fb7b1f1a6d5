import { COPY_SCHEDULE_LABELS as L } from "@shared/content/copy-schedule";
import { Button, FieldFrame, controlClass, fieldDescribedBy } from "./ui";

/**
 * The copy editor's "Schedule publish" (issue 46, item 4; decision 0057): a date and time in the site's time zone
 * (named under the field), drawn inside the editor's form, so scheduling saves what the form holds as the draft and
 * then gives it its time. While a draft waits for its time it says when and who chose it, and offers to move or
 * cancel it. Ordinary submit buttons: no script needed, reached from the keyboard.
 */
export type CopyScheduleView = {
  /** The site's time zone (Settings) the time is typed and shown in. */
  zone: string;
  /** The draft's schedule, or null when it has none. */
  scheduled: { shown: string; by: string | null } | null;
  /** The field's text: the scheduled time in the zone ("2026-11-01T00:00"), or what was typed in a refused try. */
  value: string;
};

export function CopySchedule({ view, error, busy }: { view: CopyScheduleView; error: string | undefined; busy: boolean }) {
  const id = "copy-schedule-at";
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="copy-schedule" aria-describedby={view.scheduled ? "copy-schedule-state" : undefined}>
      <legend className="px-1 font-semibold text-slate-900">{L.legend}</legend>
      {view.scheduled ? (
        <p id="copy-schedule-state" className="text-sm font-medium text-amber-900" data-testid="copy-schedule-state">
          {L.pending(view.scheduled.shown, view.scheduled.by ?? "a former staff member")}
        </p>
      ) : null}
      <FieldFrame id={id} label={L.field} hint={L.zone(view.zone)} error={error}>
        <input
          id={id}
          type="datetime-local"
          name="scheduleAt"
          defaultValue={view.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, { hint: true, error })}
          className={`${controlClass(error)} max-w-xs`}
        />
      </FieldFrame>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="schedule" disabled={busy}>
          {view.scheduled ? L.reschedule : L.schedule}
        </Button>
        {view.scheduled ? (
          <Button type="submit" name="intent" value="unschedule" formNoValidate disabled={busy}>
            {L.cancel}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
