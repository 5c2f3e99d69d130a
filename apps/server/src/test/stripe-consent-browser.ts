import { pressConsentButton } from './consent-form-browser.js';

/**
 * Test support: answers the Stripe simulator's consent page the way a browser would (the e-mail field picks the
 * sandbox merchant) and returns the redirect it sends back to Brade, unfollowed.
 */
export function answerStripeConsent(
  authorizationUrl: string,
  decision: 'approve' | 'deny',
  login = 'owner@salon.example',
): Promise<URL> {
  return pressConsentButton(authorizationUrl, decision, { login });
}
