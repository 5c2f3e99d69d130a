import {
  INCOME_TAX_ENDPOINTS as E,
  type ExpensesMode,
  type HmrcExpenseCategory,
  type IncomeTaxSettings,
  type IncomeTaxTransactionsRequest,
  type IncomeTaxTransactionsResponse,
  type ObligationsResponse,
  type QuarterlyFigures,
  type SentUpdate,
  type UpdateIncomeTaxSettingsRequest,
} from '@brade/contract';
import { call } from './client';
import { collectClientFacts } from './hmrc-client-facts';

/** A quarterly update period: from the start of its tax year's updates to a quarter's end. */
export interface UpdatePeriod {
  start: string;
  end: string;
}

export async function getIncomeTaxSettings(id: string): Promise<IncomeTaxSettings> {
  return (await call(E.getSettings, { params: { id } })).settings;
}

export function updateIncomeTaxSettings(id: string, body: UpdateIncomeTaxSettingsRequest) {
  return call(E.updateSettings, { params: { id }, body });
}

/** HMRC's obligations when connected (the browser's facts go with the call, as HMRC requires), else Brade's periods. */
export function getIncomeTaxObligations(id: string, taxYear?: string): Promise<ObligationsResponse> {
  return call(E.getObligations, {
    params: { id },
    body: { client: collectClientFacts(), ...(taxYear ? { tax_year: taxYear } : {}) },
  });
}

export function getQuarterlyFigures(id: string, period: UpdatePeriod): Promise<QuarterlyFigures> {
  return call(E.getFigures, { params: { id }, body: period });
}

export function loadIncomeTaxTransactions(
  id: string,
  body: IncomeTaxTransactionsRequest,
): Promise<IncomeTaxTransactionsResponse> {
  return call(E.getTransactions, { params: { id }, body });
}

export function mapCategory(id: string, category: string, hmrcCategory: HmrcExpenseCategory | null) {
  return call(E.mapCategory, { params: { id }, body: { category, hmrc_category: hmrcCategory } });
}

export function markDisallowable(id: string, transactionId: string, amount: number | null) {
  return call(E.markDisallowable, { params: { id }, body: { transaction_id: transactionId, amount } });
}

export async function sendQuarterlyUpdate(
  id: string,
  period: UpdatePeriod,
  expenses: ExpensesMode,
): Promise<{ message: string; update: SentUpdate }> {
  return call(E.sendUpdate, {
    params: { id },
    body: { client: collectClientFacts(), ...period, expenses, confirmed: true },
  });
}
