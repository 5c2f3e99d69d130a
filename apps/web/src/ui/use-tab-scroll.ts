import { type RefObject, useEffect, useRef, useState } from 'react';

/** Where the underline is drawn across the tab list (and, while it is drawn at its old place, where it goes next). */
export interface Slide {
  left: number;
  width: number;
  next?: { left: number; width: number };
}

/** A tab's place along the scrolling list, as MUI's Tabs works it out for its underline. */
export function slideOf(scroller: HTMLElement, tab: Element | undefined): { left: number; width: number } | null {
  if (!tab) return null;
  const list = scroller.getBoundingClientRect();
  const rect = tab.getBoundingClientRect();
  return { left: rect.left - list.left + scroller.scrollLeft, width: rect.width };
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** MUI's scroll of the tab list: 300 ms, eased in and out along a sine (none where motion is to be reduced). */
function scrollTo(scroller: HTMLElement, to: number, animated: boolean) {
  const from = scroller.scrollLeft;
  if (!animated || reducedMotion() || from === to) {
    scroller.scrollLeft = to;
    return;
  }
  let start: number | null = null;
  const step = (now: number) => {
    start ??= now;
    const time = Math.min(1, (now - start) / 300);
    scroller.scrollLeft = ((1 + Math.sin(Math.PI * time - Math.PI / 2)) / 2) * (to - from) + from;
    if (time < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Scrolls the list by the least that shows all of `tab`, or its start where it is wider than the list. */
export function scrollIntoView(scroller: HTMLElement, tab: Element | undefined, animated: boolean) {
  if (!tab) return;
  const port = scroller.getBoundingClientRect();
  const rect = tab.getBoundingClientRect();
  const startAligned = scroller.scrollLeft + (rect.left - port.left);
  if (rect.left < port.left) scrollTo(scroller, startAligned, animated);
  else if (rect.right > port.right) {
    const wider = rect.width > port.width;
    scrollTo(scroller, wider ? startAligned : scroller.scrollLeft + (rect.right - port.right), animated);
  }
}

/**
 * The scroll buttons of MUI's Tabs (scroll buttons "auto"): shown once the first or the last tab is not all in view
 * (watched, not measured), each drawn only while there is more that way; a press scrolls by the tabs that fit in the
 * list. The selected tab is kept in view as the list changes size.
 */
export function useScrollButtons(
  scroller: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  selected: number,
) {
  const [start, setStart] = useState(false);
  const [end, setEnd] = useState(false);
  const selectedNow = useRef(selected);
  selectedNow.current = selected;
  useEffect(() => {
    const tabs = list.current?.children;
    const root = scroller.current;
    if (!root || !tabs?.length || typeof IntersectionObserver === 'undefined') return;
    const watch = (tab: Element, set: (hidden: boolean) => void) => {
      // One call may bring several of the tab's changes, oldest first (a busy page renders while the layout settles):
      // the last is how it is now. MUI reads the first, and kept its buttons on a list that fitted.
      const observer = new IntersectionObserver((entries) => set(!entries[entries.length - 1]!.isIntersecting), {
        root,
        threshold: 0.99,
      });
      observer.observe(tab);
      return observer;
    };
    const observers = [watch(tabs[0]!, setStart), watch(tabs[tabs.length - 1]!, setEnd)];
    return () => {
      for (const o of observers) o.disconnect();
    };
  }, [scroller, list]);
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    // Called once as it starts watching, after the first layout: nothing is measured before.
    const observer = new ResizeObserver(() => scrollIntoView(root, list.current?.children[selectedNow.current], false));
    observer.observe(root);
    return () => observer.disconnect();
  }, [scroller, list]);

  const scroll = (direction: -1 | 1) => {
    const root = scroller.current;
    if (!root || !list.current) return;
    let size = 0;
    for (const tab of list.current.children) {
      if (size + tab.clientWidth > root.clientWidth) {
        if (size === 0) size = root.clientWidth;
        break;
      }
      size += tab.clientWidth;
    }
    scrollTo(root, root.scrollLeft + direction * size, true);
  };
  return { shown: start || end, start, end, scroll };
}
