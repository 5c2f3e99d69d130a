import {
  INCOME_TAX_MESSAGES,
  type ObligationsResponse,
  type QuarterType,
  type TaxYear,
  updatePeriods,
} from '@brade/contract';
import { type HmrcDeps, withAccessToken } from '../access-token.js';
import type { HmrcCaller } from '../caller.js';
import { findHmrcConnection } from '../connection-store.js';
import { hmrcFailure } from '../hmrc-failure.js';
import { chooseBusiness } from './businesses.js';
import { incomeTaxConnection } from './connection-state.js';
import { incomeTaxApi } from './income-tax-api.js';
import {
  cachedObligations,
  defaultTaxYear,
  obligationWindow,
  offeredTaxYears,
  type ShownPeriod,
  saveObligations,
  sentUpdates,
  shownObligations,
  taxYearOfPeriod,
} from './obligations.js';
import type { StoredIncomeTaxSettings } from './settings-store.js';

/** A quarter type from HMRC's dates: calendar periods start on 1 April. */
const quarterTypeOfPeriods = (periods: ShownPeriod[], otherwise: QuarterType): QuarterType =>
  periods[0] ? (periods[0].start.endsWith('-04-01') ? 'calendar' : 'standard') : otherwise;

/**
 * The owner's quarterly obligations for a tax year (docs/hmrc.md, "Income Tax"): HMRC's, read afresh when Brade is
 * connected with the Self Assessment scopes, knows the NINO and has the browser's facts (every HMRC call carries the
 * fraud-prevention headers); else the ones HMRC last gave; without HMRC, the periods of the owner's quarter type, met
 * when Brade sent an update reaching them.
 */
export async function readIncomeTaxObligations(
  deps: HmrcDeps,
  input: {
    userId: string;
    businessName: string | null;
    settings: StoredIncomeTaxSettings;
    caller: HmrcCaller | null;
    taxYear: TaxYear | undefined;
    today: string;
  },
): Promise<ObligationsResponse> {
  const { db } = deps.database;
  const { userId, settings, caller, today } = input;
  const taxYear = input.taxYear ?? defaultTaxYear(today, settings.quarterType);
  const connection = incomeTaxConnection(deps, await findHmrcConnection(db, userId));
  let problem: string | null = null;
  let business = settings.businessId ? { id: settings.businessId, trading_name: settings.tradingName } : null;
  let businesses: Array<{ id: string; trading_name: string | null }> = [];
  let fresh: ShownPeriod[] | null = null;

  if (connection === 'connected' && caller && settings.nino) {
    const nino = settings.nino;
    try {
      await withAccessToken(deps, userId, async (accessToken) => {
        const api = incomeTaxApi(deps.hmrc.endpoint!, deps.hmrc.retry);
        const context = { accessToken, fraudHeaders: caller.fraudHeaders };
        const choice = await chooseBusiness(
          db,
          userId,
          api,
          context,
          { ...settings, nino },
          input.businessName,
          deps.clock(),
        );
        if ('none' in choice) {
          problem = INCOME_TAX_MESSAGES.noBusiness;
          business = null;
          return;
        }
        if ('choose' in choice) {
          businesses = choice.choose.map((b) => ({ id: b.id, trading_name: b.tradingName }));
          problem = INCOME_TAX_MESSAGES.chooseBusiness;
          business = null;
          return;
        }
        business = { id: choice.chosen.id, trading_name: choice.chosen.tradingName };
        const found = await api.obligations(context, nino, choice.chosen.id, obligationWindow(taxYear));
        const periods = found
          .filter((o) => taxYearOfPeriod(o.periodEndDate) === taxYear)
          .map((o) => ({
            start: o.periodStartDate,
            end: o.periodEndDate,
            due: o.dueDate,
            status: o.status,
            received: o.receivedDate ?? null,
          }));
        await saveObligations(db, userId, choice.chosen.id, taxYear, periods, deps.clock());
        fresh = periods
          .sort((a, b) => a.end.localeCompare(b.end))
          .map((p) => ({ ...p, fulfilled: p.status === 'fulfilled' }));
      });
    } catch (error) {
      problem = hmrcFailure(error).message;
    }
  } else if (connection === 'connected' && !settings.nino) {
    problem = INCOME_TAX_MESSAGES.ninoNeeded;
  } else if (connection === 'no_scope') {
    problem = INCOME_TAX_MESSAGES.noScope;
  }

  const sent = await sentUpdates(db, userId, taxYear);
  const chosenId = (business as { id: string } | null)?.id ?? null;
  const cached = !fresh && chosenId ? await cachedObligations(db, userId, chosenId, taxYear) : [];
  const hmrcPeriods: ShownPeriod[] | null = fresh ?? (cached.length > 0 ? cached : null);
  const periods =
    hmrcPeriods ??
    updatePeriods(taxYear, settings.quarterType).map((p) => ({ ...p, fulfilled: false, received: null }));
  return {
    source: hmrcPeriods ? 'hmrc' : 'brade',
    connection,
    problem,
    business,
    businesses,
    tax_year: taxYear,
    tax_years: offeredTaxYears(today),
    quarter_type: hmrcPeriods ? quarterTypeOfPeriods(hmrcPeriods, settings.quarterType) : settings.quarterType,
    obligations: shownObligations(periods, sent, taxYear, today, !hmrcPeriods),
    today,
  };
}
