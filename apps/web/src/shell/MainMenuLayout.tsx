import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { stored } from '../api/session';
import { BrandLogo } from '../ui/BrandLogo';
import plain from '../ui/plain.module.css';
import { MenuIcon } from '../ui/plain-icons';
import { useAfterFirstScreen } from '../ui/use-after-first-screen';
import { useMediaQuery } from '../ui/use-media-query';
import { AfterFirstAnswers } from './after-first-answers';
import { isDemoAccount } from './demo-account';
import { DRAWER_ID, NARROW_QUERY } from './layout';
import { SideNav } from './SideNav';
import s from './shell.module.css';
import { useHorizontalSwipe } from './swipe';
import { useFirstAnswersDrawn } from './use-first-answers-drawn';
import { useSignOut } from './use-sign-out';
import { useUserDetails } from './use-user-details';

// The drawer and the sign-out confirmation are drawn only on demand: their code (MUI's Drawer, Dialog and Button)
// loads once the first screen is drawn, or at once when asked for before that.
const NavDrawer = lazy(() => import('./OnDemand').then((m) => ({ default: m.NavDrawer })));
const LogoutDialog = lazy(() => import('./OnDemand').then((m) => ({ default: m.LogoutDialog })));

/**
 * The signed-in frame: wider than 1024px, a 200px navigation on the left; at 1024px or less, a top bar with
 * 'Open menu' and the same navigation in a slide-in drawer, also opened and closed by swiping (docs/product.md,
 * "Screens and routes").
 */
export function MainMenuLayout({ id }: { id: string }) {
  const narrow = useMediaQuery(NARROW_QUERY);
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
  // Once the page has drawn its first answers and the browser is idle.
  const main = useRef<HTMLElement>(null);
  const later = useAfterFirstScreen('idle', useFirstAnswersDrawn(main));

  // Plain elements with static classes (shell.module.css): this frame is drawn first on every signed-in page.
  return (
    <div className={narrow ? s.frameNarrow : s.frame}>
      {narrow ? (
        <>
          <header className={s.topBar}>
            <button
              type="button"
              className={plain.iconButton}
              aria-label="Open menu"
              aria-controls={DRAWER_ID}
              aria-expanded={drawerOpen}
              onClick={open}
            >
              <MenuIcon />
            </button>
            <BrandLogo height={28} />
          </header>
          {(later || drawerOpen) && (
            <Suspense fallback={null}>
              <NavDrawer open={drawerOpen} onClose={close} nav={navProps} />
            </Suspense>
          )}
        </>
      ) : (
        <aside className={s.aside}>
          <SideNav {...navProps} />
        </aside>
      )}
      <main ref={main} className={s.main}>
        <AfterFirstAnswers.Provider value={later}>
          <Outlet />
        </AfterFirstAnswers.Provider>
      </main>
      {(later || confirmingLogout) && (
        <Suspense fallback={null}>
          <LogoutDialog
            open={confirmingLogout}
            signingOut={signingOut}
            onCancel={() => setConfirmingLogout(false)}
            onConfirm={() => void signOut()}
          />
        </Suspense>
      )}
    </div>
  );
}
