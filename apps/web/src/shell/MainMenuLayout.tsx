import Close from '@mui/icons-material/Close';
import Menu from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { stored } from '../api/session';
import { BrandLogo } from '../ui/BrandLogo';
import { PAGE_TINT } from '../ui/theme';
import { isDemoAccount } from './demo-account';
import { LogoutDialog } from './LogoutDialog';
import { NARROW_QUERY, NAV_WIDTH_PX } from './layout';
import { SideNav } from './SideNav';
import { useHorizontalSwipe } from './swipe';
import { useSignOut } from './use-sign-out';
import { useUserDetails } from './use-user-details';

const DRAWER_ID = 'main-menu-drawer';

/**
 * The signed-in frame: wider than 1024px, a 200px navigation on the left; at 1024px or less, a top bar with
 * 'Open menu' and the same navigation in a slide-in drawer, also opened and closed by swiping (docs/product.md,
 * "Screens and routes").
 */
export function MainMenuLayout({ id }: { id: string }) {
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const details = useUserDetails(id);
  const { signingOut, signOut } = useSignOut();
  const { pathname } = useLocation();

  useEffect(() => {
    // Data-load failures are only logged (docs/product.md, "Failures"); the stored name still shows on the profile
    // card.
    if (details.error) console.error('Could not load user details', details.error);
  }, [details.error]);

  // A followed link or a wider window leaves no drawer behind.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of address
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);

  const open = useCallback(() => setDrawerOpen(true), []);
  const close = useCallback(() => setDrawerOpen(false), []);
  useHorizontalSwipe({ enabled: narrow, onSwipeRight: open, onSwipeLeft: close });

  const user = details.data;
  const fullName = user?.full_name || stored.fullName() || '';
  const isDemo = isDemoAccount(user?.email, stored.email());
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const askToSignOut = () => {
    setDrawerOpen(false);
    setConfirmingLogout(true);
  };
  const navProps = { user, fullName, isDemo, signingOut, onSignOut: askToSignOut };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: narrow ? 'column' : 'row', bgcolor: PAGE_TINT }}>
      {narrow ? (
        <>
          <Box
            component="header"
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 10,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1,
              height: 56,
              bgcolor: '#FFFFFF',
              borderBottom: '1px solid',
              borderColor: 'divider',
            }}
          >
            <IconButton aria-label="Open menu" aria-controls={DRAWER_ID} aria-expanded={drawerOpen} onClick={open}>
              <Menu />
            </IconButton>
            <BrandLogo height={28} />
          </Box>
          <Drawer
            id={DRAWER_ID}
            open={drawerOpen}
            onClose={close}
            slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: NAV_WIDTH_PX, border: 0 } } }}
          >
            <SideNav
              {...navProps}
              onNavigate={close}
              header={
                <IconButton aria-label="Close menu" onClick={close} size="small" edge="end">
                  <Close fontSize="small" />
                </IconButton>
              }
            />
          </Drawer>
        </>
      ) : (
        <Box
          component="aside"
          sx={{
            width: NAV_WIDTH_PX,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100dvh',
            bgcolor: '#FFFFFF',
            // A drawn edge rather than a border, so the navigation itself stays the full 200px.
            boxShadow: (theme) => `inset -1px 0 0 ${theme.palette.divider}`,
          }}
        >
          <SideNav {...navProps} />
        </Box>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, sm: 4 } }}>
        <Outlet />
      </Box>
      <LogoutDialog
        open={confirmingLogout}
        signingOut={signingOut}
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={() => void signOut()}
      />
    </Box>
  );
}
