import type { NineBoxes } from './returns-store';

/**
 * HMRC's rules for a submitted return (its VATReturnDeclaration schema and the 400 and 403 answers of "Submit VAT
 * return for period"), checked in HMRC's order. Null when the body is a return HMRC would accept.
 */
const PENCE_BOXES = ['vatDueSales', 'vatDueAcquisitions', 'totalVatDue', 'vatReclaimedCurrPeriod'] as const;
const POUND_BOXES = [
  'totalValueSalesExVAT',
  'totalValuePurchasesExVAT',
  'totalValueGoodsSuppliedExVAT',
  'totalAcquisitionsExVAT',
] as const;
const FIELDS = new Set(['periodKey', ...PENCE_BOXES, 'netVatDue', ...POUND_BOXES, 'finalised']);

export type Refusal = [status: 400 | 403, code: string, message: string];

const isPence = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const pence = (value: number) => Math.round(value * 100);

export function checkDeclaration(body: unknown): { boxes: NineBoxes } | Refusal {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [400, 'INVALID_REQUEST', 'Invalid request'];
  const record = body as Record<string, unknown>;
  if (Object.keys(record).some((key) => !FIELDS.has(key)) || [...FIELDS].some((key) => !(key in record)))
    return [400, 'INVALID_REQUEST', 'Invalid request'];
  if (typeof record.periodKey !== 'string' || record.periodKey.length !== 4)
    return [400, 'PERIOD_KEY_INVALID', 'Invalid period key'];
  const amounts = [...PENCE_BOXES, 'netVatDue', ...POUND_BOXES] as const;
  if (amounts.some((key) => typeof record[key] !== 'number' || !Number.isFinite(record[key])))
    return [400, 'INVALID_NUMERIC_VALUE', 'please provide a numeric field'];
  const value = (key: (typeof amounts)[number]) => record[key] as number;
  const monetary = (message: string): Refusal => [400, 'INVALID_MONETARY_AMOUNT', message];
  if (PENCE_BOXES.some((key) => !isPence(value(key)) || Math.abs(value(key)) > 9_999_999_999_999.99))
    return monetary(
      'amount should be a monetary value (to 2 decimal places), between -9,999,999,999,999.99 and 9,999,999,999,999.99',
    );
  if (!isPence(value('netVatDue')) || value('netVatDue') < 0 || value('netVatDue') > 99_999_999_999.99)
    return monetary('amount should be a monetary value (to 2 decimal places), between 0 and 99,999,999,999.99');
  // "to 2 zeroed decimal places": whole pounds.
  if (POUND_BOXES.some((key) => !Number.isInteger(value(key)) || Math.abs(value(key)) > 9_999_999_999_999))
    return monetary(
      'amount should be a monetary value (to 2 zeroed decimal places), between -9,999,999,999,999.00 and 9,999,999,999,999.00',
    );
  if (typeof record.finalised !== 'boolean') return [400, 'INVALID_REQUEST', 'Invalid request'];
  if (!record.finalised) return [403, 'NOT_FINALISED', 'User has not declared VAT return as final'];
  if (pence(value('totalVatDue')) !== pence(value('vatDueSales')) + pence(value('vatDueAcquisitions')))
    return [400, 'VAT_TOTAL_VALUE', 'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions'];
  if (pence(value('netVatDue')) !== Math.abs(pence(value('totalVatDue')) - pence(value('vatReclaimedCurrPeriod'))))
    return [
      400,
      'VAT_NET_VALUE',
      'netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod',
    ];
  const { finalised: _, ...boxes } = record;
  return { boxes: boxes as unknown as NineBoxes };
}
