import { type Bank, type CardProcessor, INTEGRATION_ENDPOINTS as E, RECORD_CARD_ENDPOINTS } from '@brade/contract';
import { call } from './client';

/** POST /api/integrations/authorization-url: the provider's consent page and the state it carries. */
export function requestAuthorizationUrl(id: string, processor: CardProcessor) {
  return call(E.authorizationUrl, { body: { id, processor } });
}

/**
 * The pop-up's return for a card provider. Stripe during onboarding uses the spec's get_access_token call (no id);
 * every other case records the processor's transactions for the owner.
 */
export async function finishCardConnection(
  processor: CardProcessor,
  input: { id: string; code: string; state: string; onboarding: boolean; merchantCode?: string | null },
): Promise<void> {
  const { id, code, state, merchantCode } = input;
  if (processor === 'stripe' && input.onboarding) {
    await call(E.stripeAccessToken, { body: { code, state } });
    return;
  }
  // SumUp names the merchant on its return (`merchant_code`): with the spec's one scope, nothing else can.
  const extra = processor === 'sumup' && merchantCode ? { merchant_code: merchantCode } : {};
  await call(RECORD_CARD_ENDPOINTS[processor], { body: { id, code, state, ...extra } });
}

/** GET /api/gocardless/choose-a-bank (the sandbox bank comes first). */
export async function chooseABank(): Promise<Bank[]> {
  return (await call(E.chooseABank)).banks;
}

/** POST /api/gocardless/build-a-link: the requisition whose link opens in the pop-up. */
export async function buildABankLink(userId: string, institutionId: string) {
  const redirect = `${window.location.origin}/gocardless-redirect`;
  return (await call(E.buildABankLink, { body: { user_id: userId, institution_id: institutionId, redirect } }))
    .requisition;
}

/** What a bank's return address may carry: GoCardless sends `ref`, Enable Banking `code` and `state`; either `error`. */
const BANK_RETURN_FIELDS = ['code', 'state', 'ref', 'error', 'error_description'] as const;

/** POST /api/gocardless/record-bank-transactions after the bank's consent page returned. */
export async function recordBankTransactions(id: string, requisitionId: string, returned: URLSearchParams) {
  const passed = Object.fromEntries(
    BANK_RETURN_FIELDS.flatMap((field) => {
      const value = returned.get(field);
      return value ? [[field, value]] : [];
    }),
  );
  await call(E.recordBankTransactions, { body: { id, requisition_id: requisitionId, ...passed } });
}
