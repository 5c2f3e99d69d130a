import {
  ninoProblem,
  normaliseNino,
  periodHolding,
  QUARTER_TYPES,
  type QuarterType,
  startYearOf,
  type TaxYear,
  taxYearLabel,
  taxYearOfDay,
} from '@brade/contract';
import { escapeHtml } from '../../common/card-sim-consent-page';

/** The Income Tax scopes: asking for them adds the taxpayer's Income Tax details to the grant-authority page. */
export const INCOME_TAX_SCOPES = ['read:self-assessment', 'write:self-assessment'];
export const asksIncomeTax = (scopes: string[]) => scopes.some((scope) => INCOME_TAX_SCOPES.includes(scope));

export interface IncomeTaxAnswer {
  nino: string;
  quarterType: QuarterType;
  joinedFrom: TaxYear;
  tradingNames: string[];
}

export interface IncomeTaxTyped {
  nino?: string;
  quarterType?: string;
  joinedFrom?: string;
  tradingNames?: string;
}

/**
 * The tax years a taxpayer may have joined from: 2025-26 (cumulative updates began) to this one. The default is the
 * year of the latest standard quarter that has ended, so a taxpayer made today always has an update to send.
 */
export function joinChoices(today: string): { years: TaxYear[]; preselected: TaxYear } {
  const current = startYearOf(taxYearOfDay(today));
  const years = Array.from({ length: Math.max(1, current - 2025 + 1) }, (_, i) => taxYearLabel(2025 + i));
  const quarter = periodHolding(today, 'standard');
  const latestEnded = quarter.quarter === 1 ? taxYearLabel(startYearOf(quarter.taxYear) - 1) : quarter.taxYear;
  const preselected = years.includes(latestEnded) ? latestEnded : years[0]!;
  return { years, preselected };
}

const QUARTER_WORDS: Record<QuarterType, string> = {
  standard: 'Standard quarters (6 April to 5 July, …)',
  calendar: 'Calendar quarters (1 April to 30 June, …)',
};

/** The page's Income Tax fields: the NINO, the quarter type, the year joined and the businesses' trading names. */
export function renderIncomeTaxFields(typed: IncomeTaxTyped, today: string): string {
  const { years, preselected } = joinChoices(today);
  const quarterType = typed.quarterType ?? 'standard';
  const joined = typed.joinedFrom ?? preselected;
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  return `<label for="nino">National Insurance number</label>
<p class="hint">The sandbox individual's, for example AA123456A.</p>
<input id="nino" name="nino" type="text" autocomplete="off" value="${escapeHtml(typed.nino ?? '')}">
<label for="quarter_type">Quarterly update periods</label>
<select id="quarter_type" name="quarter_type">${QUARTER_TYPES.map((t) => option(t, QUARTER_WORDS[t], t === quarterType)).join('')}</select>
<label for="joined_from">Signed up for Making Tax Digital for Income Tax from</label>
<select id="joined_from" name="joined_from">${years.map((y) => option(y, y, y === joined)).join('')}</select>
<label for="trading_names">Self-employment businesses</label>
<p class="hint">Their trading names, separated by commas; one business when left empty.</p>
<input id="trading_names" name="trading_names" type="text" autocomplete="off" value="${escapeHtml(typed.tradingNames ?? '')}">`;
}

/** The Income Tax part of the page's answer, or why it cannot be taken; null when no NINO was typed. */
export function readIncomeTaxAnswer(typed: IncomeTaxTyped, today: string): IncomeTaxAnswer | string | null {
  if (!typed.nino?.trim()) return null;
  const problem = ninoProblem(typed.nino);
  if (problem) return problem;
  const quarterType = (typed.quarterType ?? 'standard') as QuarterType;
  if (!QUARTER_TYPES.includes(quarterType)) return 'Choose standard or calendar quarterly update periods.';
  const { years, preselected } = joinChoices(today);
  const joinedFrom = typed.joinedFrom ?? preselected;
  if (!years.includes(joinedFrom)) return 'Choose the tax year the individual signed up from.';
  const tradingNames = (typed.tradingNames ?? '')
    .split(',')
    .map((name) => name.trim().slice(0, 105))
    .filter(Boolean)
    .slice(0, 5);
  return { nino: normaliseNino(typed.nino)!, quarterType, joinedFrom, tradingNames };
}
