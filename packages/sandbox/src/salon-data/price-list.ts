import { type DayNumber, yearOf } from './calendar';

/**
 * The services a mid-market UK salon sells, with 2024 UK-average prices from docs/sandbox.md, "Where the salon's
 * figures come from" and how long each takes (durations decide when in the day the client pays).
 */
export type Service =
  | 'Cut & finish'
  | 'Full head colour'
  | 'Root touch-up'
  | 'Full head highlights'
  | 'Half head highlights'
  | 'Balayage'
  | 'Blow-dry'
  | "Gents' cut"
  | 'Gel manicure'
  | 'BIAB nails'
  | 'Treatment'
  | 'Wedding hair'
  | 'Gift voucher';

interface PriceEntry {
  basePence: number;
  minutes: number;
}

export const PRICE_LIST: Record<Service, PriceEntry> = {
  // Women's wash, cut & blow-dry, UK average £48 (Yell, 2024).
  'Cut & finish': { basePence: 4800, minutes: 60 },
  // Wash/cut/blow-dry + colour, UK average £130 (Yell, 2024).
  'Full head colour': { basePence: 13000, minutes: 120 },
  // Root touch-up average £73 (NimbleFins/YouGov, c.2022).
  'Root touch-up': { basePence: 7300, minutes: 90 },
  // Full-head highlights £98–£123, average £110.50; half head £74–£103 (NimbleFins/YouGov, c.2022).
  'Full head highlights': { basePence: 11000, minutes: 150 },
  'Half head highlights': { basePence: 8800, minutes: 120 },
  // No UK balayage average exists; full-head highlights (£110.50) plus Treatwell's 35.5% post-lockdown rise ≈ £150.
  Balayage: { basePence: 15000, minutes: 180 },
  // No reliable stand-alone blow-dry average; priced at about 60% of a cut & finish (assumption).
  'Blow-dry': { basePence: 3000, minutes: 45 },
  // Barbers average £13 (Ripe, 2025); a salon gents' cut is priced well above a barber's (assumption).
  "Gents' cut": { basePence: 2200, minutes: 30 },
  // Basic gel £25–£40, BIAB £35–£55 outside London (thenailwiki, 2026).
  'Gel manicure': { basePence: 3200, minutes: 60 },
  'BIAB nails': { basePence: 4500, minutes: 75 },
  // Bond-building / conditioning treatment added to a visit; no UK average found (assumption).
  Treatment: { basePence: 2000, minutes: 20 },
  // Per person in a bridal party; no UK average found (assumption).
  'Wedding hair': { basePence: 7500, minutes: 60 },
  'Gift voucher': { basePence: 0, minutes: 0 },
};

/** Staff levels price differently: the junior-to-director spread for a cut was £30.44–£40.78 (Direct Line, 2017). */
export const LEVEL_PRICE_FACTOR = { junior: 0.88, stylist: 1, senior: 1.1, director: 1.18, nails: 1 } as const;
export type StaffLevel = keyof typeof LEVEL_PRICE_FACTOR;

/** Salons review prices each January; about 4% a year keeps the 2024 averages in line with wage rises (assumption). */
const YEARLY_PRICE_RISE = 1.04;

/** The salon's price in whole pounds, as salons print them. */
export function priceOf(service: Service, day: DayNumber, regionFactor: number, level: StaffLevel): number {
  const yearFactor = YEARLY_PRICE_RISE ** (yearOf(day) - 2024);
  const pounds = (PRICE_LIST[service].basePence / 100) * regionFactor * LEVEL_PRICE_FACTOR[level] * yearFactor;
  return Math.round(pounds) * 100;
}

/** Retail add-ons sold at the desk (shampoo, styling products), in 2024 pence before the yearly rise. */
export const RETAIL_ITEMS: readonly { name: string; basePence: number }[] = [
  { name: 'Olaplex No.3', basePence: 2800 },
  { name: 'Kérastase shampoo', basePence: 2600 },
  { name: 'Redken heat protector', basePence: 1800 },
  { name: 'Wella dry shampoo', basePence: 1200 },
  { name: 'Cuticle oil', basePence: 900 },
];

export function retailPrice(basePence: number, day: DayNumber): number {
  return Math.round((basePence / 100) * YEARLY_PRICE_RISE ** (yearOf(day) - 2024)) * 100;
}
