import { useEffect, useState, type RefObject } from "react";

/** Everything a visitor can tap or type in. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * The bottom banner and the floating WhatsApp button stay on screen (the spec wants both), but never over a
 * control: while any link, button or field of the page lies beneath the element's box, the element yields
 * (`data-yield`, CSS slides it below the screen's edge) and it comes back as soon as that place is clear again.
 * One IntersectionObserver per element, its root shrunk to the element's own box (the box it has when shown:
 * offsetLeft/Top ignore the slide's transform), watches every control of the page; new controls (a filtered list,
 * a chat answer) are picked up as the page changes, and a resize measures the box again. No work on scroll.
 *
 * It starts yielded: until the page's script has looked (the first screen, before hydration) it covers nothing.
 * Without JavaScript the CSS never hides it (`html[data-js]`), so those visitors still see the banner.
 */
export function useYield(ref: RefObject<HTMLElement | null>): boolean {
  const [covering, setCovering] = useState(true);
  useEffect(() => {
    const self = ref.current;
    if (!self || typeof IntersectionObserver === "undefined") {
      setCovering(false);
      return;
    }
    const beneath = new Set<Element>();
    let observer: IntersectionObserver | undefined;
    let frame = 0;
    const settle = () => setCovering(beneath.size > 0);
    const observeAll = () => {
      if (!observer) return;
      let watched = 0;
      for (const el of Array.from(document.querySelectorAll(CONTROLS))) {
        // Its own controls (the button's close control), the lane's other element and content kept from everyone.
        if (self.contains(el) || el.closest(".bottom-lane, [inert], [aria-hidden='true']")) continue;
        observer.observe(el); // observing a target twice is a no-op; the observer reports each new one once
        watched++;
      }
      // Controls that left the page (the observer may not report them); with nothing to watch, nothing is beneath.
      let gone = false;
      for (const el of beneath) if (!el.isConnected) gone = beneath.delete(el);
      if (gone || watched === 0) settle();
    };
    const measure = () => {
      observer?.disconnect();
      beneath.clear();
      const view = document.documentElement;
      const top = self.offsetTop;
      const left = self.offsetLeft;
      const margin = [-top, -(view.clientWidth - left - self.offsetWidth), -(view.clientHeight - top - self.offsetHeight), -left];
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting && entry.intersectionRect.height > 0.5 && entry.intersectionRect.width > 0.5) beneath.add(entry.target);
            else beneath.delete(entry.target);
          }
          settle();
        },
        { rootMargin: margin.map((m) => `${Math.min(0, Math.round(m))}px`).join(" ") },
      );
      observeAll();
    };
    const later = (work: () => void) => () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(work);
    };
    const onResize = later(measure);
    const mutations = new MutationObserver(later(observeAll));
    measure();
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", onResize);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      mutations.disconnect();
      window.removeEventListener("resize", onResize);
    };
  }, [ref]);
  return covering;
}
