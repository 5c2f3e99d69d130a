/** Every wait the spec fixes (sections 2, 4 and 9), in milliseconds, in one place. */
export const TIMINGS = {
  /** Sign-up logo splash and the business-information loader. */
  splashMs: 2_000,
  /** The /all-done loading screen. */
  allDoneMs: 3_500,
  /** After linking accounts ('Account Created Successfully!') before /main-menu. */
  accountCreatedRedirectMs: 3_500,
  /** After 'Password changed successfully.' (and after a failed re-authentication) before /login. */
  resetRedirectMs: 2_000,
  /** A lazily loaded route chunk that has not arrived by then is treated as failed. */
  chunkTimeoutMs: 120_000,
} as const;
