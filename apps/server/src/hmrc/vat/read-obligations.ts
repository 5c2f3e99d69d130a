import type { VatObligation, VatSettings } from '@brade/contract';

import { type HmrcDeps, withAccessToken } from '../access-token.js';
import type { HmrcCaller } from '../caller.js';
import { findHmrcConnection } from '../connection-store.js';
import { hmrcFailure } from '../hmrc-failure.js';
import {
  bookQuarters,
  cachedObligations,
  filedPeriods,
  obligationWindow,
  saveObligations,
  shownObligations,
} from './obligations.js';
import { vatApi } from './vat-api.js';

export interface ObligationsAnswer {
  source: 'hmrc' | 'books';
  obligations: VatObligation[];
  problem: string | null;
}

/**
 * The owner's VAT obligations (docs/hmrc.md, "VAT"): HMRC's, read afresh when Brade is connected and has the VAT
 * number and the browser's facts (every HMRC call carries the fraud-prevention headers), else the last ones HMRC
 * gave; without HMRC, the quarters of the VAT settings, filed when Brade filed them.
 */
export async function readVatObligations(
  deps: HmrcDeps,
  userId: string,
  settings: VatSettings,
  caller: HmrcCaller | null,
  today: string,
): Promise<ObligationsAnswer> {
  const { db } = deps.database;
  const connection = await findHmrcConnection(db, userId);
  let problem: string | null = null;
  if (settings.vrn && connection?.status === 'connected' && caller && deps.hmrc.endpoint) {
    try {
      const found = await withAccessToken(deps, userId, async (accessToken) => {
        const api = vatApi(deps.hmrc.endpoint!, deps.hmrc.retry);
        const context = { accessToken, fraudHeaders: caller.fraudHeaders };
        // The last year's, and every open one however old (HMRC answers at most 366 days at a time).
        const [recent, open] = await Promise.all([
          api.obligations(context, settings.vrn!, obligationWindow(today)),
          api.obligations(context, settings.vrn!, { ...obligationWindow(today), status: 'O' }),
        ]);
        return [...new Map([...recent, ...open].map((o) => [o.periodKey, o])).values()];
      });
      await saveObligations(db, userId, settings.vrn, found, deps.clock());
    } catch (error) {
      const failure = hmrcFailure(error);
      if (failure.statusCode >= 500 || failure.code === 'hmrc_reconnect') problem = failure.message;
      else throw failure;
    }
  }
  if (settings.vrn && connection) {
    const cached = await cachedObligations(db, userId, settings.vrn);
    if (cached.length > 0 || (!problem && connection.status === 'connected' && caller)) {
      return {
        source: 'hmrc',
        obligations: shownObligations(
          cached.map((o) => ({ ...o, filed: o.status === 'F' })),
          today,
        ),
        problem,
      };
    }
  }
  const filed = await filedPeriods(db, userId);
  return {
    source: 'books',
    obligations: shownObligations(
      bookQuarters(settings, today).map((q) => ({
        ...q,
        periodKey: null,
        filed: filed.has(`${q.start}|${q.end}`),
        received: null,
      })),
      today,
    ),
    problem,
  };
}
