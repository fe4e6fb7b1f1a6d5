import { bookingReturnLoader } from "~/lib/book-demo.server";
import type { Route } from "./+types/book-demo-return";

/** Razorpay's return after the payment link (issue 42): verified, then on to the booking's page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return bookingReturnLoader(request, context);
}

export default function BookDemoReturn() {
  return null;
}
