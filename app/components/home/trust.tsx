import { TRUST_SLOTS, type Testimonial, type TrustImage } from "@shared/content";
import { InitialsAvatar } from "./visuals";

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

function Linked({ image, children }: { image: TrustImage; children: React.ReactNode }) {
  if (!image.href) return <>{children}</>;
  return (
    <a href={image.href} target="_blank" rel="noopener noreferrer" className="inline-flex rounded-md">
      {children}
    </a>
  );
}

/** Customers' logos in a row, under the testimonials. */
export function LogoStrip({ logos = TRUST_SLOTS.logos, heading = TRUST_SLOTS.logosHeading }: { logos?: readonly TrustImage[]; heading?: string }) {
  if (logos.length === 0) return null;
  return (
    <div className="mt-8 text-center" data-slot="logos">
      <p className="text-sm font-semibold uppercase tracking-widest text-slate-600">{heading}</p>
      <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
        {logos.map((logo) => (
          <li key={logo.src}>
            <Linked image={logo}>
              <img src={logo.src} alt={logo.alt} height={40} width={120} loading="lazy" decoding="async" className="h-10 w-[120px] object-contain" />
            </Linked>
          </li>
        ))}
      </ul>
    </div>
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
