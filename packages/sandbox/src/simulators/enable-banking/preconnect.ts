import { stableUuid } from '../common/stable-identifiers';
import { businessAccount } from '../gocardless/business-account';
import { accountResource, identificationHash } from './account-resource';
import { findAspsp } from './aspsps';
import type { EnableBankingContext } from './enable-banking-context';

/**
 * An authorised session with the salon's business account, made without the consent page (the demo's private bank).
 * Its ids derive from the seed, so the connection the app stored finds the same session and account after a restart
 * and on every instance; the session renews itself, so the demo's consent never ends.
 */
export function preconnectSession(
  context: EnableBankingContext,
  aspspName: string,
  applicationId: string,
): { sessionId: string; accounts: Array<{ uid: string; identificationHash: string }> } {
  const aspsp = findAspsp(context.options.publicBaseUrl, aspspName, 'GB');
  if (!aspsp) throw new Error(`Unknown ASPSP ${aspspName}`);
  const ref = { name: aspsp.name, country: aspsp.country };
  const sessionId = stableUuid(context.seed, 'preconnected-session', aspsp.name);
  const uid = stableUuid(context.seed, 'preconnected-account', aspsp.name);
  const { iban } = businessAccount(context.seed, aspsp.bic, context.scale);
  const created = context.clock.now().toISOString();
  const account = { uid, sessionId, identificationHash: identificationHash(ref, iban), iban, bic: aspsp.bic };
  context.state.accounts.set(uid, account);
  context.state.sessions.set(sessionId, {
    id: sessionId,
    applicationId,
    aspsp: ref,
    psuType: 'business',
    validUntil: created,
    renewing: true,
    status: 'AUTHORIZED',
    forcedExpired: false,
    created,
    closed: null,
    accounts: [uid],
  });
  // The resource is built once here so a mismatch with what POST /sessions hands out fails at start, not later.
  accountResource(context, account, aspsp.name);
  return { sessionId, accounts: [{ uid, identificationHash: account.identificationHash }] };
}
