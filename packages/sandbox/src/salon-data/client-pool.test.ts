import { describe, expect, it } from 'vitest';
import { VISIT_INTERVAL_DAYS } from './client-pool';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';

const data = generateSalonData({ seed: 'clients', from: '2024-01-01', to: '2025-12-31' });
const atSalon = data.payments.filter((p) => p.processor !== 'stripe');
const dayNumber = (instant: Date) => Date.parse(londonDateOf(instant)) / 86_400_000;
const COLOUR = new Set([
  'Full head colour',
  'Root touch-up',
  'Full head highlights',
  'Half head highlights',
  'Balayage',
]);

/** A regular's kind, read from what she books. */
function kindOf(services: Set<string>): keyof typeof VISIT_INTERVAL_DAYS {
  if ([...services].some((s) => COLOUR.has(s))) return 'colour';
  if (services.has("Gents' cut")) return 'gents';
  if (services.has('Gel manicure') || services.has('BIAB nails')) return 'nails';
  if (services.has('Blow-dry')) return 'blow-dry';
  return 'cut';
}

describe('client pool', { timeout: 30_000 }, () => {
  it('brings regulars back at their rhythm: colour 6–8 weeks, cuts 6–10, gents 3–5, nails 2–3, blow-dries 1–2', () => {
    const visits = new Map<string, { days: number[]; services: Set<string> }>();
    for (const payment of atSalon) {
      if (!payment.clientId.startsWith('cl_')) continue;
      const entry = visits.get(payment.clientId) ?? { days: [], services: new Set<string>() };
      entry.days.push(dayNumber(payment.occurredAt));
      entry.services.add(payment.service);
      visits.set(payment.clientId, entry);
    }
    const intervals = new Map<string, number[]>();
    for (const { days, services } of visits.values()) {
      const list = intervals.get(kindOf(services)) ?? [];
      for (let i = 1; i < days.length; i++) list.push(days[i]! - days[i - 1]!);
      intervals.set(kindOf(services), list);
    }
    for (const [kind, [shortest, longest]] of Object.entries(VISIT_INTERVAL_DAYS)) {
      const list = intervals.get(kind)!;
      expect(list.length, kind).toBeGreaterThan(500);
      // Nearly all intervals sit in the kind's range; the rest move by a week or two with the season (sooner before
      // Christmas, later in January) or by a day around the Christmas closure.
      const inRange = list.filter((days) => days >= shortest && days <= longest).length;
      expect(inRange / list.length, kind).toBeGreaterThan(0.9);
      const nearRange = list.filter((days) => days >= shortest - 15 && days <= longest + 15).length;
      expect(nearRange / list.length, kind).toBeGreaterThan(0.995);
    }
  });

  it('welcomes new clients every month, so the pool keeps growing', () => {
    const firstSeen = new Map<string, string>();
    for (const payment of data.payments) {
      if (!firstSeen.has(payment.clientId))
        firstSeen.set(payment.clientId, londonDateOf(payment.occurredAt).slice(0, 7));
    }
    const newcomers = new Map<string, number>();
    // A client id carries the month she joined; count those first seen in that very month.
    for (const [id, month] of firstSeen) {
      if (id.startsWith('cl_') && id.slice(3, 10) === month) newcomers.set(month, (newcomers.get(month) ?? 0) + 1);
    }
    expect(newcomers.size).toBe(24);
    for (const count of newcomers.values()) expect(count).toBeGreaterThanOrEqual(20);
    const seenBy = (month: string) => [...firstSeen.values()].filter((m) => m <= month).length;
    expect(seenBy('2025-12')).toBeGreaterThan(seenBy('2025-06'));
    expect(seenBy('2025-06')).toBeGreaterThan(seenBy('2024-12'));
  });

  it('keeps a stable card fingerprint and customer id per client and processor', () => {
    const identity = new Map<string, string>();
    for (const payment of data.payments) {
      const key = `${payment.clientId}|${payment.processor}`;
      const value = `${payment.cardFingerprint}|${payment.customerId}`;
      expect(identity.get(key) ?? value).toBe(value);
      identity.set(key, value);
    }
    const fingerprints = new Map<string, string>();
    for (const payment of data.payments) {
      const owner = fingerprints.get(payment.cardFingerprint) ?? payment.clientId;
      expect(owner).toBe(payment.clientId);
      fingerprints.set(payment.cardFingerprint, payment.clientId);
    }
  });

  it('knows most clients to the processor, but not a walk-in who never comes back', () => {
    const regulars = atSalon.filter((p) => p.clientId.startsWith('cl_') && p.processor === 'square');
    const known = regulars.filter((p) => p.customerId !== null).length;
    expect(known / regulars.length).toBeGreaterThan(0.8);
    const walkIns = atSalon.filter((p) => p.clientId.startsWith('wi_'));
    const walkInVisits = new Map<string, number>();
    for (const p of walkIns) walkInVisits.set(p.clientId, (walkInVisits.get(p.clientId) ?? 0) + 1);
    // Walk-ins of 2024 to September 2025 (the id carries the month) seen once: those never came back.
    const inYears = (id: string) => id.slice(3, 10) >= '2024-01' && id.slice(3, 10) <= '2025-09';
    const once = walkIns.filter(
      (p) => inYears(p.clientId) && walkInVisits.get(p.clientId) === 1 && p.processor === 'square',
    );
    expect(once.length).toBeGreaterThan(100);
    expect(once.every((p) => p.customerId === null)).toBe(true);
    // A walk-in who comes back is saved in the directory when booking again, like a client who booked.
    const again = walkIns.filter((p) => walkInVisits.get(p.clientId)! > 1 && p.processor === 'square');
    expect(again.filter((p) => p.customerId !== null).length / again.length).toBeGreaterThan(0.8);
  });

  it('takes no deposit for a walk-in’s first visit, which was not booked', () => {
    const firstVisit = new Map<string, number>();
    for (const p of atSalon) if (!firstVisit.has(p.clientId)) firstVisit.set(p.clientId, p.occurredAt.getTime());
    const deposits = data.payments.filter((p) => p.purpose === 'deposit');
    const walkInDeposits = deposits.filter((p) => p.clientId.startsWith('wi_'));
    // Deposits of walk-ins who came back, for later visits they booked online; none before the first visit.
    expect(walkInDeposits.length).toBeGreaterThan(0);
    for (const p of walkInDeposits) {
      const first = firstVisit.get(p.clientId);
      if (first !== undefined) expect(p.occurredAt.getTime()).toBeGreaterThan(first);
    }
  });

  it('has most visits from returning clients', () => {
    const visitsPerClient = new Map<string, number>();
    for (const p of atSalon) visitsPerClient.set(p.clientId, (visitsPerClient.get(p.clientId) ?? 0) + 1);
    const fromRegulars = atSalon.filter((p) => (visitsPerClient.get(p.clientId) ?? 0) > 1).length;
    expect(fromRegulars / atSalon.length).toBeGreaterThan(0.65);
  });
});
