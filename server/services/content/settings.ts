import { BOOK_DEMO_PATH, type Config, type PublicSite } from "../../config";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { STUDIO_MESSAGES } from "../../../shared/content/studio";
import { GUARDED_SETTINGS, SETTINGS_CHANGED_EMAIL } from "../../../shared/content/studio-settings";
import { fromHeader, SETTING_KEYS, SETTING_RULES, type SettingKey, type SiteSettings, senderAddressOf } from "../../../shared/schemas/site-settings";
import { checkSettings, SETTING_LABELS } from "../../../shared/schemas/studio-settings-form";
import { forbidden, invalid } from "../errors";
import { formatWeeklyHours, type WeeklyHours } from "../../../shared/schemas/booking";
import type { StaffActor } from "../audit";
import { assertFreshSecondFactor } from "../step-up";
import { studioLink } from "../studio-link";
import { securityEvent } from "../security-events";
import { queueRenderedMailIn, type RenderedMail, renderSiteMail } from "../mail-queue";
import { formatInZone } from "../../../shared/zoned-time";
import { type ContentChange, NO_LOCALE, readEntries, saveContent } from "./store";
import { contentMemory, contentVersion } from "./version";

/** Settings are stored as `settings.<key>` with no locale. */
const PREFIX = "settings.";

/** What the site uses: the owner's saved values over the environment's (the defaults). */
export type EffectiveSettings = SiteSettings & {
  /** The identity as pages see it (useSite()), with the owner's values. */
  site: PublicSite;
  /** The owner's saved values only (what the Settings form shows), as text. */
  saved: Partial<Record<SettingKey, string>>;
  /** The content version these were read at. */
  version: string;
};

type Memo = { config: Config; settings: EffectiveSettings };
const memo = (db: Db) => contentMemory(db, "settings", () => ({ last: undefined as Memo | undefined }));

/**
 * The effective settings: read once per content version and process (the version is read at most once a second,
 * contentVersion), so every page, e-mail and JSON-LD reads them without a query of its own. The entries are read
 * after the version was, so a page cached under a version never shows content older than it. A stored value the
 * rules refuse today (a rule made stricter since) is ignored: the default shows.
 */
export async function siteSettings(deps: Pick<Deps, "db" | "config">): Promise<EffectiveSettings> {
  const held = memo(deps.db);
  try {
    return await readSettings(deps, held);
  } catch (error) {
    // The database cannot answer (an outage): the settings last read still hold (pages that need nothing else stay
    // up); a process that never read them answers as the database does.
    if (held.last && held.last.config === deps.config) return held.last.settings;
    throw error;
  }
}

async function readSettings(deps: Pick<Deps, "db" | "config">, held: { last: Memo | undefined }): Promise<EffectiveSettings> {
  const version = await contentVersion(deps.db);
  if (held.last && held.last.config === deps.config && held.last.settings.version === version) return held.last.settings;
  const entries = await readEntries(deps, PREFIX, NO_LOCALE);
  const values: SiteSettings = { ...deps.config.settings };
  const saved: Partial<Record<SettingKey, string>> = {};
  for (const entry of entries) {
    const key = entry.key.slice(PREFIX.length) as SettingKey;
    if (!(SETTING_KEYS as string[]).includes(key) || typeof entry.value !== "string") continue;
    const parsed = SETTING_RULES[key].safeParse(entry.value);
    if (!parsed.success) continue;
    (values as Record<SettingKey, unknown>)[key] = parsed.data;
    saved[key] = entry.value;
  }
  const settings: EffectiveSettings = { ...values, site: publicSiteOf(deps.config, values), saved, version };
  // Kept only if no newer version was remembered meanwhile.
  const current = held.last;
  if (!current || current.config !== deps.config || Number(current.settings.version) <= Number(version)) held.last = { config: deps.config, settings };
  return settings;
}

function publicSiteOf(config: Config, s: SiteSettings): PublicSite {
  return {
    publicUrl: config.site.publicUrl,
    email: s.email,
    phone: s.phone,
    whatsappNumber: s.whatsappNumber,
    address: s.address,
    bookingUrl: s.demoBooking === "site" ? BOOK_DEMO_PATH : s.bookingUrl,
    bookingOnSite: s.demoBooking === "site",
    social: { facebook: s.facebook, instagram: s.instagram, linkedin: s.linkedin, youtube: s.youtube },
    demoVideoUrl: s.demoVideoUrl,
    mapsUrl: s.mapsUrl,
    auth: config.site.auth,
    timeZone: s.timeZone,
  };
}

/** How a default reads in the form (the lead list joined, as typed). */
export function settingText(value: SiteSettings[SettingKey], key?: SettingKey): string {
  if (key === "bookingHours") return formatWeeklyHours(value as WeeklyHours);
  if (key === "demoPrice") return String(Number(value) / 100);
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/**
 * Saves the owner's settings (owners only): every value checked as the environment's are; the first bad one
 * refuses the whole save (`invalid`, naming its field) and nothing changes. Returns the keys that changed.
 *
 * A change of GUARDED_SETTINGS (where leads, replies and bookings go: issue 39, item 3) is the weight of an owner's
 * invitation: it wants a second factor passed in the last 15 minutes (refused before anything is written, as
 * invitations are), is logged as the security event `settings.guarded.changed`, and every owner, and the lead
 * recipients until now when those change, is told by e-mail, queued in the outbox in the save's own transaction.
 */
export async function saveSettings(deps: Deps, input: Partial<Record<string, unknown>>, actor: StaffActor, now = Date.now()): Promise<SettingKey[]> {
  if (actor.access !== "owner") throw forbidden(STUDIO_MESSAGES.ownersOnly);
  const { values, errors } = checkSettings(input);
  const bad = SETTING_KEYS.find((k) => errors[k]);
  if (bad) throw invalid(errors[bad]!, bad);
  const current = await siteSettings(deps);
  const changes: ContentChange[] = [];
  const described: string[] = [];
  const guarded: { key: SettingKey; before: string | null; next: string | null }[] = [];
  for (const key of SETTING_KEYS) {
    if (!(key in values)) continue;
    const next = values[key] ?? null;
    const before = current.saved[key] ?? null;
    if (next === before) continue;
    changes.push({ key: `${PREFIX}${key}`, locale: NO_LOCALE, value: next });
    described.push(next === null ? `${key} cleared (default)` : `${key}: ${before === null ? "default" : JSON.stringify(before)} → ${JSON.stringify(next)}`);
    if ((GUARDED_SETTINGS as readonly string[]).includes(key)) guarded.push({ key, before, next });
  }
  if (guarded.length > 0) assertFreshSecondFactor(deps, actor, now);
  const notices = guarded.length > 0 ? await guardedChangeNotices(deps, current, guarded, actor, now) : [];
  await saveContent(deps, changes, actor, { action: "settings.save", recordId: "settings", detail: described.join("; ") }, now, async (trx) => {
    await queueRenderedMailIn(trx, notices, now);
  });
  // Names of the settings only: their values hold e-mail addresses, which no log line carries.
  if (guarded.length > 0) securityEvent(deps, "settings.guarded.changed", { userId: actor.userId, keys: guarded.map((g) => g.key).join(","), notified: notices.length });
  return changes.map((c) => c.key.slice(PREFIX.length) as SettingKey);
}

/**
 * The e-mails telling of a change of guarded settings: to every owner who may sign in, and to the lead recipients
 * as they were before when those are what changed (an attacker who redirects the leads cannot keep it from the
 * people who received them), each address once. Replies go to the sender's own address, never to a Reply-To the
 * change may have just set.
 */
async function guardedChangeNotices(
  deps: Deps,
  current: EffectiveSettings,
  guarded: readonly { key: SettingKey; before: string | null; next: string | null }[],
  actor: StaffActor,
  now: number,
): Promise<RenderedMail[]> {
  const owners = await deps.db.kysely.selectFrom("users").select("email").where("access", "=", "owner").where("disabled_at", "is", null).orderBy("id").execute();
  const to = new Map<string, string>();
  for (const { email } of owners) to.set(email.trim().toLowerCase(), email.trim());
  if (guarded.some((g) => g.key === "leadNotifyEmails")) for (const address of current.leadNotifyEmails) if (!to.has(address.toLowerCase())) to.set(address.toLowerCase(), address);
  const value = (key: SettingKey, text: string | null) => SETTINGS_CHANGED_EMAIL.value(text, settingText(deps.config.settings[key], key));
  const lines = guarded.map((g) => `${SETTING_LABELS[g.key]}: ${value(g.key, g.before)} → ${value(g.key, g.next)}`);
  const content = { blocks: SETTINGS_CHANGED_EMAIL.blocks(actor.label, formatInZone(now, current.timeZone), lines, studioLink(deps.config, "/studio/settings")) };
  const replyTo = senderAddressOf(deps.config.MAIL_FROM);
  return [...to.entries()].map(([normalized, address]) =>
    renderSiteMail(current.site, {
      to: address,
      subject: SETTINGS_CHANGED_EMAIL.subject,
      content,
      kind: "settings-changed",
      idempotencyKey: `settings-changed:${actor.userId}:${now}:${normalized}`,
      replyTo,
    }),
  );
}

/** The From header of the site's e-mail: MAIL_FROM, under the owner's sender name when they saved one. */
export function senderFrom(config: Config, settings: EffectiveSettings): string {
  if (settings.saved.senderName === undefined) return config.MAIL_FROM;
  return fromHeader(settings.senderName, senderAddressOf(config.MAIL_FROM));
}
