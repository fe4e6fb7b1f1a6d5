import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { usePrefersReducedMotion } from "./use-rotation";

type State = { index: number; elapsed: number };
type Action =
  | { type: "tick"; tickMs: number; intervalMs: number; count: number }
  | { type: "go"; index: number; count: number }
  | { type: "step"; delta: number; count: number };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "go":
      return { index: wrap(action.index, action.count), elapsed: 0 };
    case "step":
      return { index: wrap(state.index + action.delta, action.count), elapsed: 0 };
    case "tick": {
      const elapsed = state.elapsed + action.tickMs;
      if (elapsed < action.intervalMs) return { ...state, elapsed };
      return { index: wrap(state.index + 1, action.count), elapsed: 0 };
    }
  }
}

export type SlideshowControls = {
  togglePlaying: () => void;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
};

export type Slideshow = SlideshowControls & {
  index: number;
  /** 0 to 1: how far the current slide is through its time on screen. */
  progress: number;
  /** The visitor's choice (play/pause button); hover, focus and being off screen pause without changing it. */
  playing: boolean;
  /** Actually advancing right now. */
  running: boolean;
  /** Spread on the slideshow region: hovering it, or focusing anything in it but the play/pause control, pauses it. */
  pauseHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: (event: React.FocusEvent) => void;
    onBlur: (event: React.FocusEvent) => void;
  };
};

/** Marks the play/pause control: focusing it must not hold the slideshow still, or "Play" would do nothing. */
export const ROTATION_CONTROL_ATTR = "data-rotation-control";

/**
 * A slideshow that advances every `intervalMs`, measured in `tickMs` steps so a
 * progress bar can follow it. Any manual move resets the progress. It wraps
 * around, pauses on hover and focus and while `visible` is false, and does not
 * start on its own for visitors who prefer reduced motion (they can still
 * press play). The controls keep their identity between ticks, so memoised
 * parts of the slideshow do not re-render 20 times a second.
 */
export function useSlideshow(
  count: number,
  { intervalMs, tickMs, visible = true }: { intervalMs: number; tickMs: number; visible?: boolean },
): Slideshow {
  const [state, dispatch] = useReducer(reducer, { index: 0, elapsed: 0 });
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = choice ?? !reducedMotion;
  const running = playing && visible && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => dispatch({ type: "tick", tickMs, intervalMs, count }), tickMs);
    return () => window.clearInterval(timer);
  }, [running, tickMs, intervalMs, count]);

  const togglePlaying = useCallback(() => setChoice(!playing), [playing]);
  const controls = useMemo<SlideshowControls>(
    () => ({
      togglePlaying,
      goTo: (index) => dispatch({ type: "go", index, count }),
      next: () => dispatch({ type: "step", delta: 1, count }),
      previous: () => dispatch({ type: "step", delta: -1, count }),
    }),
    [togglePlaying, count],
  );

  return {
    ...controls,
    index: state.index,
    progress: Math.min(1, state.elapsed / intervalMs),
    playing,
    running,
    pauseHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event) => setFocused(!(event.target as Element).closest?.(`[${ROTATION_CONTROL_ATTR}]`)),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
