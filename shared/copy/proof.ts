import { PROOF_HINTS } from "../content/proof";
import type { AboutCopy } from "./about";
import type { HomeCopy } from "./home";

/**
 * What proof the visitors cannot see yet (issue 45): no customer named, testimonials without a photo, a business name
 * or a measured result, results without a source line, no team on About. Read from the published English copy (the
 * proof is the same people and figures in both languages); each line links to the field that gives it.
 */
export type MissingProof = { key: "customers" | "testimonials" | "sources" | "team"; text: string; href: string };

export function missingProof(home: Pick<HomeCopy, "testimonials" | "metrics">, about: Pick<AboutCopy, "team">): MissingProof[] {
  const out: MissingProof[] = [];
  const field = (doc: string, path: string) => `/studio/pages/${doc}#copy-${path}`;
  const named = home.testimonials.logos.some((c) => c.name.trim() !== "" || (c.src !== "" && c.alt.trim() !== ""));
  if (!named) out.push({ key: "customers", text: PROOF_HINTS.customers, href: field("home", "testimonials.logos") });
  const items = home.testimonials.items;
  const weak = items.findIndex((t) => !t.photo || !t.businessName.trim() || !t.result.trim());
  const weakCount = items.filter((t) => !t.photo || !t.businessName.trim() || !t.result.trim()).length;
  if (weakCount > 0) out.push({ key: "testimonials", text: PROOF_HINTS.testimonials(weakCount, items.length), href: field("home", `testimonials.items.${weak}`) });
  const results = home.metrics.items;
  const unsourced = results.findIndex((m) => !m.source.trim());
  const unsourcedCount = results.filter((m) => !m.source.trim()).length;
  if (unsourcedCount > 0) out.push({ key: "sources", text: PROOF_HINTS.sources(unsourcedCount, results.length), href: field("home", `metrics.items.${unsourced}.source`) });
  if (!about.team.people.some((p) => p.name.trim() !== "")) out.push({ key: "team", text: PROOF_HINTS.team, href: field("about", "team.people") });
  return out;
}
