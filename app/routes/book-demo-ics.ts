import { bookingIcsLoader } from "~/lib/book-demo.server";
import type { Route } from "./+types/book-demo-ics";

/** The demo's calendar invitation (.ics), by the booking's unguessable id. */
export function loader({ request, context }: Route.LoaderArgs) {
  return bookingIcsLoader(request, context);
}
