import type { AppLoadContext } from "react-router";
import { INDUSTRY_KIT } from "@shared/content/onboarding";
import { HOME_DOC } from "@shared/copy/home";
import { ONBOARDING_DOC } from "@shared/copy/onboarding";
import { GENERAL_KIT_KEY, kitKeyOf } from "@shared/schemas/onboarding";
import type { PublicUser } from "../../server/services/auth/accounts";
import { upcomingBookingFor } from "../../server/services/booking/bookings";
import { readCopy } from "../../server/services/content/copy";
import { siteSettings } from "../../server/services/content/settings";
import { getBrief } from "../../server/services/onboarding/briefs";
import { listKitFiles } from "../../server/services/onboarding/files";
import { CUSTOMER_ORDER_HOOKS } from "../../server/services/onboarding/notify";
import { currentPromisedHours, getCustomerOrder, listOrderMessages, startWaitingOrder } from "../../server/services/onboarding/orders";

/** What the customer's page (/templates) reads on the server: the kits, the brief or the order, files, the demo. */

const firstWord = (name: string | null | undefined) => (name ?? "").trim().split(/\s+/)[0] || null;

/** The home page's kits (the owner's list, in the page's language), keyed by their English label, the account's own first. */
export async function kitsOf(context: AppLoadContext, locale: "en" | "hi", industry: string) {
  const { deps } = context;
  const [shown, english] = await Promise.all([readCopy(deps, HOME_DOC, locale), locale === "en" ? null : readCopy(deps, HOME_DOC, "en")]);
  const keys = (english ?? shown).availableFor.items.map(kitKeyOf);
  const ownKey = INDUSTRY_KIT[industry] ?? null;
  const kits = shown.availableFor.items
    .map((label, i) => ({ key: keys[i] ?? kitKeyOf(label), label, own: false }))
    .filter((k, i, all) => k.key !== GENERAL_KIT_KEY && all.findIndex((x) => x.key === k.key) === i);
  for (const kit of kits) kit.own = kit.key === ownKey;
  return { kits, ownKey: kits.some((k) => k.own) ? ownKey : null };
}

export async function templatesPage(context: AppLoadContext, user: PublicUser, locale: "en" | "hi") {
  const { deps } = context;
  const actor = { userId: user._id, label: user.email, clientIp: context.clientIp };
  // A brief that waited for the address: its order is made once the address is verified (by the link, or here).
  await startWaitingOrder(deps, user._id, actor, { hooks: CUSTOMER_ORDER_HOOKS });
  const [{ kits, ownKey }, brief, order, files, promisedHours, settings, copy] = await Promise.all([
    kitsOf(context, locale, user.industry),
    getBrief(deps, user._id),
    getCustomerOrder(deps, user._id),
    listKitFiles(deps, user._id),
    currentPromisedHours(deps),
    siteSettings(deps),
    readCopy(deps, ONBOARDING_DOC, locale),
  ]);
  // The demo this customer booked on the site (issue 42), by their e-mail address.
  const demo = await upcomingBookingFor(deps, user.email);
  const messages = order ? await listOrderMessages(deps, order.id) : [];
  const staffIds = [...new Set([order?.assigneeId, ...messages.filter((m) => m.authorKind === "staff").map((m) => m.authorId)].filter((v): v is string => !!v))];
  const names = staffIds.length ? await deps.db.kysely.selectFrom("users").select(["id", "name"]).where("id", "in", staffIds).execute() : [];
  const nameOf = (id: string | null) => firstWord(names.find((n) => n.id === id)?.name);
  return {
    user,
    demo: demo ? { startsAt: demo.startsAt, status: demo.status, payment: demo.payment } : null,
    kits,
    kitKey: brief?.kitKey ?? ownKey,
    brief: brief ? { fields: brief.fields, revision: brief.revision, submittedAt: brief.submittedAt } : null,
    order: order
      ? {
          id: order.id,
          number: order.number,
          kitLabel: order.kitLabel,
          step: order.step,
          dueAt: order.dueAt,
          liveAt: order.liveAt,
          promisedHours: order.promisedHours,
          assigneeFirstName: nameOf(order.assigneeId),
          brief: order.brief,
        }
      : null,
    messages: messages.map((m) => ({ id: m.id, authorKind: m.authorKind, kind: m.kind, body: m.body, createdAt: m.createdAt, staffFirstName: m.authorKind === "staff" ? nameOf(m.authorId) : null })),
    files: files.map((f) => ({ id: f.id, originalName: f.originalName, purpose: f.purpose, contentType: f.contentType, size: f.size })),
    promisedHours,
    siteZone: settings.timeZone,
    now: Date.now(),
    /** The page's words the owner edits (shared/copy/onboarding.ts). */
    copy: copy.page,
  };
}
