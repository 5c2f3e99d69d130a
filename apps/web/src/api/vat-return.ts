import {
  VAT_RETURN_ENDPOINTS as E,
  type LineTransactionsResponse,
  type NineBoxes,
  type VatReceipt,
  type VatReturnDraft,
} from '@brade/contract';
import { call } from './client';
import { collectClientFacts } from './hmrc-client-facts';

/** A period of a VAT return: its dates and, when HMRC gave it, HMRC's key. */
export interface VatPeriod {
  start: string;
  end: string;
  period_key: string | null;
}

/** The owner's obligations: HMRC's (the browser's facts go with the call, as HMRC requires), else the settings'. */
export function getVatObligations(id: string) {
  return call(E.obligations, { params: { id }, body: { client: collectClientFacts() } });
}

export function getVatReturnDraft(id: string, period: VatPeriod): Promise<VatReturnDraft> {
  return call(E.draft, { params: { id }, body: period });
}

export async function loadVatBoxTransactions(
  id: string,
  body: { start: string; end: string; box: 1 | 4 | 6 | 7 } & Record<string, unknown>,
): Promise<LineTransactionsResponse & { box_total: number }> {
  return call(E.boxTransactions, { params: { id }, body: body as never });
}

export async function submitVatReturn(
  id: string,
  input: { period: VatPeriod & { period_key: string }; acquisitionsVat: number; boxes: NineBoxes },
): Promise<{ receipt: VatReceipt; message: string }> {
  return call(E.submit, {
    params: { id },
    body: {
      start: input.period.start,
      end: input.period.end,
      period_key: input.period.period_key,
      acquisitions_vat: input.acquisitionsVat,
      boxes: input.boxes,
      declaration: true,
      client: collectClientFacts(),
    },
  });
}

export function viewVatReturn(id: string, period: VatPeriod & { period_key: string }) {
  return call(E.viewReturn, { params: { id }, body: { ...period, client: collectClientFacts() } });
}

export async function getPastVatReturns(id: string) {
  return (await call(E.pastReturns, { params: { id } })).returns;
}
