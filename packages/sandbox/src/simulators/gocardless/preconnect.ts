import { stableUuid } from '../common/stable-identifiers';
import { findInstitution } from './catalogue-routes';
import type { GoCardlessContext } from './gocardless-context';

/**
 * A linked requisition with one business account, made without the consent page (the demo's private bank). Its
 * ids derive from the seed, so the connection the app stored finds the same account after a restart and on every
 * instance; its agreement renews itself, so the demo's consent never ends.
 */
export function preconnectAccount(
  context: GoCardlessContext,
  institutionId: string,
): { requisitionId: string; accountIds: string[] } {
  const institution = findInstitution(context, institutionId);
  if (!institution) throw new Error(`Unknown institution ${institutionId}`);
  const { state, seed } = context;
  const created = context.clock.now().toISOString();
  const agreementId = stableUuid(seed, 'preconnected-agreement', institutionId);
  const requisitionId = stableUuid(seed, 'preconnected-requisition', institutionId);
  const accountId = stableUuid(seed, 'preconnected-account', institutionId);
  state.agreements.set(agreementId, {
    id: agreementId,
    created,
    institution_id: institutionId,
    max_historical_days: Number(institution.transaction_total_days),
    access_valid_for_days: Number(institution.max_access_valid_for_days),
    access_scope: ['balances', 'details', 'transactions'],
    accepted: created,
    renewing: true,
  });
  state.requisitions.set(requisitionId, {
    id: requisitionId,
    created,
    redirect: `${context.options.publicBaseUrl}/preconnected`,
    status: 'LN',
    institution_id: institutionId,
    agreement: agreementId,
    reference: requisitionId,
    accounts: [accountId],
    user_language: 'EN',
    link: `${context.options.publicBaseUrl}/psd2/start/${requisitionId}/${institutionId}`,
    ssn: null,
    account_selection: false,
    redirect_immediate: false,
  });
  state.accounts.set(accountId, {
    id: accountId,
    created,
    requisitionId,
    institutionId,
    lastAccessed: null,
  });
  return { requisitionId, accountIds: [accountId] };
}
