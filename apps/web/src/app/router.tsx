import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../ui/FullPageLoader';
import { ErrorPage } from './ErrorPage';
import { lazyPage } from './lazy-route';
import { RootLayout } from './RootLayout';

const auth = {
  login: () => import('../features/auth/LoginPage'),
  signup: () => import('../features/auth/SignupPage'),
  otp: () => import('../features/auth/OtpConfirmationPage'),
  forgetPassword: () => import('../features/auth/ForgetPasswordPage'),
  passwordReset: () => import('../features/auth/PasswordResetPage'),
  setNewPassword: () => import('../features/auth/SetNewPasswordPage'),
  allDone: () => import('../features/auth/AllDonePage'),
};

const onboarding = {
  businessInformation: () => import('../features/onboarding/BusinessInformationPage'),
  linkYourPos: () => import('../features/onboarding/LinkYourPosPage'),
  comingSoon: () => import('../features/onboarding/coming-soon-pages'),
};

/** The placeholder onboarding pages share one small chunk; each route picks its export. */
const comingSoon = (name: keyof Awaited<ReturnType<typeof onboarding.comingSoon>>['comingSoonPages']) =>
  lazyPage(() => onboarding.comingSoon().then((module) => ({ default: module.comingSoonPages[name] })));

const signedIn = {
  mainMenu: () => import('../shell/MainMenuPage'),
  dashboard: () => import('../features/dashboard/DashboardPage'),
  placeholders: () => import('../shell/placeholder-pages'),
};

/** Reports, Settings and Profile are placeholders for now, sharing one small chunk. */
const placeholder = (name: keyof Awaited<ReturnType<typeof signedIn.placeholders>>['placeholderPages']) =>
  lazyPage(() => signedIn.placeholders().then((module) => ({ default: module.placeholderPages[name] })));

/** Every route of spec section 2. Each screen is its own lazily loaded chunk (see lazy-route.ts). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, loader: () => redirect('/login'), element: null },
      { path: 'login', lazy: lazyPage(auth.login) },
      { path: 'signup', lazy: lazyPage(auth.signup) },
      { path: 'otp-confirmation', lazy: lazyPage(auth.otp) },
      { path: 'forget-password', lazy: lazyPage(auth.forgetPassword) },
      { path: 'password-reset', lazy: lazyPage(auth.passwordReset) },
      { path: 'set-new-password', lazy: lazyPage(auth.setNewPassword) },
      { path: 'all-done', lazy: lazyPage(auth.allDone) },
      { path: 'business-information', lazy: lazyPage(onboarding.businessInformation) },
      { path: 'link-your-pos', lazy: lazyPage(onboarding.linkYourPos) },
      { path: 'queued-pos-links', lazy: comingSoon('queuedPosLinks') },
      { path: 'link-your-pos-account', lazy: comingSoon('linkYourPosAccount') },
      { path: 'link-business-bank', lazy: comingSoon('linkBusinessBank') },
      { path: 'account-created-success', lazy: comingSoon('accountCreatedSuccess') },
      { path: 'stripe-redirect', lazy: comingSoon('stripeRedirect') },
      { path: 'square-redirect', lazy: comingSoon('squareRedirect') },
      { path: 'sumup-redirect', lazy: comingSoon('sumupRedirect') },
      { path: 'gocardless-redirect', lazy: comingSoon('gocardlessRedirect') },
      {
        path: 'main-menu',
        lazy: lazyPage(signedIn.mainMenu),
        children: [
          { index: true, loader: () => redirect('/main-menu/dashboard'), element: null },
          { path: 'dashboard', lazy: lazyPage(signedIn.dashboard) },
          { path: 'reports', lazy: placeholder('reports') },
          { path: 'settings', lazy: placeholder('settings') },
          { path: 'profile', lazy: placeholder('profile') },
        ],
      },
    ],
  },
];
