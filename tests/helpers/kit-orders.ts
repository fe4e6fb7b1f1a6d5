import type { Deps } from "../../server/context";
import { registerUser } from "../../server/services/auth/accounts";
import { submitBrief } from "../../server/services/onboarding/orders";
import { markAddressVerified } from "./verified";

/** A brief as a real-estate agent fills it (the required fields and a few more). */
export const AGENT_BRIEF = {
  businessName: "Deshmukh Realty",
  city: "Pune",
  services: [{ name: "2 BHK flats in Baner", price: "85 lakh to 1.2 crore" }],
  usps: "RERA registered, 12 years in Baner",
  painPoints: "Enquiries at night go unanswered",
  pitch: "Homes near your office, visits on Sunday",
  tone: "friendly",
  toneExample: "Namaste! Happy to show you the flat this Sunday.",
  whatsapp: "+91 98765 43210",
  hours: "Mon to Sat 10:00 to 19:00",
  languages: ["en", "hi"],
  languagesOther: "Marathi",
};

let seq = 0;

export type SubmittedOrder = { id: number; number: string; userId: string; email: string; token: string; submittedAt: number; dueAt: number };

/**
 * A customer who signed up (the accounts service), verified the address and submitted a brief (the onboarding
 * domain's submitBrief), so the kit order exists as a customer would have made it. `submittedAt` starts the clock
 * in the past (an order 80 hours old is overdue).
 */
export async function submittedOrder(deps: Deps, email: string, { locale = "en", submittedAt }: { locale?: "en" | "hi"; submittedAt?: number } = {}): Promise<SubmittedOrder> {
  seq += 1;
  const ip = `198.18.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
  const { user, session } = await registerUser(
    deps,
    { name: "Rohan Deshmukh", email, password: "a long customer passphrase 12", company: "Deshmukh Realty", industry: "Real Estate", role: "CEO/Founder" } as Parameters<typeof registerUser>[1],
    { ip, locale },
  );
  await markAddressVerified(deps.db, email);
  const result = await submitBrief(
    deps,
    { id: user._id, emailVerified: true },
    { kitKey: "real-estate", kitLabel: "Real Estate", fields: AGENT_BRIEF, revision: 0, locale },
    { userId: user._id, label: email, clientIp: ip },
    submittedAt === undefined ? {} : { now: submittedAt },
  );
  if (result.status !== "ordered") throw new Error("the brief did not become an order");
  return { id: result.order.id, number: result.order.number, userId: user._id, email, token: session.token, submittedAt: result.order.submittedAt, dueAt: result.order.dueAt };
}
