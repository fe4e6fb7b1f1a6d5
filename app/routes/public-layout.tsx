import { Outlet } from "react-router";
import { PublicFrame } from "~/components/shell/public-frame";

/** Every public page, in the site's frame (the studio has a layout and frame of its own). */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
