import { AUDIENCE_PAGES } from "@shared/content/audience";
import { StatusBadge } from "./ui";

const P = AUDIENCE_PAGES.leads;
const TONE = { pending: "waiting", sending: "info", delivered: "good", failed: "bad", spam: "neutral" } as const;

/** A lead's delivery state; without a CRM a pending lead is simply stored, not waiting for anything. */
export function LeadStatusBadge({ status, crm }: { status: keyof typeof TONE; crm: boolean }) {
  if (!crm && status === "pending") return <StatusBadge tone="neutral">{P.storedOnly}</StatusBadge>;
  return <StatusBadge tone={TONE[status]}>{P.statuses[status]}</StatusBadge>;
}
