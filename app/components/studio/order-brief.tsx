import { ORDER_BRIEF_LABELS as L, ORDERS_PAGES } from "@shared/content/studio-orders";
import type { BriefFields } from "@shared/schemas/onboarding";

/**
 * A submitted brief, read-only: each answer under its label, in the form's order, as text (nothing is rendered as
 * HTML); the services as a list with their price ranges. Unanswered questions are left out.
 */
export function OrderBrief({ brief }: { brief: BriefFields }) {
  const rows: [string, React.ReactNode][] = [];
  const add = (label: string, value: React.ReactNode, present: boolean) => {
    if (present) rows.push([label, value]);
  };
  add(L.businessName, brief.businessName, Boolean(brief.businessName));
  add(L.city, brief.city, Boolean(brief.city));
  add(
    L.services,
    <ul className="list-disc pl-5">
      {brief.services.map((s, i) => (
        <li key={i}>
          {s.name}: {s.price || L.noPrice}
        </li>
      ))}
    </ul>,
    brief.services.length > 0,
  );
  add(L.usps, brief.usps, Boolean(brief.usps));
  add(L.painPoints, brief.painPoints, Boolean(brief.painPoints));
  add(L.pitch, brief.pitch, Boolean(brief.pitch));
  add(L.tone, L.tones[brief.tone] ?? brief.tone, Boolean(brief.tone));
  add(L.toneExample, brief.toneExample, Boolean(brief.toneExample));
  add(L.whatsapp, brief.whatsapp, Boolean(brief.whatsapp));
  add(L.hours, brief.hours, Boolean(brief.hours));
  add(L.languages, brief.languages.map((l) => L.languageNames[l] ?? l).join(", "), brief.languages.length > 0);
  add(L.languagesOther, brief.languagesOther, Boolean(brief.languagesOther));
  if (rows.length === 0) return <p className="text-sm text-slate-600">{ORDERS_PAGES.order.noBrief}</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[12rem_1fr]" data-testid="order-brief">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-slate-700">{label}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
