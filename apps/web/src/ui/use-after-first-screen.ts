import { useEffect, useState } from 'react';

/** When the frame never comes (a tab in the background), the work starts anyway after this long. */
const AT_THE_LATEST_MS = 250;
/** How long after `ready` turns true the wait for an idle browser starts. */
const SETTLE_MS = 1000;
/** How long an idle browser is waited for, at most (requestIdleCallback's timeout). */
const IDLE_AT_THE_LATEST_MS = 3000;

/**
 * False on a component's first render; true once the first screen is on show, for work that screen does not wait
 * for, so that on a slow phone it does not compete with the requests and script the first paint needs (Lighthouse's
 * simulation, bench/lighthouse.mjs, counts every request that has ended before the largest paint as holding it back):
 * - 'painted': once the browser has painted what that render committed (a page's calls for what is drawn below the
 *   fold, code it needs soon);
 * - 'idle': once the browser is idle after that (code for what is drawn only on demand: a drawer, a dialog). Where the
 *   browser has no requestIdleCallback (Safari), a second after the paint. `ready` holds the wait for idleness back
 *   until it is true (the page's first answers drawn: shell/use-first-calls-answered.ts).
 */
export function useAfterFirstScreen(moment: 'painted' | 'idle' = 'painted', ready?: boolean): boolean {
  const [painted, setPainted] = useState(false);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (painted) return;
    const done = () => setPainted(true);
    // The next frame's callback runs before that frame is painted; the one after it, once it has been shown.
    let next: number | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            next = requestAnimationFrame(done);
          })
        : undefined;
    const latest = setTimeout(done, AT_THE_LATEST_MS);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (next !== undefined) cancelAnimationFrame(next);
      clearTimeout(latest);
    };
  }, [painted]);
  useEffect(() => {
    if (moment !== 'idle' || !painted || ready === false || idle) return;
    const done = () => setIdle(true);
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let handle: number | undefined;
    // What became ready (the page's answers) is drawn over a few renders and paints, between which the browser is
    // idle at times: the wait for idleness starts a moment later.
    const settled = setTimeout(
      () => {
        if (hasIdle) handle = window.requestIdleCallback(done, { timeout: IDLE_AT_THE_LATEST_MS });
        else done();
      },
      (ready === undefined ? 0 : SETTLE_MS) + (hasIdle ? 0 : 1000),
    );
    return () => {
      clearTimeout(settled);
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, [moment, painted, ready, idle]);
  return moment === 'idle' ? idle : painted;
}
