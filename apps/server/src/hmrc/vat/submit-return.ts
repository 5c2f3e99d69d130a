import { type NineBoxes, VAT_RETURN_MESSAGES, type VatReceipt, type VatSettings } from '@brade/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ownerForWrite } from '../../accounts/owner-guard.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/http-error.js';
import { ProviderError } from '../../integrations/provider-error.js';
import { vatReturnFigures } from '../../ledger/vat-return-boxes.js';
import { type HmrcDeps, withAccessToken } from '../access-token.js';
import { audit } from '../audit.js';
import type { HmrcCaller } from '../caller.js';
import { hmrcFailure } from '../hmrc-failure.js';
import { markObligationFiled } from './obligations.js';
import { receiptOf } from './receipts.js';
import { type StoredReceipt, vatReturns } from './tables.js';
import { type NineBoxes as HmrcBoxes, vatApi } from './vat-api.js';
import { nineBoxes, type ReturnPeriod } from './vat-return-draft.js';

/** How long a filing holds its period: far longer than HMRC takes to answer, short enough to recover a dead process. */
const LEASE_MS = 2 * 60_000;

export const toHmrcBoxes = (periodKey: string, b: NineBoxes): HmrcBoxes => ({
  periodKey,
  vatDueSales: b.box1,
  vatDueAcquisitions: b.box2,
  totalVatDue: b.box3,
  vatReclaimedCurrPeriod: b.box4,
  netVatDue: b.box5,
  totalValueSalesExVAT: b.box6,
  totalValuePurchasesExVAT: b.box7,
  totalValueGoodsSuppliedExVAT: b.box8,
  totalAcquisitionsExVAT: b.box9,
});

const sameBoxes = (a: NineBoxes, b: NineBoxes) =>
  (Object.keys(a) as Array<keyof NineBoxes>).every((box) => Math.round(a[box] * 100) === Math.round(b[box] * 100));

/**
 * Claims the period for this filing: at most one `submitting` or `filed` row per owner, VRN and period (the unique
 * index), so a second tab or instance stops here; a `submitting` row whose process died (lease over) is taken over.
 */
async function claimPeriod(db: Db, row: typeof vatReturns.$inferInsert, now: Date): Promise<string> {
  const [claimed] = await db.insert(vatReturns).values(row).onConflictDoNothing().returning({ id: vatReturns.id });
  if (claimed) return claimed.id;
  const [takenOver] = await db
    .update(vatReturns)
    .set({ boxes: row.boxes, leaseUntil: row.leaseUntil, createdAt: now })
    .where(
      and(
        eq(vatReturns.userId, row.userId),
        eq(vatReturns.vrn, row.vrn),
        eq(vatReturns.periodKey, row.periodKey),
        eq(vatReturns.state, 'submitting'),
        lt(vatReturns.leaseUntil, now),
      ),
    )
    .returning({ id: vatReturns.id });
  if (takenOver) return takenOver.id;
  const [held] = await db
    .select({ state: vatReturns.state })
    .from(vatReturns)
    .where(
      and(
        eq(vatReturns.userId, row.userId),
        eq(vatReturns.vrn, row.vrn),
        eq(vatReturns.periodKey, row.periodKey),
        sql`${vatReturns.state} in ('submitting', 'filed')`,
      ),
    );
  throw held?.state === 'filed'
    ? new HttpError(409, 'vat_return_filed', VAT_RETURN_MESSAGES.filed)
    : new HttpError(409, 'vat_return_filing', VAT_RETURN_MESSAGES.filing);
}

/**
 * Files the return of one period with HMRC (docs/hmrc.md, "Filing safely"): the owner's own, ticked declaration;
 * the boxes worked out again and equal to the ones the owner read; the period claimed so no second tab or instance
 * files it at once; one call HMRC is never sent twice (it refuses a second return for a period itself); the receipt
 * kept; every attempt in the audit log.
 */
export async function submitVatReturn(
  deps: HmrcDeps,
  caller: HmrcCaller,
  input: {
    settings: VatSettings;
    period: ReturnPeriod;
    box2Pence: number;
    seen: NineBoxes;
    today: string;
  },
): Promise<VatReceipt> {
  const { db } = deps.database;
  const { actor } = caller;
  const { settings, period } = input;
  await ownerForWrite(db, actor.userId, 'its VAT returns');
  if (!settings.vrn) throw new HttpError(400, 'vat_number_missing', VAT_RETURN_MESSAGES.noVrn);
  if (!period.periodKey) throw new HttpError(409, 'hmrc_not_connected', VAT_RETURN_MESSAGES.notConnected);
  if (period.end >= input.today)
    throw new HttpError(400, 'vat_period_not_ended', VAT_RETURN_MESSAGES.notEnded(period.end));
  const scheme = settings.scheme === 'flat_rate' ? 'flat_rate' : 'standard';
  const figures = await vatReturnFigures(db, actor.userId, { from: period.start, to: period.end }, scheme);
  const boxes = nineBoxes(figures, input.box2Pence);
  if (!sameBoxes(boxes, input.seen)) throw new HttpError(409, 'vat_return_changed', VAT_RETURN_MESSAGES.changed);

  const now = deps.clock();
  const id = await claimPeriod(
    db,
    {
      userId: actor.userId,
      vrn: settings.vrn,
      periodKey: period.periodKey,
      periodStart: period.start,
      periodEnd: period.end,
      state: 'submitting',
      boxes,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    },
    now,
  );
  const sent = toHmrcBoxes(period.periodKey, boxes);
  const fail = async (code: string, message: string, outcome: string) => {
    await db.update(vatReturns).set({ state: 'failed', errorCode: code, error: message }).where(eq(vatReturns.id, id));
    await audit(
      db,
      actor,
      'submit_vat_return',
      outcome,
      { periodKey: period.periodKey, boxes: sent, code },
      deps.clock(),
    );
  };

  let receipt: StoredReceipt;
  try {
    receipt = await withAccessToken(deps, actor.userId, (accessToken) =>
      vatApi(deps.hmrc.endpoint!, deps.hmrc.retry).submitReturn(
        { accessToken, fraudHeaders: caller.fraudHeaders },
        settings.vrn!,
        sent,
      ),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.providerCode === 'DUPLICATE_SUBMISSION') {
      // HMRC already has a return for the period (filed elsewhere, or an earlier try whose answer was lost).
      await markObligationFiled(db, actor.userId, settings.vrn, period.periodKey, input.today);
      await fail('DUPLICATE_SUBMISSION', error.message, 'duplicate');
      throw hmrcFailure(error);
    }
    if (error instanceof ProviderError && error.failure === 'retryable' && error.status !== 429) {
      await fail('UNKNOWN_OUTCOME', error.message, 'unknown');
      throw new HttpError(503, 'hmrc_unknown_outcome', VAT_RETURN_MESSAGES.unknownOutcome);
    }
    const failure = hmrcFailure(error);
    await fail(failure.code, failure.message, 'refused');
    throw failure;
  }
  const filedAt = deps.clock();
  const [filed] = await db
    .update(vatReturns)
    .set({ state: 'filed', receipt, filedAt })
    .where(eq(vatReturns.id, id))
    .returning();
  await markObligationFiled(db, actor.userId, settings.vrn, period.periodKey, input.today);
  await audit(db, actor, 'submit_vat_return', 'filed', { periodKey: period.periodKey, boxes: sent, receipt }, filedAt);
  return receiptOf(filed!)!;
}
