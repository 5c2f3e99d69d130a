import { useEffect, useRef } from 'react';

/** A swipe must travel more than this many pixels sideways (docs/product.md, "Constants and looks"). */
export const SWIPE_THRESHOLD_PX = 50;

export type SwipeAction = 'open' | 'close' | null;

/**
 * What a finished touch means: right more than 50px opens, left more than 50px closes. A mostly vertical
 * movement is a scroll, not a swipe, whatever its sideways part.
 */
export function swipeAction(dx: number, dy: number): SwipeAction {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dy) > Math.abs(dx)) return null;
  return dx > 0 ? 'open' : 'close';
}

/**
 * True when the touch began inside something that scrolls sideways (the Reports tabs on a phone): the finger
 * moves that, not the drawer.
 */
export function startsInHorizontalScroller(target: EventTarget | null): boolean {
  for (let element = target instanceof Element ? target : null; element; element = element.parentElement) {
    const { overflowX } = getComputedStyle(element);
    if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth) return true;
  }
  return false;
}

interface SwipeHandlers {
  enabled: boolean;
  onSwipeRight: () => void;
  onSwipeLeft: () => void;
}

/** Listens to one-finger touches anywhere on the page (the drawer too, not sideways scrollers) while `enabled`. */
export function useHorizontalSwipe({ enabled, onSwipeRight, onSwipeLeft }: SwipeHandlers): void {
  const handlers = useRef({ onSwipeRight, onSwipeLeft });
  handlers.current = { onSwipeRight, onSwipeLeft };

  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const oneFinger = event.touches.length === 1 && touch && !startsInHorizontalScroller(event.target);
      start = oneFinger ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const action = swipeAction(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      if (action === 'open') handlers.current.onSwipeRight();
      if (action === 'close') handlers.current.onSwipeLeft();
    };
    const onCancel = () => {
      start = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
    };
  }, [enabled]);
}
