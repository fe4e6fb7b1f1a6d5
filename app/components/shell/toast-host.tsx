import { lazy, Suspense, useEffect, useState } from "react";
import { registerToastHost, toastHostMounted } from "~/lib/toast";

const Toaster = lazy(() =>
  import("sonner").then((m) => ({
    default: function LoadedToaster() {
      useEffect(() => toastHostMounted(), []);
      return <m.Toaster position="bottom-right" theme="light" visibleToasts={1} closeButton offset={{ bottom: 72, right: 16 }} mobileOffset={{ bottom: 72, left: 12, right: 12 }} />;
    },
  })),
);

/** Where toasts appear: above the bottom banner and the WhatsApp button on every screen size. Mounted (and its library loaded) only when the first toast is asked for. */
export function ToastHost() {
  const [active, setActive] = useState(false);
  useEffect(() => registerToastHost(() => setActive(true)), []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
