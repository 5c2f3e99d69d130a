/** Consent length the simulator's banks allow: 90 days in seconds, as UK banks commonly do. */
export const MAXIMUM_CONSENT_VALIDITY = 90 * 86_400;

export type PsuType = 'business' | 'personal';

/** An ASPSP as GET /aspsps lists it (the fields Enable Banking's ASPSPData carries). */
export interface Aspsp {
  name: string;
  country: string;
  logo: string;
  psu_types: PsuType[];
  auth_methods: Array<{ name: string; title: string; psu_type: PsuType; approach: 'REDIRECT'; hidden_method: false }>;
  maximum_consent_validity: number;
  beta: boolean;
  bic: string;
  required_psu_headers: string[];
  sandbox?: { users: Array<{ username: string; password: string; otp: string }> };
}

type Seed = [name: string, bic: string, psuTypes: PsuType[], colour: string];

/**
 * UK banks under country GB. "Mock ASPSP" is Enable Banking's own test bank and comes first;
 * some banks serve personal customers only, so asking for business banks leaves them out.
 */
const GB_ASPSPS: Seed[] = [
  ['Mock ASPSP', 'MOCKGB21', ['business', 'personal'], '#0a7d5a'],
  ['Barclays Business', 'BUKBGB22', ['business'], '#00395d'],
  ['HSBC UK Business', 'HBUKGB4B', ['business'], '#a8000b'],
  ['Lloyds Business', 'LOYDGB2L', ['business'], '#024731'],
  ['NatWest', 'NWBKGB2L', ['business', 'personal'], '#42145f'],
  ['Santander UK', 'ABBYGB2L', ['business', 'personal'], '#ec0000'],
  ['Royal Bank of Scotland', 'RBOSGB2L', ['business', 'personal'], '#0a2f5c'],
  ['Starling Bank', 'SRLGGB3L', ['business', 'personal'], '#6935d3'],
  ['Tide', 'TIDEGB22', ['business'], '#4c57e5'],
  ['Monzo', 'MONZGB2L', ['business', 'personal'], '#ff4f40'],
  ['Revolut', 'REVOGB21', ['business', 'personal'], '#191c1f'],
  ['Metro Bank', 'MYMBGB2L', ['business', 'personal'], '#c8102e'],
  ['TSB', 'TSBSGB2A', ['business', 'personal'], '#0067b2'],
  ['Virgin Money', 'NRNBGB22', ['business', 'personal'], '#cc0000'],
  ['Halifax', 'HLFXGB22', ['personal'], '#005eb8'],
  ['Nationwide', 'NAIAGB21', ['personal'], '#1b2e65'],
  ['first direct', 'MIDLGB22', ['personal'], '#000000'],
];

/** Logos are served by the simulator at Enable Banking's own URL shape, `/brands/<country>/<name>/`. */
export function aspspLogoUrl(publicBaseUrl: string, country: string, name: string): string {
  return `${publicBaseUrl}/brands/${country}/${encodeURIComponent(name)}/`;
}

export function allAspsps(publicBaseUrl: string): Aspsp[] {
  return GB_ASPSPS.map(([name, bic, psuTypes]) => ({
    name,
    country: 'GB',
    logo: aspspLogoUrl(publicBaseUrl, 'GB', name),
    psu_types: psuTypes,
    auth_methods: psuTypes.map((psuType) => ({
      name: `${psuType}-redirect`,
      title: psuType === 'business' ? 'Business online banking' : 'Online banking',
      psu_type: psuType,
      approach: 'REDIRECT' as const,
      hidden_method: false as const,
    })),
    maximum_consent_validity: MAXIMUM_CONSENT_VALIDITY,
    beta: false,
    bic,
    required_psu_headers: [],
    ...(name === 'Mock ASPSP'
      ? { sandbox: { users: [{ username: 'salon-owner', password: 'sandbox', otp: '123456' }] } }
      : {}),
  }));
}

export function findAspsp(publicBaseUrl: string, name: unknown, country: unknown): Aspsp | undefined {
  return allAspsps(publicBaseUrl).find((aspsp) => aspsp.name === name && aspsp.country === country);
}

/** A small badge with the bank's initials: the simulator cannot fetch real logos. */
export function aspspLogoSvg(country: string, name: string): string | undefined {
  const entry = GB_ASPSPS.find(([candidate]) => candidate === name);
  if (!entry || country !== 'GB') return undefined;
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .map((word) => word[0]?.toUpperCase())
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${entry[3]}"/><text x="32" y="41" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
