import { describe, expect, it } from 'vitest';
import { DEMO_SALON } from '../demo/demo-salon';
import { dateOf, dayNumberOf } from './calendar';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';

/**
 * The generator's own truth against the reference (docs/sandbox.md, "Clients and retention", with the definitions of
 * docs/finance.md, "Retention"): of the clients whose first visit fell in a month, about 30 % come back within
 * 90 days; of the clients seen in the 90 days up to a month's end, about 58 % are seen again in the 90 days after.
 * Every service counts, keyed by the generator's client id: a visit paid at the till, or a gift voucher spent.
 * The history starts 90 days before the first month measured, as the app leaves out the months whose "new" clients
 * were seen before its history began.
 */
function visitsByClient(seed: string, scale: number, from: string, to: string): Map<string, number[]> {
  const data = generateSalonData({ seed, from, to, salesPerDayScale: scale });
  const visits = new Map<string, number[]>();
  const add = (client: string, instant: Date) => {
    const day = dayNumberOf(londonDateOf(instant));
    const days = visits.get(client);
    if (!days) visits.set(client, [day]);
    else if (days.at(-1) !== day) days.push(day);
  };
  for (const p of data.payments) if (p.purpose === null) add(p.clientId, p.occurredAt);
  for (const r of data.redemptions) add(r.clientId, r.occurredAt);
  return visits;
}

function newClientRetention(visits: Map<string, number[]>, months: string[]) {
  let cohort = 0;
  let returned = 0;
  for (const days of visits.values()) {
    if (!months.includes(dateOf(days[0]!).slice(0, 7))) continue;
    cohort += 1;
    if (days.length > 1 && days[1]! - days[0]! <= 90) returned += 1;
  }
  return { cohort, share: returned / cohort };
}

function overallRetention(visits: Map<string, number[]>, monthEnd: string) {
  const end = dayNumberOf(monthEnd);
  let seen = 0;
  let again = 0;
  for (const days of visits.values()) {
    if (!days.some((d) => d > end - 90 && d <= end)) continue;
    seen += 1;
    if (days.some((d) => d > end && d <= end + 90)) again += 1;
  }
  return again / seen;
}

const MONTHS_2025 = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);

describe('new clients who come back', { timeout: 60_000 }, () => {
  for (const [seed, scale] of [
    [DEMO_SALON.seed, DEMO_SALON.salesPerDayScale],
    ['retention', 1],
  ] as const) {
    it(`brings back 25–35 % of a year's new clients within 90 days (${seed}, scale ${scale})`, () => {
      const visits = visitsByClient(seed, scale, '2024-10-01', '2026-03-31');
      const { cohort, share } = newClientRetention(visits, MONTHS_2025);
      expect(cohort).toBeGreaterThan(400 * scale);
      expect(share).toBeGreaterThan(0.25);
      expect(share).toBeLessThan(0.35);
      // Overall, at each quarter's end: about 58 %, the reference's figure.
      for (const end of ['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31']) {
        const overall = overallRetention(visits, end);
        expect(overall, end).toBeGreaterThan(0.5);
        expect(overall, end).toBeLessThan(0.66);
      }
    });
  }
});
