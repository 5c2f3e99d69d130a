import {
  addDays,
  formatPence,
  type HmrcConnection,
  monthName,
  type NineBoxes,
  PROCESSOR_NAMES,
  processorOf,
  VAT_DECLARATION,
  VAT_RETURN_MESSAGES,
  type VatReturnDraft,
  type VatSettings,
} from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/http-error.js';
import { listConnections } from '../../integrations/connection-store.js';
import { flatRateTest, GOODS_SHARE, QUARTER_FLOOR_PENCE } from '../../ledger/flat-rate.js';
import { BOXES_WITH_ROWS, vatReturnFigures } from '../../ledger/vat-return-boxes.js';
import { bookQuarters, cachedObligations, filedPeriods } from './obligations.js';
import { receiptOf } from './receipts.js';
import { vatReturns } from './tables.js';

/** '7 May 2026'. */
export const longDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;

const pounds = (pence: number) => Math.round(pence) / 100;
/** Boxes 6 to 9 are whole pounds: the pence are left out (VAT Notice 700/12). */
const wholePounds = (pence: number) => Math.trunc(pence / 100);

/** The nine boxes from the books' figures and the owner's box 2 (docs/finance.md, "The VAT return"). */
export function nineBoxes(
  figures: { box1Pence: number; box4Pence: number; box6Pence: number; box7Pence: number },
  box2Pence = 0,
): NineBoxes {
  const box3 = figures.box1Pence + box2Pence;
  return {
    box1: pounds(figures.box1Pence),
    box2: pounds(box2Pence),
    box3: pounds(box3),
    box4: pounds(figures.box4Pence),
    box5: pounds(Math.abs(box3 - figures.box4Pence)),
    box6: wholePounds(figures.box6Pence),
    box7: wholePounds(figures.box7Pence),
    box8: 0,
    box9: 0,
  };
}

export interface ReturnPeriod {
  start: string;
  end: string;
  due: string;
  /** HMRC's key, when the period is one of HMRC's obligations. */
  periodKey: string | null;
}

/**
 * The period a request names, if it is one of the owner's: an obligation HMRC gave (for the VAT number in the
 * settings), or a quarter of the settings. Anything else is refused: a return covers exactly its period.
 */
export async function returnPeriod(
  db: Db,
  userId: string,
  settings: VatSettings,
  wanted: { start: string; end: string; periodKey?: string | null | undefined },
  today: string,
): Promise<ReturnPeriod> {
  if (settings.scheme === 'not_registered')
    throw new HttpError(400, 'not_vat_registered', VAT_RETURN_MESSAGES.notRegistered);
  if (settings.vrn) {
    const known = (await cachedObligations(db, userId, settings.vrn)).find(
      (o) =>
        o.start === wanted.start && o.end === wanted.end && (!wanted.periodKey || o.periodKey === wanted.periodKey),
    );
    if (known) return { start: known.start, end: known.end, due: known.due, periodKey: known.periodKey };
  }
  const quarter = bookQuarters(settings, today).find((q) => q.start === wanted.start && q.end === wanted.end);
  if (!quarter || wanted.periodKey) throw new HttpError(400, 'not_a_vat_period', VAT_RETURN_MESSAGES.notAPeriod);
  return { ...quarter, periodKey: null };
}

/** What may look wrong in a return, in words (docs/finance.md, "The VAT return": warnings). */
async function warnings(
  db: Db,
  userId: string,
  settings: VatSettings,
  period: ReturnPeriod,
  figures: Awaited<ReturnType<typeof vatReturnFigures>>,
): Promise<string[]> {
  const found: string[] = [];
  const { count, pence } = figures.uncategorised;
  if (count > 0) {
    found.push(
      `${count} ${count === 1 ? 'payment' : 'payments'} (${formatPence(pence)}) in this period ${count === 1 ? 'is' : 'are'} Uncategorised: ${count === 1 ? 'it counts' : 'they count'} in box 7 with no VAT reclaimed. Move ${count === 1 ? 'it' : 'them'} to ${count === 1 ? 'its category' : 'their categories'} first (Reports → a line’s transactions).`,
    );
  }
  const linked = (await listConnections(db, userId)).filter((c) => c.status !== 'disconnected');
  const dayAfter = addDays(period.end, 1);
  for (const connection of linked) {
    const name = PROCESSOR_NAMES[processorOf(connection.provider)];
    const synced = connection.lastSyncedAt?.toISOString().slice(0, 10) ?? null;
    if (synced === null || synced < dayAfter) {
      found.push(
        synced === null
          ? `${name} has not been imported yet: its transactions are missing from this return.`
          : `${name} was last imported on ${longDay(synced)}, before the period’s end: transactions after that are missing from this return.`,
      );
    }
  }
  if (!linked.some((c) => c.provider === 'bank')) {
    found.push(
      'No business bank account is connected: Brade reads costs from the bank, so boxes 4 and 7 may leave costs out.',
    );
  }
  if (settings.registered_from && settings.registered_from > period.start) {
    found.push(
      `Registration took effect on ${longDay(settings.registered_from)}: the days of this period before it carry no VAT.`,
    );
  }
  for (const purchase of figures.largePurchases) {
    found.push(
      `${purchase.description} on ${longDay(purchase.day)} cost ${formatPence(purchase.pence)}: if it is a capital item of £2,000 or more, the Flat Rate Scheme lets you reclaim its VAT in box 4, which Brade leaves at £0 because it cannot tell.`,
    );
  }
  return found;
}

/** Why the return cannot be filed now, in words; null when it can. */
function cannotFile(
  owner: { isDemo: boolean },
  settings: VatSettings,
  connection: HmrcConnection,
  period: ReturnPeriod,
  filed: boolean,
  today: string,
): string | null {
  if (owner.isDemo) return VAT_RETURN_MESSAGES.demo;
  if (filed) return VAT_RETURN_MESSAGES.filed;
  if (period.end >= today) return VAT_RETURN_MESSAGES.notEnded(longDay(period.end));
  if (!settings.vrn) return VAT_RETURN_MESSAGES.noVrn;
  if (connection.status === 'needs_reconnect') return connection.problem ?? VAT_RETURN_MESSAGES.notConnected;
  if (connection.status !== 'connected' || !period.periodKey) return VAT_RETURN_MESSAGES.notConnected;
  return null;
}

/** The return of one period as the page shows it before filing (docs/hmrc.md, "VAT"). */
export async function vatReturnDraft(
  db: Db,
  input: {
    userId: string;
    isDemo: boolean;
    settings: VatSettings;
    connection: HmrcConnection;
    period: ReturnPeriod;
    today: string;
  },
): Promise<VatReturnDraft> {
  const { userId, settings, period } = input;
  const scheme = settings.scheme === 'flat_rate' ? 'flat_rate' : 'standard';
  const figures = await vatReturnFigures(db, userId, { from: period.start, to: period.end }, scheme);
  const [found, filedByBrade, test] = await Promise.all([
    warnings(db, userId, settings, period, figures),
    filedPeriods(db, userId),
    scheme === 'flat_rate' ? flatRateTest(db, userId, { from: period.start, to: period.end }, settings) : null,
  ]);
  const [filedRow] = period.periodKey
    ? await db
        .select()
        .from(vatReturns)
        .where(
          and(eq(vatReturns.userId, userId), eq(vatReturns.periodKey, period.periodKey), eq(vatReturns.state, 'filed')),
        )
    : [];
  const hmrcFiled =
    period.periodKey && settings.vrn
      ? (await cachedObligations(db, userId, settings.vrn)).some(
          (o) => o.periodKey === period.periodKey && o.status === 'F',
        )
      : false;
  const filed = hmrcFiled || filedByBrade.has(`${period.start}|${period.end}`);
  return {
    period: { start: period.start, end: period.end, due: period.due },
    period_key: period.periodKey,
    scheme,
    boxes: nineBoxes(figures),
    boxes_with_rows: scheme === 'flat_rate' ? BOXES_WITH_ROWS.filter((b) => b !== 4) : [...BOXES_WITH_ROWS],
    flat_rate_test: test && {
      turnover: pounds(test.turnoverPence),
      goods: pounds(test.goodsPence),
      two_percent: pounds(Math.round(test.turnoverPence * GOODS_SHARE)),
      quarter_floor: pounds(QUARTER_FLOOR_PENCE),
      limited_cost: test.limitedCost,
      rates: test.ratesBp.map((bp) => bp / 100),
    },
    warnings: found,
    declaration: VAT_DECLARATION,
    cannot_file: cannotFile({ isDemo: input.isDemo }, settings, input.connection, period, filed, input.today),
    receipt: filedRow ? receiptOf(filedRow) : null,
  };
}
