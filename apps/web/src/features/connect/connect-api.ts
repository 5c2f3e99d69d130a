import type { Bank, CardProcessor } from '@brade/contract';
import { apiRequest } from '../../api/client';

/** The server answered 2xx with something this screen cannot use. */
export class UnexpectedAnswer extends Error {
  constructor(what: string) {
    super(`The server's answer for ${what} was not in the expected shape`);
    this.name = 'UnexpectedAnswer';
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** POST /api/integrations/authorization-url: the provider's consent page and the state it carries. */
export async function requestAuthorizationUrl(id: string, processor: CardProcessor) {
  const answer = await apiRequest<{ url?: unknown; state?: unknown }>('/api/integrations/authorization-url', {
    body: { id, processor },
  });
  if (!isText(answer?.url) || !isText(answer.state)) throw new UnexpectedAnswer('the authorisation address');
  return { url: answer.url, state: answer.state };
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
    await apiRequest('/api/stripe/get_access_token', { body: { code, state } });
    return;
  }
  // SumUp names the merchant on its return (`merchant_code`): with the spec's one scope, nothing else can.
  const extra = processor === 'sumup' && merchantCode ? { merchant_code: merchantCode } : {};
  await apiRequest(`/api/${processor}/record-${processor}-transactions`, { body: { id, code, state, ...extra } });
}

/** GET /api/gocardless/choose-a-bank (the sandbox bank comes first). */
export async function chooseABank(): Promise<Bank[]> {
  const answer = await apiRequest<{ banks?: unknown }>('/api/gocardless/choose-a-bank');
  const banks = answer?.banks;
  if (!Array.isArray(banks)) throw new UnexpectedAnswer('the bank list');
  return banks.map((bank: { id?: unknown; name?: unknown }) => {
    if (!isText(bank?.id) || !isText(bank.name)) throw new UnexpectedAnswer('the bank list');
    return { id: bank.id, name: bank.name };
  });
}

/** POST /api/gocardless/build-a-link: the requisition whose link opens in the pop-up. */
export async function buildABankLink(userId: string, institutionId: string) {
  const answer = await apiRequest<{ requisition?: { id?: unknown; link?: unknown } }>('/api/gocardless/build-a-link', {
    body: { user_id: userId, institution_id: institutionId, redirect: `${window.location.origin}/gocardless-redirect` },
  });
  const requisition = answer?.requisition;
  if (!isText(requisition?.id) || !isText(requisition.link)) throw new UnexpectedAnswer('the bank link');
  return { id: requisition.id, link: requisition.link };
}

/** What a bank's return address may carry: GoCardless sends `ref`, Enable Banking `code` and `state`; either `error`. */
const BANK_RETURN_FIELDS = ['code', 'state', 'ref', 'error', 'error_description'] as const;

/** POST /api/gocardless/record-bank-transactions after the bank's consent page returned. */
export async function recordBankTransactions(id: string, requisitionId: string, returned: URLSearchParams) {
  const passed = BANK_RETURN_FIELDS.flatMap((field) => {
    const value = returned.get(field);
    return value ? [[field, value] as const] : [];
  });
  await apiRequest('/api/gocardless/record-bank-transactions', {
    body: { id, requisition_id: requisitionId, ...Object.fromEntries(passed) },
  });
}
