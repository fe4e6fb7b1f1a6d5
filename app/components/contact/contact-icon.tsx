import type { ContactTarget } from "@shared/content";

const PATHS: Record<ContactTarget["kind"], string> = {
  email: "M4 6h16v12H4z M4 7l8 6 8-6",
  phone:
    "M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z",
  whatsapp:
    "M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3z M8.5 8.5c.3 2.6 2.4 5 5 5.8l1.2-1.1 2 1-.4 1.4c-4 .3-8-3.6-7.9-7.6l1.4-.5 1 2z",
  maps: "M12 21s-7-6.1-7-11.2A7 7 0 0119 9.8C19 14.9 12 21 12 21z M12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z",
  page: "M5 4h10l4 4v12H5z M9 12h6 M9 16h6",
};

/** A decorative icon for a contact kind (the link's text says what it is). */
export function ContactIcon({ kind, className = "h-6 w-6" }: { kind: ContactTarget["kind"]; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[kind]} />
    </svg>
  );
}
