import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { Outlet, useNavigation } from 'react-router';
import { BRAND_PRIMARY } from './theme';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** Route chunks load on navigation; a thin bar shows the wait instead of a page that seems stuck. */
export function RootLayout() {
  const navigation = useNavigation();
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
