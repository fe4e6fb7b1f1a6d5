import { useEffect } from "react";
import { useNavigate } from "react-router";
import { TIMINGS } from "@shared/content/site";

/** After a success the page waits the spec's 1.5 s, showing its message, then moves on. */
export function useRedirectAfter(target: string | null | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), TIMINGS.redirectAfterAuthMs);
    return () => clearTimeout(timer);
  }, [target, navigate]);
}
