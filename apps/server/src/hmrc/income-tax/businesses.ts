import { INCOME_TAX_MESSAGES } from '@brade/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/http-error.js';
import type { HmrcBusiness, IncomeTaxApi, IncomeTaxCallContext } from './income-tax-api.js';
import { type StoredIncomeTaxSettings, saveIncomeTaxSettings } from './settings-store.js';

export type BusinessChoice =
  | { chosen: { id: string; tradingName: string | null } }
  | { choose: Array<{ id: string; tradingName: string | null }> }
  | { none: true };

const normal = (name: string | null) => (name ?? '').trim().toLowerCase();

/**
 * The self-employment these books belong to, among the businesses HMRC lists for the NINO (docs/hmrc.md, "Income
 * Tax"): the one chosen before while HMRC still lists it; the only one; the one trading under the business's name;
 * else the owner chooses. Property businesses are never it. A business found is kept with the settings.
 */
export async function chooseBusiness(
  db: Db,
  userId: string,
  api: IncomeTaxApi,
  context: IncomeTaxCallContext,
  settings: StoredIncomeTaxSettings & { nino: string },
  businessName: string | null,
  now: Date,
): Promise<BusinessChoice> {
  const listed: HmrcBusiness[] = await api.businesses(context, settings.nino);
  const selfEmployments = listed
    .filter((b) => b.typeOfBusiness === 'self-employment')
    .map((b) => ({ id: b.businessId, tradingName: b.tradingName }));
  if (selfEmployments.length === 0) return { none: true };
  const kept = selfEmployments.find((b) => b.id === settings.businessId);
  const named = selfEmployments.filter((b) => businessName && normal(b.tradingName) === normal(businessName));
  const chosen =
    kept ?? (selfEmployments.length === 1 ? selfEmployments[0] : named.length === 1 ? named[0] : undefined);
  if (!chosen) return { choose: selfEmployments };
  if (chosen.id !== settings.businessId || chosen.tradingName !== settings.tradingName)
    await saveIncomeTaxSettings(db, userId, { business: chosen }, now);
  return { chosen };
}

/** The chosen business, or the refusal that says why there is none. */
export function businessOrRefusal(choice: BusinessChoice) {
  if ('chosen' in choice) return choice.chosen;
  if ('none' in choice) throw new HttpError(409, 'income_tax_no_business', INCOME_TAX_MESSAGES.noBusiness);
  throw new HttpError(409, 'income_tax_choose_business', INCOME_TAX_MESSAGES.chooseBusiness);
}
