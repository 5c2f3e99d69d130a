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
  queuedPosLinks: () => import('../features/onboarding/QueuedPosLinksPage'),
  linkYourPosAccount: () => import('../features/onboarding/LinkYourPosAccountPage'),
  linkBusinessBank: () => import('../features/onboarding/LinkBusinessBankPage'),
  accountCreatedSuccess: () => import('../features/onboarding/AccountCreatedSuccessPage'),
  redirects: () => import('../features/connect/ConnectRedirectPage'),
};

/** The four pop-up return pages share one small chunk; each route picks its processor's page. */
const connectRedirect = (name: keyof Awaited<ReturnType<typeof onboarding.redirects>>['redirectPages']) =>
  lazyPage(() => onboarding.redirects().then((module) => ({ default: module.redirectPages[name] })));

const signedIn = {
  mainMenu: () => import('../shell/MainMenuPage'),
  dashboard: () => import('../features/dashboard/DashboardPage'),
};

/**
 * Every route of docs/product.md, "Screens and routes". Each screen is its own lazily loaded chunk (see lazy-route.ts).
 */
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
      { path: 'queued-pos-links', lazy: lazyPage(onboarding.queuedPosLinks) },
      { path: 'link-your-pos-account', lazy: lazyPage(onboarding.linkYourPosAccount) },
      { path: 'link-business-bank', lazy: lazyPage(onboarding.linkBusinessBank) },
      { path: 'account-created-success', lazy: lazyPage(onboarding.accountCreatedSuccess) },
      { path: 'stripe-redirect', lazy: connectRedirect('stripe') },
      { path: 'square-redirect', lazy: connectRedirect('square') },
      { path: 'sumup-redirect', lazy: connectRedirect('sumup') },
      { path: 'gocardless-redirect', lazy: connectRedirect('gocardless') },
      {
        path: 'main-menu',
        lazy: lazyPage(signedIn.mainMenu),
        children: [
          { index: true, loader: () => redirect('/main-menu/dashboard'), element: null },
          { path: 'dashboard', lazy: lazyPage(signedIn.dashboard) },
          { path: 'reports', lazy: lazyPage(() => import('../features/reports/ReportsPage')) },
          { path: 'settings', lazy: lazyPage(() => import('../features/settings/SettingsPage')) },
          { path: 'profile', lazy: lazyPage(() => import('../features/profile/ProfilePage')) },
        ],
      },
    ],
  },
];
