import { DEMO_ACCOUNT } from '@brade/contract';

/**
 * The demo account's salon (docs/sandbox.md): a typical small UK salon that is still VAT-registered. At scale 0.3 of
 * the generator's busy eight-chair salon it is the owner, one stylist and a nail technician taking about £150,000 a
 * year, comfortably over the £90,000 VAT threshold yet well inside the range where most UK salons sit. Its owner is
 * a sole trader, as many salon owners are: drawings instead of a director's salary, Self Assessment paid on account.
 */
export const DEMO_SALON = {
  seed: 'brade-demo-salon',
  salesPerDayScale: 0.3,
  legalForm: DEMO_ACCOUNT.legalForm,
  /** The login its owner uses at each provider (the card simulators key a merchant by it). */
  login: 'owner@demo-salon.example',
} as const;

/** The demo's books reach back to the first day of the month this many months before the current one. */
export const DEMO_HISTORY_MONTHS = 17;
