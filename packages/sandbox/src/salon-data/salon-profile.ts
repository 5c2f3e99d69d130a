import type { StaffLevel } from './price-list';
import { type Random, randomFor } from './random';
import type { SalonLegalForm } from './types';

/** Where the salon is: prices, rent and the council that bills business rates follow the town. */
interface Town {
  town: string;
  council: string;
  /**
   * Price level against the UK average: London is 20% above for a basket of services and 42% above for cut + colour
   * (Direct Line 2017, Yell 2024); Bristol cuts cost over £57 and Cardiff is among the cheapest (Yumi/Treatwell 2021).
   */
  priceFactor: number;
}

const TOWNS: readonly Town[] = [
  { town: 'Leeds', council: 'LEEDS CITY COUNCIL', priceFactor: 0.95 },
  { town: 'Manchester', council: 'MANCHESTER CITY COUNCIL', priceFactor: 1 },
  { town: 'Bristol', council: 'BRISTOL CITY COUNCIL', priceFactor: 1.15 },
  { town: 'Nottingham', council: 'NOTTINGHAM CITY COUNCIL', priceFactor: 0.95 },
  { town: 'Brighton', council: 'BRIGHTON & HOVE CC', priceFactor: 1.1 },
  { town: 'York', council: 'CITY OF YORK COUNCIL', priceFactor: 1 },
  { town: 'Cardiff', council: 'CARDIFF COUNCIL', priceFactor: 0.9 },
  { town: 'Clapham, London', council: 'LB OF LAMBETH', priceFactor: 1.3 },
];

const SALON_NAMES = [
  'Willow & Co Hair',
  'The Cutting Room',
  'Halo Hair Studio',
  'Maple Hair Lounge',
  'Fig & Finch Salon',
  'Copper & Clay Hair',
];

const FIRST_NAMES = [
  'Sophie',
  'Chloe',
  'Megan',
  'Jade',
  'Holly',
  'Lauren',
  'Amelia',
  'Priya',
  'Aisha',
  'Ellie',
  'Georgia',
  'Zara',
  'Rebecca',
  'Hannah',
  'Kirsty',
  'Daniel',
  'Liam',
  'Tom',
  'Ryan',
  'Jordan',
];
const SURNAMES = [
  'Mitchell',
  'Hughes',
  'Patel',
  'Khan',
  'Walsh',
  'Evans',
  'Clarke',
  'Turner',
  'Begum',
  'Murphy',
  'Robinson',
  'Wright',
  'Shaw',
  'Bennett',
  'Kaur',
  'Lewis',
];

export type StaffRole = 'owner' | 'senior' | 'stylist' | 'junior' | 'nail technician' | 'receptionist' | 'apprentice';

export interface StaffMember {
  index: number;
  name: string;
  /** As a bank shows a payee: initial and surname in capitals. */
  payee: string;
  role: StaffRole;
  level: StaffLevel;
  /** Contracted hours a week (the owner draws a fixed director's salary instead). */
  weeklyHours: number;
  /** Multiple of the National Living Wage paid as the hourly rate. */
  rateFactor: number;
  /** Whether clients book with this person (receptionists and apprentices assist). */
  bookable: boolean;
  key: number;
}

export interface SalonProfile {
  seed: string;
  scale: number;
  legalForm: SalonLegalForm;
  /** The owner's Self Assessment Unique Taxpayer Reference: 10 digits (paid with K after it). */
  utr: string;
  /** Each payment on account of the owner's Income Tax, 31 January and 31 July (a sole trader only), in pence. */
  selfAssessmentPence: number;
  name: string;
  town: Town;
  owner: StaffMember;
  staff: StaffMember[];
  hairStylists: StaffMember[];
  nailTechnicians: StaffMember[];
  /** Monthly rent at scale 1 before the yearly review, in pence. */
  rentPence: number;
  landlord: string;
  energySupplier: { payee: string; counterparty: string };
  vatNumber: string;
  /** HMRC Accounts Office reference: 13 characters (gov.uk/pay-paye-tax). */
  payeReference: string;
  savingsAccount: string;
  roomRenter: { payee: string; weeklyPence: number };
  /** Salt for cheap per-client hashes, derived from the seed. */
  key: number;
}

function staffMember(random: Random, index: number, role: StaffRole, usedNames: Set<string>): StaffMember {
  // Names repeat only in salons larger than the name lists can cover (very large scales).
  let name = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
  for (let tries = 0; usedNames.has(name) && tries < 50; tries++) {
    name = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
  }
  usedNames.add(name);
  const [first, last] = name.split(' ') as [string, string];
  const shape: Record<StaffRole, { level: StaffLevel; hours: number; rate: number; bookable: boolean }> = {
    owner: { level: 'director', hours: 0, rate: 0, bookable: true },
    senior: { level: 'senior', hours: 37.5, rate: 1.35, bookable: true },
    stylist: { level: 'stylist', hours: 37.5, rate: 1.15, bookable: true },
    junior: { level: 'junior', hours: 37.5, rate: 1, bookable: true },
    'nail technician': { level: 'nails', hours: 32, rate: 1.1, bookable: true },
    receptionist: { level: 'stylist', hours: 25, rate: 1, bookable: false },
    apprentice: { level: 'junior', hours: 37.5, rate: 0, bookable: false },
  };
  const { level, hours, rate, bookable } = shape[role];
  return {
    index,
    name,
    payee: `${first[0]} ${last.toUpperCase()}`,
    role,
    level,
    weeklyHours: hours,
    rateFactor: rate,
    bookable,
    key: random.int(0, 0xffffffff),
  };
}

/**
 * The salon behind a seed. A typical salon has a working proprietor and a few stylists (2.5 full-time and 2.3
 * part-time staff on average, Salon Services 2014); at scale 1 this one is busy: the owner, four stylists, a nail
 * technician, a part-time receptionist and an apprentice, about six clients per stylist a day. Larger scales model a
 * bigger salon with proportionally more staff.
 */
export function salonProfile(seed: string, scale: number, legalForm: SalonLegalForm = 'limited_company'): SalonProfile {
  // Staff come from their own stream so that the salon itself (town, rent, suppliers) is the same at every scale.
  const random = randomFor(seed, 'salon');
  const staffRandom = randomFor(seed, 'staff');
  const town = random.pick(TOWNS);
  const name = random.pick(SALON_NAMES);
  const usedNames = new Set<string>();
  const owner = staffMember(staffRandom, 0, 'owner', usedNames);
  // A small salon (scale well below 1) keeps one stylist and one nail technician; the other roles scale to zero.
  const count = (perSalon: number, minimum = 0) => Math.max(minimum, Math.round(perSalon * scale));
  const roles: StaffRole[] = [
    ...Array<StaffRole>(count(1)).fill('senior'),
    ...Array<StaffRole>(count(2, 1)).fill('stylist'),
    ...Array<StaffRole>(count(1)).fill('junior'),
    ...Array<StaffRole>(count(1, 1)).fill('nail technician'),
    ...Array<StaffRole>(count(1)).fill('receptionist'),
    ...Array<StaffRole>(count(1)).fill('apprentice'),
  ];
  const staff = roles.map((role, i) => staffMember(staffRandom, i + 1, role, usedNames));
  const hairStylists = [owner, ...staff.filter((s) => s.bookable && s.role !== 'nail technician')];
  const nailTechnicians = staff.filter((s) => s.role === 'nail technician');
  const landlordNames = ['HIGHGATE ESTATES LTD', 'MARLOW PROPERTY CO', 'ASHFORD INVESTMENTS LTD', 'CASTLEGATE ESTATES'];
  const energy = random.pick([
    { payee: 'BRITISH GAS BUSINE', counterparty: 'British Gas Business' },
    { payee: 'OCTOPUS ENERGY', counterparty: 'Octopus Energy' },
    { payee: 'EDF ENERGY', counterparty: 'EDF Energy' },
  ]);
  const renterFirst = random.pick(FIRST_NAMES);
  const renterLast = random.pick(SURNAMES);
  // The owner's own tax comes from a stream of its own, so the salon above is the same whatever its legal form.
  const taxRandom = randomFor(seed, 'self-assessment');
  return {
    seed,
    scale,
    legalForm,
    utr: taxRandom.chars('0123456789', 10),
    // About half a year's Income Tax and Class 4 National Insurance on a working owner's profit: £2,700–£5,400 at the
    // demo's scale, more for a bigger salon.
    selfAssessmentPence: Math.round(taxRandom.int(9_000, 18_000) * scale) * 100,
    name,
    town,
    owner,
    staff,
    hairStylists,
    nailTechnicians,
    // No authoritative UK salon rent exists: £500 (small, cheap area) to £2,000+ (prime) a month, and occupancy
    // (rent, rates, utilities) targets 10% of turnover but runs nearer 25% (Payne Sherlock). A busy eight-chair unit
    // on a high street: £2,200–£3,000 a month, scaled by the town's price level.
    rentPence: Math.round((random.int(2200, 3000) * town.priceFactor) / 50) * 50 * 100,
    landlord: random.pick(landlordNames),
    energySupplier: energy,
    vatNumber: String(random.int(100_000_000, 999_999_999)),
    payeReference: `${random.int(100, 999)}P${random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 1)}${random.chars('0123456789', 8)}`,
    savingsAccount: `${random.int(10, 99)}-${random.int(10, 99)}-${random.int(10, 99)} ${random.chars('0123456789', 8)}`,
    // A self-employed lash and brow technician rents the beauty room: fixed chair rents run about £80–£250 a week
    // (Protectivity; Salons Direct, 2015–24).
    roomRenter: { payee: `${renterFirst[0]} ${renterLast.toUpperCase()}`, weeklyPence: random.int(12, 18) * 1000 },
    key: random.int(0, 0xffffffff),
  };
}
