import { preload } from "react-dom";
import { Outlet } from "react-router";
import { PublicFrame } from "~/components/shell/public-frame";
import hindiFont from "~/fonts/noto-sans-devanagari-hindi-400.woff2?url";
import { useLocale } from "~/lib/locale";

/** Every public page, in the site's frame (the studio has a layout and frame of its own). */
export default function PublicLayout() {
  // A Hindi page asks for its Devanagari face from the <head> on (app/app.css declares it): it is there before the
  // first paint, so text drawn first in a fallback (or nothing, where the system has no Devanagari) never moves.
  if (useLocale() === "hi") preload(hindiFont, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
