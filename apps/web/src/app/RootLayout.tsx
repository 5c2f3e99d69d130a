import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { BRAND_PRIMARY } from '../ui/theme';
import type { RouteHandle } from './router';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** The deepest matched route's title, as '<title> · Brade'; 'Brade' where a route has none. */
export function pageTitle(handles: unknown[]): string {
  const title = handles
    .map((handle) => (handle as Partial<RouteHandle> | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  return title ? `${title} · Brade` : 'Brade';
}

/**
 * Route chunks load on navigation; a thin bar shows the wait instead of a page that seems stuck. Each route also
 * names its page in the tab title.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const title = pageTitle(useMatches().map((match) => match.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      {navigation.state === 'loading' && (
        <Box
          role="progressbar"
          aria-label="Loading page"
          sx={{ position: 'fixed', inset: '0 0 auto 0', height: 3, overflow: 'hidden', zIndex: 2000 }}
        >
          <Box
            sx={{ width: '40%', height: '100%', bgcolor: BRAND_PRIMARY, animation: `${slide} 1s ease-in-out infinite` }}
          />
        </Box>
      )}
      <Outlet />
    </>
  );
}
