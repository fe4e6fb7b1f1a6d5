import { TRUST_SLOTS, type Testimonial, type TrustImage } from "@shared/content";
import { InitialsAvatar, avatarOf } from "./visuals";

/**
 * The places for proof the owner fills (shared/content TRUST_SLOTS, a testimonial's photo): each renders
 * nothing while empty, so a fresh install shows no invented customer, logo or photo. Images are sized up
 * front (no layout shift) and load lazily.
 */

/** A testimonial's face: the owner's photo when there is one, else the initials. */
export function Portrait({ person }: { person: Pick<Testimonial, "name" | "photo"> }) {
  if (!person.photo) return <InitialsAvatar name={person.name} />;
  return <img src={person.photo} alt="" width={44} height={44} loading="lazy" decoding="async" className="h-11 w-11 rounded-full object-cover" />;
}

function Linked({ image, children }: { image: Pick<TrustImage, "href">; children: React.ReactNode }) {
  if (!image.href) return <>{children}</>;
  return (
    <a href={image.href} target="_blank" rel="noopener noreferrer" className="group inline-flex min-h-11 items-center rounded-md">
      {children}
    </a>
  );
}

/** A customer as the owner gives it: a logo, or a name with its city (both may be given; the logo then shows). */
export type Customer = { name: string; city: string; src: string; alt: string; href: string };

/** The customers that can be shown: those with a logo or a name. A logo without a name or description is not shown. */
export function shownCustomers(customers: readonly Partial<Customer>[]): Customer[] {
  return customers.flatMap((c) => {
    const customer = { name: c.name?.trim() ?? "", city: c.city?.trim() ?? "", src: c.src ?? "", alt: c.alt?.trim() ?? "", href: c.href ?? "" };
    if (customer.src && (customer.alt || customer.name)) return [customer];
    return customer.name ? [{ ...customer, src: "" }] : [];
  });
}

/**
 * The customer strip (issue 45): a quiet row in the manner of Stripe's, under a small heading. Logos in grey at one
 * height (a 144 x 48 box each, sized up front, lazy), names set in one weight with their city beneath. Wraps and
 * centres from 1 to 12 customers at any width; nothing at all while the owner has named none.
 */
export function CustomerStrip({ customers, heading = TRUST_SLOTS.logosHeading }: { customers: readonly Customer[]; heading?: string }) {
  if (customers.length === 0) return null;
  return (
    <div className="mx-auto mt-6 max-w-5xl sm:mt-8" data-slot="customers">
      <p className="text-center text-xs font-semibold uppercase tracking-[0.18em] text-slate-600">{heading}</p>
      <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-8 gap-y-4 border-y border-slate-200 py-5 sm:gap-x-12 sm:py-6">
        {customers.map((c, i) => (
          <li key={i} className="flex w-36 justify-center" data-testid="customer">
            <Linked image={c}>
              {c.src ? (
                <img
                  src={c.src}
                  alt={c.alt || c.name}
                  width={144}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-36 object-contain opacity-70 grayscale transition group-hover:opacity-100 group-hover:grayscale-0"
                />
              ) : (
                <span className="flex min-h-12 flex-col items-center justify-center text-center leading-tight">
                  <span className="text-base font-bold tracking-tight text-slate-700">{c.name}</span>
                  {c.city ? <span className="mt-0.5 text-xs font-medium text-slate-600">{c.city}</span> : null}
                </span>
              )}
            </Linked>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Customers' logos in a row (the strip with logos only). */
export function LogoStrip({ logos = TRUST_SLOTS.logos, heading = TRUST_SLOTS.logosHeading }: { logos?: readonly TrustImage[]; heading?: string }) {
  return <CustomerStrip heading={heading} customers={shownCustomers(logos.map((l) => ({ ...l, name: "", city: "", href: l.href ?? "" })))} />;
}

/** A person of the team on /about: the owner's photo (square, sized, lazy) or the initials, the name and the role. */
export function TeamMember({ person }: { person: { photo: string; name: string; role: string } }) {
  return (
    <figure className="text-center sm:text-left" data-testid="team-member">
      {person.photo ? (
        <img src={person.photo} alt="" width={320} height={320} loading="lazy" decoding="async" className="aspect-square w-full rounded-2xl bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex aspect-square w-full items-center justify-center rounded-2xl bg-emerald-50 text-4xl font-bold text-emerald-800 ring-1 ring-emerald-100">
          {avatarOf(person.name).initials}
        </span>
      )}
      <figcaption className="mt-3">
        <span className="block font-semibold text-slate-900">{person.name}</span>
        {person.role ? <span className="block text-sm text-slate-700">{person.role}</span> : null}
      </figcaption>
    </figure>
  );
}

/** A partner's badge (e.g. an official WhatsApp Business partner), when the owner has one. */
export function PartnerBadge({ badge = TRUST_SLOTS.partnerBadge }: { badge?: TrustImage | null }) {
  if (!badge) return null;
  return (
    <p className="mt-6 flex justify-center" data-slot="partner-badge">
      <Linked image={badge}>
        <img src={badge.src} alt={badge.alt} height={48} width={160} loading="lazy" decoding="async" className="h-12 w-40 object-contain" />
      </Linked>
    </p>
  );
}

/** The photo on /about (the team, the office), when the owner adds one. */
export function AboutPhoto({ photo = TRUST_SLOTS.aboutPhoto }: { photo?: TrustImage | null }) {
  if (!photo) return null;
  return (
    <figure className="mt-10" data-slot="about-photo">
      <img src={photo.src} alt={photo.alt} width={896} height={504} loading="lazy" decoding="async" className="aspect-video w-full rounded-2xl object-cover" />
    </figure>
  );
}
