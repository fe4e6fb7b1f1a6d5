import type { ContactCard, ContactTarget, SupportChannel } from "../content/contact";
import type { ContactCopy } from "./contact";

/**
 * The Contact page's cards and channels as its components draw them, from the owner's copy. Kept apart from the
 * document so the page's script does not carry its defaults.
 */

/** How a card or channel is reached, from its "How it is reached" choice (the addresses come from Settings). */
export function contactTarget(item: { reach: string; message: string; linkLabel?: string; title: string }, fallbackMessage: string): ContactTarget {
  if (item.reach.startsWith("page:")) return { kind: "page", to: item.reach.slice("page:".length), label: item.linkLabel || item.title };
  if (item.reach === "whatsapp") return { kind: "whatsapp", text: item.message || fallbackMessage };
  if (item.reach === "phone" || item.reach === "maps") return { kind: item.reach };
  return { kind: "email" };
}

/** The cards as the page draws them; `id` is the default card's at that place (pages and tests address them by it). */
export function contactCardsOf(copy: ContactCopy, ids: readonly string[]): ContactCard[] {
  return copy.cards.items.map((c, i) => ({
    id: ids[i] ?? `card-${i + 1}`,
    title: c.title,
    description: c.description,
    action: c.action,
    target: contactTarget(c, copy.whatsapp.defaultText),
    ...(c.detail ? { detail: c.detail } : {}),
  }));
}

export function supportChannelsOf(copy: ContactCopy, ids: readonly string[]): SupportChannel[] {
  return copy.support.channels.map((c, i) => ({
    id: ids[i] ?? `channel-${i + 1}`,
    title: c.title,
    description: c.description,
    contact: contactTarget(c, copy.whatsapp.defaultText),
    availability: c.availability,
    responseTime: c.responseTime,
  }));
}
