import { type ContactTarget, formatWhatsappNumber, whatsappLink } from "@shared/content";
import type { PublicSite } from "~/lib/site-context";

export type ResolvedContact = { href: string; value: string; external: boolean };

/** Where a card or a channel leads, with the configured address it shows. */
export function resolveContact(target: ContactTarget, site: PublicSite): ResolvedContact {
  switch (target.kind) {
    case "email":
      return { href: `mailto:${site.email}`, value: site.email, external: false };
    case "phone":
      // tel: wants the digits and the leading +, nothing else.
      return { href: `tel:${site.phone.replace(/[^\d+]/g, "")}`, value: site.phone, external: false };
    case "whatsapp":
      return { href: whatsappLink(site.whatsappNumber, target.text), value: formatWhatsappNumber(site.whatsappNumber), external: true };
    case "maps":
      return { href: site.mapsUrl, value: site.address, external: true };
    case "page":
      return { href: target.to, value: target.label, external: false };
  }
}
