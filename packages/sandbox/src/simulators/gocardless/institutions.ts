/** A GoCardless institution as GET /institutions/ returns it (day counts are strings, as in the real API). */
export interface Institution {
  id: string;
  name: string;
  bic: string;
  transaction_total_days: string;
  max_access_valid_for_days: string;
  countries: string[];
  logo: string;
  supported_payments: Record<string, never>;
  supported_features: string[];
  identification_codes: string[];
}

type Seed = [id: string, name: string, bic: string, historyDays: number, accessDays: number, colour: string];

/**
 * UK banks with GoCardless-style ids (NAME_BIC). History depth and consent length vary by bank as they do in the real
 * list; the Sandbox Finance bank comes first (docs/architecture.md, "How an import flows").
 */
const UK_INSTITUTIONS: Seed[] = [
  ['SANDBOXFINANCE_SFIN0000', 'Sandbox Finance', 'SFIN0000', 730, 90, '#6b4fbb'],
  ['BARCLAYS_BUKBGB22', 'Barclays', 'BUKBGB22', 730, 90, '#00aeef'],
  ['BARCLAYS_BUSINESS_BUKBGB22', 'Barclays Business', 'BUKBGB22', 730, 90, '#00395d'],
  ['HSBC_HBUKGB4B', 'HSBC', 'HBUKGB4B', 730, 90, '#db0011'],
  ['HSBC_BUSINESS_HBUKGB4B', 'HSBC Business', 'HBUKGB4B', 730, 90, '#a8000b'],
  ['LLOYDS_LOYDGB2L', 'Lloyds', 'LOYDGB2L', 730, 90, '#006a4d'],
  ['LLOYDS_BUSINESS_LOYDGB2L', 'Lloyds Business', 'LOYDGB2L', 730, 90, '#024731'],
  ['NATWEST_NWBKGB2L', 'NatWest', 'NWBKGB2L', 730, 90, '#42145f'],
  ['NATWEST_BUSINESS_NWBKGB2L', 'NatWest Business', 'NWBKGB2L', 730, 90, '#5a287d'],
  ['SANTANDER_GB_ABBYGB2L', 'Santander', 'ABBYGB2L', 730, 90, '#ec0000'],
  ['HALIFAX_HLFXGB22', 'Halifax', 'HLFXGB22', 730, 90, '#005eb8'],
  ['BANK_OF_SCOTLAND_BOFSGB21', 'Bank of Scotland', 'BOFSGB21', 730, 90, '#003b73'],
  ['RBS_RBOSGB2L', 'Royal Bank of Scotland', 'RBOSGB2L', 730, 90, '#0a2f5c'],
  ['NATIONWIDE_NAIAGB21', 'Nationwide', 'NAIAGB21', 730, 90, '#1b2e65'],
  ['TSB_TSBSGB2A', 'TSB', 'TSBSGB2A', 730, 90, '#0067b2'],
  ['MONZO_MONZGB2L', 'Monzo', 'MONZGB2L', 730, 90, '#ff4f40'],
  ['STARLING_SRLGGB3L', 'Starling', 'SRLGGB3L', 730, 90, '#6935d3'],
  ['REVOLUT_REVOGB21', 'Revolut', 'REVOGB21', 730, 180, '#191c1f'],
  ['TIDE_TIDEGB22', 'Tide', 'TIDEGB22', 540, 90, '#4c57e5'],
  ['METRO_MYMBGB2L', 'Metro Bank', 'MYMBGB2L', 730, 90, '#c8102e'],
  ['FIRST_DIRECT_MIDLGB22', 'first direct', 'MIDLGB22', 730, 90, '#000000'],
  ['COOPERATIVE_CPBKGB22', 'The Co-operative Bank', 'CPBKGB22', 730, 90, '#00a1e4'],
  ['VIRGIN_NRNBGB22', 'Virgin Money', 'NRNBGB22', 730, 90, '#cc0000'],
  ['CASHPLUS_CPLUGB22', 'Cashplus', 'CPLUGB22', 365, 90, '#00b2a9'],
];

export function ukInstitutions(publicBaseUrl: string): Institution[] {
  return UK_INSTITUTIONS.map(([id, name, bic, historyDays, accessDays]) => ({
    id,
    name,
    bic,
    transaction_total_days: String(historyDays),
    max_access_valid_for_days: String(accessDays),
    countries: ['GB'],
    logo: `${publicBaseUrl}/logos/${id}.svg`,
    supported_payments: {},
    supported_features: ['account_selection', 'business_accounts', 'corporate_accounts'],
    identification_codes: [],
  }));
}

/** Institutions can't be fetched offline, so each logo is a small generated badge with the bank's initials. */
export function logoSvg(id: string): string | undefined {
  const entry = UK_INSTITUTIONS.find(([candidate]) => candidate === id);
  if (!entry) return undefined;
  const [, name, , , , colour] = entry;
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word) && word !== 'of' && word !== 'The')
    .map((word) => word[0]?.toUpperCase())
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/><text x="32" y="41" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
