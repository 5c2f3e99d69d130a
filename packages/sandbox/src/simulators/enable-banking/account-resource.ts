import { createHash } from 'node:crypto';
import { businessAccount } from '../gocardless/business-account';
import type { EnableBankingContext } from './enable-banking-context';
import type { AspspRef, SessionAccount } from './enable-banking-state';

/**
 * Enable Banking's account identification hash: which fields were hashed, then the hash, both base64. It is the
 * same for every session that reaches this account at this bank, unlike the `uid`.
 */
export function identificationHash(aspsp: AspspRef, iban: string): string {
  const fields = Buffer.from(JSON.stringify([['account', 'account_id', 'iban']])).toString('base64');
  const digest = createHash('sha256').update(`${aspsp.country}\u0000${aspsp.name}\u0000${iban}`).digest('base64');
  return `${fields}.${digest}`;
}

/** The salon's business current account at this bank, seen through a new session with a new uid. */
export function newSessionAccount(
  context: EnableBankingContext,
  sessionId: string,
  aspsp: AspspRef & { bic: string },
): SessionAccount {
  const { iban } = businessAccount(context.seed, aspsp.bic, context.scale);
  return {
    uid: context.state.newId(),
    sessionId,
    identificationHash: identificationHash(aspsp, iban),
    iban,
    bic: aspsp.bic,
  };
}

/** The API's AccountResource for one session account. */
export function accountResource(context: EnableBankingContext, account: SessionAccount, aspspName: string) {
  const identity = businessAccount(context.seed, account.bic, context.scale);
  return {
    account_id: { iban: account.iban },
    all_account_ids: [
      { identification: account.iban, scheme_name: 'IBAN' },
      { identification: `${identity.sortCode}${identity.accountNumber}`, scheme_name: 'BBAN' },
    ],
    account_servicer: { bic_fi: account.bic, name: aspspName },
    name: identity.ownerName,
    details: 'Business Current Account',
    usage: 'ORGA',
    cash_account_type: 'CACC',
    product: 'Business Current Account',
    currency: 'GBP',
    uid: account.uid,
    identification_hash: account.identificationHash,
    identification_hashes: [account.identificationHash],
  };
}
