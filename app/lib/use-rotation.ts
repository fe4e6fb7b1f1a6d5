import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked the system for reduced motion (false while server rendering). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export type Rotation = {
  index: number;
  setIndex: (index: number) => void;
  paused: boolean;
  /** Spread on the rotating region: hovering or focusing it pauses the rotation. */
  pauseHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: React.FocusEvent) => void;
  };
};

/**
 * Cycles through `count` items every `intervalMs`, wrapping around. It pauses
 * while the pointer or keyboard focus is on the region, and never moves on its
 * own for visitors who prefer reduced motion.
 */
export function useRotation(count: number, intervalMs: number, { autoplay = true } = {}): Rotation {
  const [index, setIndexState] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion || !autoplay;
  const countRef = useRef(count);
  countRef.current = count;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndexState((i) => (i + 1) % countRef.current), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, count, intervalMs, index]);

  const setIndex = useCallback((next: number) => {
    const n = countRef.current;
    setIndexState(((next % n) + n) % n);
  }, []);

  return {
    index: count > 0 ? index % count : 0,
    setIndex,
    paused,
    pauseHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
