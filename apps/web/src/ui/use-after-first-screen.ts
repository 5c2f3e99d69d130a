import { useEffect, useState } from 'react';

/**
 * False until the browser is idle after the component's first render, then true: for parts a page shows only on
 * demand (a drawer, a dialog), whose code can load once the first screen is drawn rather than before it. Where the
 * browser has no requestIdleCallback (Safari), a second after.
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const done = () => setAfter(true);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 1000);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
