import type { StaffAccess } from "./content/studio";

/**
 * Who may do what in the studio, written once: each area with the staff who may open it. The page loaders
 * (requireStudio), the studio API (its policy guard), the menu (navFor) and the services that hand out an owner's
 * data (mayOpen on the actor they are given) all read this table.
 */
export const STUDIO_POLICY = {
  overview: ["owner", "editor"],
  "second-factor": ["owner", "editor"],
  enrol: ["owner", "editor"],
  posts: ["owner", "editor"],
  categories: ["owner", "editor"],
  media: ["owner", "editor"],
  analytics: ["owner", "editor"],
  questions: ["owner", "editor"],
  newsletters: ["owner"],
  subscribers: ["owner"],
  leads: ["owner"],
  // Kit orders (issue 41): editors work them; only owners delete one (checked by the service on the actor).
  orders: ["owner", "editor"],
  /** Demo bookings (issue 42): who runs the demos sees who booked, and marks who came. */
  bookings: ["owner", "editor"],
  accounts: ["owner"],
  staff: ["owner"],
  audit: ["owner"],
  export: ["owner"],
  settings: ["owner"],
  pages: ["owner", "editor"],
  faq: ["owner", "editor"],
  password: ["owner", "editor"],
  profile: ["owner", "editor"],
} as const satisfies Record<string, readonly StaffAccess[]>;

export type StudioArea = keyof typeof STUDIO_POLICY;

function isArea(value: string): value is StudioArea {
  return Object.hasOwn(STUDIO_POLICY, value);
}

/** Whether staff with this access may open the area. */
export function mayOpen(access: StaffAccess, area: StudioArea): boolean {
  return (STUDIO_POLICY[area] as readonly StaffAccess[]).includes(access);
}

/**
 * The area of a studio page or API path, as the routes match it (`.data` and letter case aside):
 * `/studio` → overview, `/studio/leads/7` → leads, `/api/studio/audience/leads.csv` → leads,
 * `/api/studio/analytics.csv` → analytics. Null for a path the table does not name: no one but an owner may open it.
 */
export function studioAreaOf(pathname: string): StudioArea | null {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A broken escape matches no route: read as sent.
  }
  const segments = decoded.toLowerCase().replace(/\.data$/, "").split("/").filter(Boolean);
  const [first, second, third, fourth] = segments;
  let name: string | undefined;
  if (first === "studio") name = second ?? "overview";
  else if (first === "api" && second === "studio") name = third === "audience" ? fourth : third;
  if (name === undefined) return null;
  const area = name.replace(/\.csv$/, "");
  return isArea(area) ? area : null;
}

/** Whether staff with this access may open the studio page or API path (a path the table does not name: owners only). */
export function mayOpenPath(access: StaffAccess, pathname: string): boolean {
  const area = studioAreaOf(pathname);
  return area ? mayOpen(access, area) : access === "owner";
}
