import { STUDIO_NAV, type StaffAccess } from "@shared/content/studio";
import { mayOpenPath } from "@shared/studio-policy";

export type StudioNavItem = (typeof STUDIO_NAV)[number];

/** The sections this access level may open: the studio's policy table decides, as it does for the pages and the API. */
export function navFor(access: StaffAccess): StudioNavItem[] {
  return STUDIO_NAV.filter((item) => mayOpenPath(access, item.to));
}

/** Whether a menu entry is the section of this path (Overview only for /studio itself). */
export function isCurrentSection(item: StudioNavItem, pathname: string): boolean {
  if (item.to === "/studio") return pathname === "/studio" || pathname === "/studio/";
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
