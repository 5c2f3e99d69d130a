import {
  type DayNumber,
  firstDayOfMonth,
  lastDayOfMonth,
  type MonthIndex,
  monthIndexOf,
  monthLabel,
  weekdayOf,
} from './calendar';
import type { Service } from './price-list';
import { cardFingerprint, customerId } from './provider-ids';
import { hashWords, mix32, randomFor, randomFromWords } from './random';
import type { SalonProfile, StaffMember } from './salon-profile';
import { demandOn, demandTime, isSalonOpen, WEEKDAY_SHARE } from './seasonality';
import type { Processor } from './types';

/**
 * The salon's clients. Each month brings a cohort of new clients, whether they booked or walked in; 30% of them come
 * back within about 90 days and become regulars (Phorest's new-client retention), the rest are one-off visits
 * (docs/sandbox.md, "Clients and retention"). A regular keeps a weekday and a rhythm, counted in demand time
 * (seasonality.ts) so they come sooner before Christmas and later in January. Whether a regular visits on a day is
 * decided from the client's own numbers alone: visit k happens in the week whose window holds phase + k × interval.
 */
export type ClientKind = 'colour' | 'cut' | 'gents' | 'nails' | 'blow-dry';

/** Days between visits, per kind (docs/sandbox.md, "Where the salon's figures come from", "Spend and frequency"). */
export const VISIT_INTERVAL_DAYS: Record<ClientKind, [number, number]> = {
  // Colour every 6.5 weeks (Living Proof 2019): 6–8 weeks.
  colour: [42, 56],
  // A trim every 6 weeks (Fabriah) to every 8.2 weeks (vouchercloud): 6–10 weeks.
  cut: [42, 70],
  // Barbers recommend 2–6 weeks; £156 a year at £13 is about 12 cuts (Ripe 2025): 3–5 weeks.
  gents: [21, 35],
  // Gel lasts two to three weeks (assumption).
  nails: [14, 21],
  // The weekly or fortnightly "wash and blow-dry" regular (assumption).
  'blow-dry': [7, 14],
};

const KINDS: readonly ClientKind[] = ['colour', 'cut', 'gents', 'nails', 'blow-dry'];
/** What a client who booked comes for. */
const KIND_WEIGHTS = [0.34, 0.3, 0.18, 0.13, 0.05];
/** What a client who walks in comes for: mostly a gents' cut, never a colour (it needs a patch test first). */
const WALK_IN_KIND_WEIGHTS = [0, 0.45, 0.4, 0.1, 0.05];

/**
 * New clients a month at scale 1, those who book and those who walk in; with 30% retained and regulars staying
 * about a year this gives ~850 visits a month.
 */
const NEW_CLIENTS_PER_MONTH = 165;
/** The share of new clients who walk in rather than book. */
const WALK_IN_SHARE = 0.4;
/**
 * New-client retention: 30% come back within about 90 days (Phorest benchmark), whether they booked or walked in.
 * Every returner's first return falls within 90 days (the longest rhythm is 10 weeks).
 */
export const RETURN_RATE = 0.3;
/**
 * Regulars stay on average 1.1 years: with 30% of new clients retained this puts overall retention (of the clients
 * seen in 90 days, the share seen again in the next 90) near Phorest's 58%; a longer life would put it far above.
 */
const MEAN_LIFETIME_YEARS = 1.1;
export const MAX_LIFETIME_YEARS = 8;

const COLOUR_SERVICES: readonly Service[] = [
  'Full head colour',
  'Root touch-up',
  'Full head highlights',
  'Half head highlights',
  'Balayage',
];
const COLOUR_WEIGHTS = [0.4, 0.25, 0.15, 0.1, 0.1];

export interface Client {
  id: string;
  kind: ClientKind;
  /** Salt for the cheap per-visit hashes (random.ts mix32). */
  key: number;
  words: [number, number, number, number];
  joinDay: DayNumber;
  weekday: number;
  /** Demand time of the first visit. */
  phase: number;
  /** Demand-days between visits. */
  interval: number;
  /** Number of visits in the client's life with the salon (1: never came back). */
  visits: number;
  /** Whether the first visit was a walk-in (no booking, no deposit). */
  walkIn: boolean;
  stylist: StaffMember;
  /** The service the client books: a colour service, a nail service, a cut… */
  mainService: Service;
  /** Whether reception saved the client in Square's customer directory. */
  squareProfile: boolean;
  /** Whether the booking system created a Stripe customer for the client when booking online. */
  stripeProfile: boolean;
  identities?: Partial<Record<Processor, { customerId: string | null; fingerprint: string }>>;
}

/** The processor's customer id and card fingerprint for this client, made once per client and processor. */
export function identityAt(client: Client, processor: Processor): { customerId: string | null; fingerprint: string } {
  client.identities ??= {};
  let identity = client.identities[processor];
  if (!identity) {
    const salt = processor === 'stripe' ? 0x51f1 : processor === 'square' ? 0x5a0e : 0x50b0;
    const [a, b, c, d] = client.words;
    const random = randomFromWords(a ^ salt, b, c ^ (salt << 16), d);
    const fingerprint = cardFingerprint(processor, random);
    const id =
      processor === 'stripe' && client.stripeProfile
        ? customerId('stripe', random)
        : processor === 'square' && client.squareProfile
          ? customerId('square', random)
          : null;
    identity = { customerId: id, fingerprint };
    client.identities[processor] = identity;
  }
  return identity;
}

const GOLDEN_RATIO = 0.618_033_988_75;
const SQRT2_MINUS_1 = 0.414_213_562_37;

/** The weekday at a point of the cumulative weekday shares. */
function weekdayAt(point: number): number {
  let cumulative = 0;
  for (let weekday = 0; weekday < 7; weekday++) {
    cumulative += WEEKDAY_SHARE[weekday]!;
    if (point < cumulative) return weekday;
  }
  return 6;
}

/** A month's new clients, leaving out those whose last visit is before demand time `earliest` (no longer needed). */
function cohort(profile: SalonProfile, month: MonthIndex, earliest: number): Client[] {
  const label = monthLabel(month);
  const openDaysByWeekday: DayNumber[][] = Array.from({ length: 7 }, () => []);
  for (let day = firstDayOfMonth(month); day <= lastDayOfMonth(month); day++) {
    if (isSalonOpen(day)) openDaysByWeekday[weekdayOf(day)]!.push(day);
  }
  const dayWeights = openDaysByWeekday.map((days) => days.map((day) => demandOn(day)));
  let demand = 0;
  for (let day = firstDayOfMonth(month); day <= lastDayOfMonth(month); day++) demand += demandOn(day);
  const averageDemand = demand / (lastDayOfMonth(month) - firstDayOfMonth(month) + 1);
  const count = randomFor(profile.seed, 'cohort-size', label).poisson(
    NEW_CLIENTS_PER_MONTH * profile.scale * averageDemand,
  );
  const offset = randomFor(profile.seed, 'cohort-weekdays').next();
  const returnOffset = randomFor(profile.seed, 'cohort-returns', label).next();
  const streamCounts = new Map<string, number>();
  const [w0, w1, w2, w3] = hashWords(profile.seed, 'clients', label);
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    // One stream per client, so a client is the same whatever the cohort's size (and so the same at every scale);
    // mixed from the cohort's hash rather than hashed afresh, as tens of thousands of clients are made per call.
    const words: [number, number, number, number] = [mix32(w0, i), mix32(w1, i), mix32(w2, i), mix32(w3, i)];
    const random = randomFromWords(...words);
    const walkIn = random.chance(WALK_IN_SHARE);
    const kind = random.weighted(KINDS, walkIn ? WALK_IN_KIND_WEIGHTS : KIND_WEIGHTS);
    // Who returns is spread evenly over the cohort (a Weyl sequence from a per-month offset) rather than drawn
    // independently, so each month's new clients return at close to the rate, not 30% ± a small cohort's noise.
    const returns = (returnOffset + i * GOLDEN_RATIO) % 1 < RETURN_RATE;
    // Weekdays are spread evenly (a Weyl sequence over the weekday shares, per kind of client and whether the
    // client returns, continuing from month to month) rather than drawn independently: a handful of weekly regulars
    // landing on the same day would otherwise make a seed's Wednesdays busier than its Fridays.
    const stream = `${kind}:${returns}`;
    const position = streamCounts.get(stream) ?? 0;
    streamCounts.set(stream, position + 1);
    const weekday = weekdayAt((offset + month * SQRT2_MINUS_1 + position * GOLDEN_RATIO) % 1);
    const candidates = openDaysByWeekday[weekday]!;
    const joinDay = random.weighted(candidates, dayWeights[weekday]!);
    const [shortest, longest] = VISIT_INTERVAL_DAYS[kind];
    const interval = shortest + random.next() * (longest - shortest);
    const lifetimeYears = Math.min(MAX_LIFETIME_YEARS, -Math.log(1 - random.next()) * MEAN_LIFETIME_YEARS);
    const visits = returns ? 2 + Math.floor((lifetimeYears * 365) / interval) : 1;
    const phase = demandTime(joinDay);
    if (phase + (visits - 1) * interval < earliest) continue;
    const stylists = kind === 'nails' ? profile.nailTechnicians : profile.hairStylists;
    const stylist = stylists[Math.floor(random.next() * stylists.length)]!;
    const mainService: Service =
      kind === 'colour'
        ? random.weighted(COLOUR_SERVICES, COLOUR_WEIGHTS)
        : kind === 'nails'
          ? random.chance(0.7)
            ? 'Gel manicure'
            : 'BIAB nails'
          : kind === 'gents'
            ? "Gents' cut"
            : kind === 'blow-dry'
              ? 'Blow-dry'
              : 'Cut & finish';
    clients.push({
      id: `${walkIn ? 'wi' : 'cl'}_${label}_${String(i).padStart(4, '0')}`,
      kind,
      key: random.int(0, 0xffffffff),
      words,
      joinDay,
      weekday: weekdayOf(joinDay),
      phase,
      interval,
      visits,
      walkIn,
      stylist,
      mainService,
      // Reception saves a client in Square's directory when they book; a walk-in only when booking the next visit.
      squareProfile: random.chance(0.88) && (returns || !walkIn),
      stripeProfile: random.chance(0.75),
    });
  }
  return clients;
}

/** Clients who could visit in a range, bucketed by weekday (the only weekday each of them comes on). */
export interface ClientPool {
  byWeekday: Client[][];
}

/**
 * Builds every cohort that can still have visits in [from, to]: a client's life is capped, so cohorts older than that
 * cap are skipped. A cohort is a pure function of (seed, month, scale), whatever range asked for it.
 */
export function clientPool(profile: SalonProfile, from: DayNumber, to: DayNumber): ClientPool {
  const byWeekday: Client[][] = Array.from({ length: 7 }, () => []);
  const earliest = demandTime(from) - 40;
  for (let month = monthIndexOf(from) - 12 * (MAX_LIFETIME_YEARS + 1); firstDayOfMonth(month) <= to; month++) {
    for (const client of cohort(profile, month, earliest)) byWeekday[client.weekday]!.push(client);
  }
  return { byWeekday };
}

/**
 * Which visit (0 = first) a client makes in the week-long window around `slot` (three days either side of the
 * client's weekday), or -1. Called millions of times, so it is plain arithmetic.
 */
export function visitIndexIn(client: Client, windowStart: number, windowEnd: number): number {
  const k = Math.max(0, Math.ceil((windowStart - client.phase) / client.interval));
  if (k >= client.visits) return -1;
  return client.phase + k * client.interval < windowEnd ? k : -1;
}
