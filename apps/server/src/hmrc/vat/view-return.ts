import { addDays, type NineBoxes } from '@brade/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type HmrcDeps, withAccessToken } from '../access-token.js';
import type { HmrcCaller } from '../caller.js';
import { hmrcFailure } from '../hmrc-failure.js';
import { receiptOf } from './receipts.js';
import { vatReturns } from './tables.js';
import { type NineBoxes as HmrcBoxes, vatApi } from './vat-api.js';

const fromHmrc = (b: HmrcBoxes): NineBoxes => ({
  box1: b.vatDueSales,
  box2: b.vatDueAcquisitions,
  box3: b.totalVatDue,
  box4: b.vatReclaimedCurrPeriod,
  box5: b.netVatDue,
  box6: b.totalValueSalesExVAT,
  box7: b.totalValuePurchasesExVAT,
  box8: b.totalValueGoodsSuppliedExVAT,
  box9: b.totalAcquisitionsExVAT,
});

/**
 * What HMRC holds for a period (docs/hmrc.md, "VAT"): the return it has, the charge it raised for the period and the
 * payments it received after the period ended (HMRC's liabilities and payments, up to today).
 */
export async function viewVatReturn(
  deps: HmrcDeps,
  caller: HmrcCaller,
  vrn: string,
  period: { periodKey: string; start: string; end: string },
  today: string,
) {
  try {
    return await withAccessToken(deps, caller.actor.userId, async (accessToken) => {
      const api = vatApi(deps.hmrc.endpoint!, deps.hmrc.retry);
      const context = { accessToken, fraudHeaders: caller.fraudHeaders };
      const after = { from: addDays(period.end, 1), to: [today, addDays(period.end, 180)].sort()[0]! };
      const account = after.from <= after.to;
      const [held, liabilities, payments] = await Promise.all([
        api.viewReturn(context, vrn, period.periodKey),
        account ? api.liabilities(context, vrn, { from: period.start, to: after.to }) : [],
        account ? api.payments(context, vrn, after) : [],
      ]);
      return {
        held: held ? fromHmrc(held) : null,
        liabilities: liabilities
          .filter((l) => !l.taxPeriod || (l.taxPeriod.from === period.start && l.taxPeriod.to === period.end))
          .map((l) => ({
            type: l.type,
            original: l.originalAmount,
            outstanding: l.outstandingAmount ?? null,
            due: l.due ?? null,
          })),
        payments: payments.map((p) => ({ amount: p.amount, received: p.received ?? null })),
      };
    });
  } catch (error) {
    throw hmrcFailure(error);
  }
}

/** The returns Brade filed for the owner, newest first, with their receipts. */
export async function pastVatReturns(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(vatReturns)
    .where(and(eq(vatReturns.userId, userId), eq(vatReturns.state, 'filed')))
    .orderBy(desc(vatReturns.periodEnd));
  return rows.flatMap((row) => {
    const receipt = receiptOf(row);
    return receipt ? [{ start: row.periodStart, end: row.periodEnd, boxes: row.boxes, receipt }] : [];
  });
}
