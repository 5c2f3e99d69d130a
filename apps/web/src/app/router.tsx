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
  redirects: () => import('../features/onboarding/ConnectRedirectPage'),
};

/** The four pop-up return pages share one small chunk; each route picks its processor's page. */
const connectRedirect = (name: keyof Awaited<ReturnType<typeof onboarding.redirects>>['redirectPages']) =>
  lazyPage(() => onboarding.redirects().then((module) => ({ default: module.redirectPages[name] })));

const signedIn = {
  mainMenu: () => import('../shell/MainMenuPage'),
  dashboard: () => import('../features/dashboard/DashboardPage'),
};

/** A route's page title, shown as '<title> · Brade' (see RootLayout). */
export interface RouteHandle {
  title: string;
}
const titled = (title: string): RouteHandle => ({ title });

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
      { path: 'login', handle: titled('Sign in'), lazy: lazyPage(auth.login) },
      { path: 'signup', handle: titled('Sign up'), lazy: lazyPage(auth.signup) },
      { path: 'otp-confirmation', handle: titled('Confirm your email'), lazy: lazyPage(auth.otp) },
      { path: 'forget-password', handle: titled('Forgot password'), lazy: lazyPage(auth.forgetPassword) },
      { path: 'password-reset', handle: titled('Enter your code'), lazy: lazyPage(auth.passwordReset) },
      { path: 'set-new-password', handle: titled('Set a new password'), lazy: lazyPage(auth.setNewPassword) },
      { path: 'all-done', handle: titled('Password reset'), lazy: lazyPage(auth.allDone) },
      {
        path: 'business-information',
        handle: titled('Business information'),
        lazy: lazyPage(onboarding.businessInformation),
      },
      { path: 'link-your-pos', handle: titled('Link your payment providers'), lazy: lazyPage(onboarding.linkYourPos) },
      { path: 'queued-pos-links', handle: titled('Link your accounts'), lazy: lazyPage(onboarding.queuedPosLinks) },
      {
        path: 'link-your-pos-account',
        handle: titled('Link your accounts'),
        lazy: lazyPage(onboarding.linkYourPosAccount),
      },
      {
        path: 'link-business-bank',
        handle: titled('Link your business bank account'),
        lazy: lazyPage(onboarding.linkBusinessBank),
      },
      {
        path: 'account-created-success',
        handle: titled('Account created'),
        lazy: lazyPage(onboarding.accountCreatedSuccess),
      },
      { path: 'stripe-redirect', handle: titled('Connecting Stripe'), lazy: connectRedirect('stripe') },
      { path: 'square-redirect', handle: titled('Connecting Square'), lazy: connectRedirect('square') },
      { path: 'sumup-redirect', handle: titled('Connecting SumUp'), lazy: connectRedirect('sumup') },
      { path: 'gocardless-redirect', handle: titled('Connecting your bank'), lazy: connectRedirect('gocardless') },
      {
        path: 'hmrc-redirect',
        handle: titled('Connecting HMRC'),
        lazy: lazyPage(() => import('../features/hmrc/HmrcRedirectPage')),
      },
      {
        path: 'main-menu',
        lazy: lazyPage(signedIn.mainMenu),
        children: [
          { index: true, loader: () => redirect('/main-menu/dashboard'), element: null },
          { path: 'dashboard', handle: titled('Overview'), lazy: lazyPage(signedIn.dashboard) },
          {
            path: 'reports',
            handle: titled('Reports'),
            lazy: lazyPage(() => import('../features/reports/ReportsPage')),
          },
          {
            path: 'reports/vat-return',
            handle: titled('VAT return'),
            lazy: lazyPage(() => import('../features/reports/vat-return/VatReturnPage')),
          },
          {
            path: 'reports/quarterly-update',
            handle: titled('Quarterly update'),
            lazy: lazyPage(() => import('../features/income-tax/QuarterlyUpdatePage')),
          },
          {
            path: 'settings',
            handle: titled('Settings'),
            lazy: lazyPage(() => import('../features/settings/SettingsPage')),
          },
          {
            path: 'profile',
            handle: titled('Profile'),
            lazy: lazyPage(() => import('../features/profile/ProfilePage')),
          },
        ],
      },
    ],
  },
];
