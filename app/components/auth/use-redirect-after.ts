import { useEffect } from "react";
import { useNavigate } from "react-router";
import { TIMINGS } from "@shared/content/site";

/** After a success the page waits the spec's 1.5 s, showing its message, then moves on. */
export function useRedirectAfter(target: string | null | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!target) return;
    // The studio has its own frame and stylesheet: it is loaded as a whole page, not navigated to inside the site's.
    const go = () => (/^\/studio(?:[/?#]|$)/.test(target) ? window.location.replace(target) : navigate(target, { replace: true }));
    const timer = setTimeout(go, TIMINGS.redirectAfterAuthMs);
    return () => clearTimeout(timer);
  }, [target, navigate]);
}
