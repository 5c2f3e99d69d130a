import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `active`, navigates to `to` after `ms`, leaving the user time to read the message on screen. */
export function useRedirectAfter(active: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [active, to, ms, navigate]);
}
