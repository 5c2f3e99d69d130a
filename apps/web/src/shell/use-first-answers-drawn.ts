import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';

/** When a call never ends (a network that hangs), what waits for the first answers starts anyway after this long. */
const AT_THE_LATEST_MS = 5000;

/**
 * False until the page in `area` has drawn its first answers: no call in flight and nothing in it marked busy
 * (aria-busy, as the Overview marks itself until its figures are drawn); then true for good. For work the first
 * answers should not wait behind: the code loaded for later (the drawer, the sign-out dialog), fetched while the
 * Overview's figures were still coming, was the last request before they were drawn on a phone's connection
 * (bench/lighthouse.mjs counts every request ended before the largest paint as holding it back).
 */
export function useFirstAnswersDrawn(area: RefObject<HTMLElement | null>): boolean {
  const client = useQueryClient();
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn) return;
    const check = () => {
      const busy = area.current?.querySelector('[aria-busy="true"]');
      if (client.isFetching() === 0 && !busy) setDrawn(true);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    const observer = new MutationObserver(check);
    if (area.current) {
      observer.observe(area.current, { subtree: true, childList: true, attributeFilter: ['aria-busy'] });
    }
    const latest = setTimeout(() => setDrawn(true), AT_THE_LATEST_MS);
    check();
    return () => {
      unsubscribe();
      observer.disconnect();
      clearTimeout(latest);
    };
  }, [client, area, drawn]);
  return drawn;
}
