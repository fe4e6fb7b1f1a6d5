import { useEffect, useMemo, useState } from "react";
import { fillCopy, groupSlots, usableZone } from "@shared/booking-view";
import type { BookDemoCopy } from "@shared/copy/book-demo";
import { useLocale } from "~/lib/locale";

/**
 * The day and time picker (issue 42): radio buttons grouped by day, in plain HTML (it works before and without
 * JavaScript, in the zone the server rendered: the site's). Once hydrated, times are shown in the visitor's own zone
 * (named), which the hidden timeZone field sends with the booking (for the e-mails).
 */
export function SlotPicker({
  slots,
  siteZone,
  copy,
  selected,
  error,
}: {
  slots: readonly number[];
  siteZone: string;
  copy: BookDemoCopy["picker"];
  selected?: string;
  error?: string;
}) {
  const locale = useLocale();
  const [zone, setZone] = useState(siteZone);
  useEffect(() => {
    setZone(usableZone(Intl.DateTimeFormat().resolvedOptions().timeZone, siteZone));
  }, [siteZone]);
  const days = useMemo(() => groupSlots(slots, zone, locale), [slots, zone, locale]);
  const chosenDay = days.find((d) => d.times.some((t) => t.value === selected))?.key;
  return (
    <fieldset className="mt-6" aria-describedby={`slot-zone${error ? " slot-error" : ""}`}>
      <legend className="text-xl font-bold text-slate-900">{copy.timeLegend}</legend>
      <input type="hidden" name="timeZone" value={zone} />
      <p id="slot-zone" className="mt-1 text-sm text-slate-700" data-testid="slot-zone">
        {fillCopy(copy.zoneNote, { zone })}
      </p>
      {error ? (
        <p id="slot-error" role="alert" className="mt-2 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {days.length === 0 ? <p className="mt-4 text-slate-700">{copy.noSlots}</p> : null}
      <div className="mt-4 space-y-3">
        {days.map((day, i) => (
          <details key={day.key} open={chosenDay ? chosenDay === day.key : i === 0} className="rounded-lg border border-slate-300 bg-white">
            <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-slate-900">{day.label}</summary>
            <div className="flex flex-wrap gap-2 px-4 pb-4" role="group" aria-label={day.label}>
              {day.times.map((time) => (
                <label key={time.value} className="relative">
                  <input type="radio" name="slot" value={time.value} defaultChecked={time.value === selected} className="peer sr-only" />
                  <span className="inline-flex min-h-11 min-w-20 cursor-pointer items-center justify-center rounded-md border border-emerald-800 px-3 font-semibold text-emerald-900 peer-checked:bg-emerald-800 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-900">
                    {time.label}
                  </span>
                </label>
              ))}
            </div>
          </details>
        ))}
      </div>
    </fieldset>
  );
}
