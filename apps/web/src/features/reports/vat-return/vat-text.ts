import { monthName, type VatObligation, type VatObligationStatus } from '@brade/contract';

/** '7 May 2026'. */
export const longDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;
/** '1 Jan – 31 Mar 2026'. */
export function periodText(start: string, end: string): string {
  const short = (day: string) => `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7))).slice(0, 3)}`;
  return start.slice(0, 4) === end.slice(0, 4)
    ? `${short(start)} – ${short(end)} ${end.slice(0, 4)}`
    : `${short(start)} ${start.slice(0, 4)} – ${short(end)} ${end.slice(0, 4)}`;
}

export const STATUS_COLOUR: Record<VatObligationStatus, 'default' | 'warning' | 'error' | 'success'> = {
  open: 'default',
  due_soon: 'warning',
  overdue: 'error',
  filed: 'success',
};

/** The page of one period's return. */
export const returnPath = (o: Pick<VatObligation, 'start' | 'end' | 'period_key'>) =>
  `/main-menu/reports/vat-return?${new URLSearchParams({
    start: o.start,
    end: o.end,
    ...(o.period_key ? { period_key: o.period_key } : {}),
  })}`;

export const vatKeys = {
  obligations: (id: string) => ['vat-return', id, 'obligations'] as const,
  draft: (id: string, start: string, end: string, key: string | null) =>
    ['vat-return', id, 'draft', start, end, key] as const,
  past: (id: string) => ['vat-return', id, 'past'] as const,
};
