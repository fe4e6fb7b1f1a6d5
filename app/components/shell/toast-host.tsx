import { hindiWords, useText } from "~/lib/hindi-words";
import { lazy, Suspense, useEffect, useState } from "react";
import { registerToastHost, toastHostMounted } from "~/lib/toast";
import { TOAST_LABELS } from "@shared/content/site";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

const Toaster = lazy(() =>
  import("sonner").then((m) => ({
    default: function LoadedToaster() {
      useEffect(() => toastHostMounted(), []);
      // The region's name and the close button's, in the page's language (the library's own are English).
      const t = useText(TOAST_LABELS, HINDI_SHELL, (hi) => hi.TOAST_LABELS_HI);
      return (
        <m.Toaster
          position="bottom-right"
          theme="light"
          visibleToasts={1}
          closeButton
          containerAriaLabel={t.region}
          // Hindi names the region without the library's key hint ("alt+T" is Latin script); English keeps it.
          customAriaLabel={t.customRegion || undefined}
          toastOptions={{ closeButtonAriaLabel: t.close }}
          offset={{ bottom: 72, right: 16 }}
          mobileOffset={{ bottom: 72, left: 12, right: 12 }}
        />
      );
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
