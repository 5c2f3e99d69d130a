import { escapeHtml } from '../common/card-sim-consent-page';
import { asksIncomeTax, type IncomeTaxTyped, renderIncomeTaxFields } from './income-tax/consent-fields';
import { VAT_PERIOD_CHOICES, type VatPeriods } from './taxpayers';

/** What each scope lets Brade do, in HMRC's grant-authority wording. */
const SCOPE_WORDS: Record<string, string> = {
  'read:vat': 'view your VAT information',
  'write:vat': 'change your VAT information',
  'read:self-assessment': 'view your Self Assessment information',
  'write:self-assessment': 'change your Self Assessment information',
};

export const asksVat = (scopes: string[]) => scopes.some((scope) => scope.endsWith(':vat'));

const STYLE = `body{font-family:Arial,sans-serif;margin:0;background:#fff;color:#0b0c0c}
header{background:#0b0c0c;color:#fff;padding:10px 16px;font-weight:700}main{max-width:560px;margin:24px auto;padding:0 16px}
h1{font-size:1.6rem}label{display:block;font-weight:700;margin:20px 0 6px}input,select{font-size:1rem;padding:6px;width:100%;box-sizing:border-box}
.hint{color:#505a5f}.error{color:#d4351c;font-weight:700}.buttons{display:flex;gap:12px;margin-top:24px}
button{font-size:1rem;padding:10px 16px;border:0;border-radius:0;cursor:pointer}button[value=approve]{background:#00703c;color:#fff}
button[value=deny]{background:#f3f2f1;color:#0b0c0c}.note{margin-top:24px;color:#505a5f;font-size:.9rem}`;

export interface HmrcConsentPage {
  appName: string;
  scopes: string[];
  requestId: string;
  vrn?: string;
  periods?: VatPeriods;
  incomeTax?: IncomeTaxTyped;
  /** The simulator's day (Europe/London), for the Income Tax years offered. */
  today: string;
  error?: string;
}

/**
 * The simulator's grant-authority page: in place of HMRC's sign-in, the owner types who the sandbox taxpayer is. For
 * the VAT scopes, the business's VAT registration number and how often it files; for the Income Tax scopes, the
 * individual's National Insurance number and their self-employment (income-tax/consent-fields.ts). Each gives the
 * taxpayer whose obligations the simulator serves; a field left empty means the taxpayer has no such registration.
 */
export function renderHmrcConsentPage(page: HmrcConsentPage): string {
  const can = page.scopes.map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope] ?? scope)}</li>`).join('');
  const options = VAT_PERIOD_CHOICES.map(
    ([value, label]) =>
      `<option value="${value}"${value === (page.periods ?? 'mar_jun_sep_dec') ? ' selected' : ''}>${escapeHtml(label)}</option>`,
  ).join('');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Grant authority – HMRC (sandbox)</title><style>${STYLE}</style></head><body><header>HM Revenue &amp; Customs (sandbox)</header><main>
<h1>Grant authority to ${escapeHtml(page.appName)}</h1>
<p>${escapeHtml(page.appName)} will be able to:</p><ul>${can}</ul><p>for up to 18 months.</p>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="authorize">
<input type="hidden" name="request_id" value="${escapeHtml(page.requestId)}">
${
  asksVat(page.scopes)
    ? `<label for="vrn">VAT registration number</label>
<p class="hint">The 9 digits of the sandbox business, for example 980780684.</p>
<input id="vrn" name="vrn" type="text" inputmode="numeric" autocomplete="off" value="${escapeHtml(page.vrn ?? '')}">
<label for="periods">VAT return periods</label>
<select id="periods" name="periods">${options}</select>`
    : ''
}
${asksIncomeTax(page.scopes) ? renderIncomeTaxFields(page.incomeTax ?? {}, page.today) : ''}
<div class="buttons"><button type="submit" name="decision" value="approve">Grant authority</button>
<button type="submit" name="decision" value="deny">Do not grant authority</button></div>
</form><p class="note">This is a local simulator of HMRC. No real tax account is involved.</p></main></body></html>`;
}
