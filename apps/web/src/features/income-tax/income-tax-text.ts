import { longDay, type ObligationStatus } from '@brade/contract';

export { longDay };

/** '6 April to 5 July 2026', or with both years when they differ. */
export function periodText(start: string, end: string): string {
  const from = longDay(start);
  const to = longDay(end);
  return start.slice(0, 4) === end.slice(0, 4) ? `${from.replace(/ \d{4}$/, '')} to ${to}` : `${from} to ${to}`;
}

export const STATUS_LABELS: Record<ObligationStatus, string> = {
  open: 'Open',
  due: 'Due',
  overdue: 'Overdue',
  sent: 'Sent',
};
export const STATUS_COLOURS = { open: 'default', due: 'warning', overdue: 'error', sent: 'success' } as const;

export const incomeTaxKeys = {
  all: (id: string) => ['income-tax', id] as const,
  settings: (id: string) => ['income-tax', id, 'settings'] as const,
  obligations: (id: string, taxYear: string | null) => ['income-tax', id, 'obligations', taxYear] as const,
  figures: (id: string, start: string, end: string) => ['income-tax', id, 'figures', start, end] as const,
};

/** The date and time in Europe/London: '20 July 2026 at 10:12'. */
export function sentAtText(iso: string): string {
  const instant = new Date(iso);
  const day = instant.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const time = instant.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${longDay(day)} at ${time}`;
}
