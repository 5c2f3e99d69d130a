import { BANK_WORDS, PROCESSOR_NAMES, type Source } from './processors.js';

/** docs/product.md, "Screens and routes", "Validation" and "Failures" texts of the connect flows, word for word. */
export const CONNECT_MESSAGES = {
  popupError: 'Failed to connect. Please try again.',
  stripeTokenFailure: 'Failed to connect Stripe account. Please try again.',
  bankLinkFailure: 'Failed to connect to GoCardless. Please try again.',
  unknownPos: 'Unknown POS selected. Please try again.',
  selectBankOnboarding: 'Please select a bank before proceeding.',
  selectBankSettings: 'Please select the bank you wish to connect.',
  bankConnectSettingsFailure: 'Failed to connect your business account. Please try again.',
  bankListFailure: 'Failed to fetch bank list. Please try again.',
  accountCreated: 'Account Created Successfully!',
  redirectingToDashboard: 'You will be redirected to your dashboard shortly.',
} as const;

/**
 * Card titles of /queued-pos-links: 'Link your <provider> account' (docs/product.md, "What it does"), the spec's
 * `<provider>` being a placeholder for the provider's name as it writes it ('Link your SumUp account'); for the bank
 * the card reads 'Link your business bank account'.
 */
export function linkStepTitle(step: Source): string {
  return `Link your ${step === 'bank' ? BANK_WORDS.account : `${PROCESSOR_NAMES[step]} account`}`;
}
