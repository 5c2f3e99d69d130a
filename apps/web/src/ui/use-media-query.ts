import { useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, from the first render on, following its changes: MUI's useMediaQuery with `noSsr`,
 * without its theme lookup, which put @mui/system's hook in the chunk every signed-in page waits for. False where
 * there is no matchMedia (jsdom, unless a test stubs it), as MUI's.
 */
export function useMediaQuery(query: string): boolean {
  const [subscribe, matches] = useMemo(() => {
    const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
    const listen = (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    };
    return [listen, () => list?.matches ?? false] as const;
  }, [query]);
  return useSyncExternalStore(subscribe, matches, matches);
}
