import { type DayNumber, dateOf, monthOf, weekdayOf } from './calendar';
import { type Client, type ClientKind, visitIndexIn } from './client-pool';
import { type GenerationContext, memoised } from './context';
import { PRICE_LIST, priceOf, RETAIL_ITEMS, retailPrice, type Service, type StaffLevel } from './price-list';
import { mix32, type Random, randomFor, unit } from './random';
import { CLOSED_WEEKDAY, demandTime, isSalonOpen, openingHours, START_HOUR_WEIGHTS } from './seasonality';

/**
 * One visit to the salon: who, what, how much, when the client pays at the desk, and whether a deposit was paid online
 * at booking.
 */
export interface Appointment {
  day: DayNumber;
  client: Client;
  service: Service;
  /** Line items as the till shows them (service, treatment, retail). */
  items: string[];
  /** The same lines priced, as the till rings them up (their sum is `pricePence`). */
  lines: AppointmentLine[];
  pricePence: number;
  /** London minute of the day and second at which the client pays. */
  payMinute: number;
  paySecond: number;
  /** Card reader: Square at reception; SumUp in the nail room and as the spare reader. */
  processor: 'square' | 'sumup';
  deposit: Deposit | null;
  key: number;
}

export interface AppointmentLine {
  name: string;
  variation: string | null;
  pence: number;
  type: 'service' | 'retail';
}

/** How a till names a stylist's price band (its catalogue variations). */
const LEVEL_VARIATION: Record<StaffLevel, string> = {
  junior: 'Junior stylist',
  stylist: 'Stylist',
  senior: 'Senior stylist',
  director: 'Director',
  nails: 'Nail technician',
};

export interface Deposit {
  pence: number;
  day: DayNumber;
  minute: number;
  bookingReference: string;
}

/** Appointments the salon can fit in a day at scale 1 (about six clients per stylist, plus the nail room). */
const CHAIR_CAPACITY = 46;
/** Bridal parties on a summer Saturday at scale 1 (the summer wedding bump). */
const WEDDINGS_PER_SATURDAY = 0.35;
/** Longest time between booking online (and paying the deposit) and the appointment. */
export const MAX_BOOKING_LEAD_DAYS = 28;

const MINIMUM_DEPOSIT_PENCE = 2000;

function timeOfVisit(day: DayNumber, minutes: number, key: number): { payMinute: number; paySecond: number } {
  const { open, close } = openingHours(day);
  const hours: number[] = [];
  const weights: number[] = [];
  for (let hour = open / 60; hour * 60 + minutes + 5 <= close; hour++) {
    hours.push(hour);
    weights.push(START_HOUR_WEIGHTS[hour] ?? 1);
  }
  let total = 0;
  for (const w of weights) total += w;
  let target = unit(key, 11) * total;
  let hour = hours[0] ?? open / 60;
  for (let i = 0; i < hours.length; i++) {
    target -= weights[i]!;
    if (target < 0) {
      hour = hours[i]!;
      break;
    }
  }
  let start = hour * 60 + 15 * Math.floor(unit(key, 12) * 4);
  start = Math.max(open, Math.min(start, close - minutes - 5));
  return { payMinute: start + minutes + Math.floor(unit(key, 13) * 5), paySecond: Math.floor(unit(key, 14) * 60) };
}

function processorFor(kind: ClientKind, key: number): 'square' | 'sumup' {
  if (kind === 'nails') return 'sumup';
  return unit(key, 15) < 0.06 ? 'sumup' : 'square';
}

function bookingReference(key: number): string {
  return `TB${String(mix32(key, 21) % 1_000_000).padStart(6, '0')}`;
}

/** Builds a visit from its hashed decisions; `firstVisit` means a new client (more online bookings, always a deposit). */
function visit(context: GenerationContext, day: DayNumber, client: Client, key: number, firstVisit: boolean) {
  const region = context.profile.town.priceFactor;
  const level = client.stylist.level;
  // A colour regular has a cut & finish between colours about one visit in four; a blow-dry regular books a
  // conditioning treatment with the blow-dry about one visit in six.
  let service: Service = client.mainService;
  if (client.kind === 'colour' && !firstVisit && unit(key, 1) < 0.25) service = 'Cut & finish';
  if (client.kind === 'blow-dry' && unit(key, 1) < 0.16) service = 'Treatment';
  const items: string[] = service === 'Treatment' ? ['Treatment', 'Blow-dry'] : [service];
  const variation = LEVEL_VARIATION[level];
  const lines: AppointmentLine[] = [
    { name: service, variation, pence: priceOf(service, day, region, level), type: 'service' },
  ];
  let pricePence = lines[0]!.pence;
  let minutes = PRICE_LIST[service].minutes;
  if (service === 'Treatment') {
    const pence = priceOf('Blow-dry', day, region, level);
    lines.push({ name: 'Blow-dry', variation, pence, type: 'service' });
    pricePence += pence;
    minutes += PRICE_LIST['Blow-dry'].minutes;
  }
  if (client.kind !== 'gents' && client.kind !== 'nails' && service !== 'Treatment' && unit(key, 2) < 0.12) {
    items.push('Treatment');
    const pence = priceOf('Treatment', day, region, level);
    lines.push({ name: 'Treatment', variation, pence, type: 'service' });
    pricePence += pence;
    minutes += PRICE_LIST.Treatment.minutes;
  }
  if (unit(key, 3) < 0.12) {
    const item = RETAIL_ITEMS[mix32(key, 4) % RETAIL_ITEMS.length]!;
    items.push(item.name);
    const pence = retailPrice(item.basePence, day);
    lines.push({ name: item.name, variation: null, pence, type: 'retail' });
    pricePence += pence;
  }
  // New clients mostly book online and always leave a deposit; regulars often rebook at the desk, and leave a deposit
  // online only for work of £100 or more. A walk-in's first visit (ids 'wi_') was not booked at all.
  const walkedIn = firstVisit && client.walkIn;
  const online = !walkedIn && unit(key, 5) < (firstVisit ? 0.7 : 0.4);
  let deposit: Deposit | null = null;
  if (online && (firstVisit || pricePence >= 10_000)) {
    const pence = Math.min(pricePence, Math.max(MINIMUM_DEPOSIT_PENCE, Math.ceil((pricePence * 0.2) / 500) * 500));
    // A later visit is booked after the first (a walk-in's next visit is booked only once they have walked in).
    const lead = Math.min(
      2 + Math.floor(unit(key, 6) * (MAX_BOOKING_LEAD_DAYS - 1)),
      firstVisit ? Infinity : day - client.joinDay - 1,
    );
    deposit = {
      pence,
      day: day - lead,
      minute: 7 * 60 + Math.floor(unit(key, 7) * 16 * 60),
      bookingReference: bookingReference(key),
    };
  }
  const appointment: Appointment = {
    day,
    client,
    service,
    items,
    lines,
    pricePence,
    ...timeOfVisit(day, minutes, key),
    processor: processorFor(client.kind, key),
    deposit,
    key,
  };
  return appointment;
}

/** The three open days before a holiday closure, nearest first: they share the regulars due on it. */
function openDaysBefore(closure: DayNumber): DayNumber[] {
  const days: DayNumber[] = [];
  for (let day = closure - 1; days.length < 3; day--) if (isSalonOpen(day)) days.push(day);
  return days;
}

/**
 * The weekday slots a day serves: its own, and a share of each nearby holiday closure's (regulars due on Christmas
 * Day spread over the three open days before it, by their own hash), so no single day takes a whole extra weekday.
 */
function slotsServedBy(day: DayNumber): { slot: DayNumber; share: number; of: number }[] {
  const slots = [{ slot: day, share: 0, of: 1 }];
  for (let closure = day + 1; closure <= day + 7; closure++) {
    if (isSalonOpen(closure) || weekdayOf(closure) === CLOSED_WEEKDAY) continue;
    const share = openDaysBefore(closure).indexOf(day);
    if (share >= 0) slots.push({ slot: closure, share, of: 3 });
  }
  return slots;
}

function oneOffClient(
  context: GenerationContext,
  random: Random,
  day: DayNumber,
  id: string,
  kind: ClientKind,
  stripeProfile: boolean,
): Client {
  const { hairStylists, nailTechnicians } = context.profile;
  const stylists = kind === 'nails' ? nailTechnicians : hairStylists;
  const service: Record<ClientKind, Service> = {
    colour: 'Full head colour',
    cut: 'Cut & finish',
    gents: "Gents' cut",
    nails: 'Gel manicure',
    'blow-dry': 'Blow-dry',
  };
  return {
    id,
    kind,
    key: random.int(0, 0xffffffff),
    words: [random.int(0, 0xffffffff), random.int(0, 0xffffffff), random.int(0, 0xffffffff), random.int(0, 0xffffffff)],
    joinDay: day,
    weekday: weekdayOf(day),
    phase: demandTime(day),
    interval: 0,
    visits: 1,
    walkIn: false,
    stylist: stylists[random.int(0, stylists.length - 1)]!,
    mainService: service[kind],
    squareProfile: false,
    stripeProfile,
  };
}

function weddingsOn(context: GenerationContext, day: DayNumber, random: Random): Appointment[] {
  const month = monthOf(day);
  if (weekdayOf(day) !== 6 || month < 5 || month > 9) return [];
  const parties = random.poisson(WEDDINGS_PER_SATURDAY * context.profile.scale);
  const weddings: Appointment[] = [];
  for (let i = 0; i < parties; i++) {
    const client = oneOffClient(context, random, day, `wd_${dateOf(day)}_${i}`, 'cut', true);
    const guests = random.int(2, 5);
    const perHead = priceOf('Wedding hair', day, context.profile.town.priceFactor, 'stylist');
    const pricePence = Math.round((perHead * (guests + 1.6)) / 500) * 500;
    const key = client.key;
    weddings.push({
      day,
      client,
      service: 'Wedding hair',
      items: [`Wedding hair (bride + ${guests})`],
      lines: [{ name: 'Wedding hair', variation: `Bride + ${guests}`, pence: pricePence, type: 'service' }],
      pricePence,
      payMinute: 11 * 60 + random.int(0, 90),
      paySecond: random.int(0, 59),
      processor: 'square',
      deposit: {
        pence: random.pick([5000, 7500, 10_000]),
        day: day - random.int(14, MAX_BOOKING_LEAD_DAYS),
        minute: 7 * 60 + random.int(0, 16 * 60 - 1),
        bookingReference: bookingReference(key),
      },
      key,
    });
  }
  return weddings;
}

/** Last tie-breaker, so that order never depends on the order days were computed in. */
export function compareIds(a: Appointment, b: Appointment): number {
  return a.client.id < b.client.id ? -1 : a.client.id > b.client.id ? 1 : a.day - b.day;
}

/** Everyone who has an appointment on a day, in the order they pay. */
export function appointmentsOn(context: GenerationContext, day: DayNumber): Appointment[] {
  return memoised(context, 'appointments', day, () => {
    if (!isSalonOpen(day)) return [];
    const appointments: Appointment[] = [];
    const passingWalkIns: Client[] = [];
    for (const { slot, share, of } of slotsServedBy(day)) {
      const windowStart = demandTime(slot - 3);
      const windowEnd = demandTime(slot + 4);
      for (const client of context.pool.byWeekday[weekdayOf(slot)]!) {
        const k = visitIndexIn(client, windowStart, windowEnd);
        if (k < 0 || mix32(client.key, slot) % of !== share) continue;
        if (client.walkIn && client.visits === 1) passingWalkIns.push(client);
        else appointments.push(visit(context, day, client, mix32(client.key, k + 1), k === 0));
      }
    }
    // A walk-in who will not come back is turned away once the chairs are full (one who will come back was seated:
    // their later visits must not depend on this day's bookings).
    const free = Math.max(0, Math.round(CHAIR_CAPACITY * context.profile.scale) - appointments.length);
    passingWalkIns.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const client of passingWalkIns.slice(0, free))
      appointments.push(visit(context, day, client, mix32(client.key, 1), true));
    appointments.push(...weddingsOn(context, day, randomFor(context.profile.seed, 'weddings', dateOf(day))));
    for (const appointment of appointments) {
      if (!appointment.deposit) continue;
      const list = context.depositsByDay.get(appointment.deposit.day);
      if (list) list.push(appointment);
      else context.depositsByDay.set(appointment.deposit.day, [appointment]);
    }
    return appointments.sort(
      (a, b) => a.payMinute - b.payMinute || a.paySecond - b.paySecond || a.key - b.key || compareIds(a, b),
    );
  });
}
