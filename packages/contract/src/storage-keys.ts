/**
 * Browser local-storage keys, exactly as docs/product.md, "What the app keeps" names them (including its spelling of
 * requisistion_id).
 */
export const STORAGE_KEYS = {
  id: 'id',
  fullName: 'fullName',
  email: 'email',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  requisitionId: 'requisistion_id',
  onboardingState: 'onboarding_state',
} as const;

/** The demo account: recognised by its e-mail; its password is shown on the login screen. */
export const DEMO_ACCOUNT = {
  email: 'demo@brade.app',
  password: 'Brade2026',
  fullName: 'Amelia Hart',
  salonName: 'Hart & Co Hair',
  /** A sole trader: the demo shows the Income Tax quarterly updates (docs/sandbox.md, "The demo account"). */
  legalForm: 'sole_trader',
} as const;
