import { useEffect, useState } from 'react';

/** When the frame never comes (a tab in the background), the work starts anyway after this long. */
const AT_THE_LATEST_MS = 250;

/**
 * False on a component's first render; true once the browser has painted what that render committed. For work the
 * first screen does not wait for (code loaded on demand, calls whose figures are drawn below the fold), so that on a
 * slow phone it does not compete with the requests and script the first paint needs: Lighthouse's simulation
 * (bench/lighthouse.mjs) counts every request that has ended before the largest paint as holding it back.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
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
  return painted;
}
