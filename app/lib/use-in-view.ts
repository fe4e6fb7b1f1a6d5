import { useEffect, useState, type RefObject } from "react";

/**
 * True while the element is at least partly on screen. Moving content (the
 * rotating metrics, the slideshow) only runs while someone can see it: no
 * work, and no surprise jump, for a section the visitor has not reached.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setInView(entry.isIntersecting);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
