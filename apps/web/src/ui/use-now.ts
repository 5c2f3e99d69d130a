import { useEffect, useState } from 'react';

/** The current time, refreshed every `ms`, so 'Last synced 5 minutes ago' or a countdown does not go stale. */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
