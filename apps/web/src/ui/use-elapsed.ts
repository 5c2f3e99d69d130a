import { useEffect, useState } from 'react';

/** False until `ms` have passed since the component mounted: drives the spec's fixed splash and loader times. */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
