import {
  addDays,
  type ExpensesMode,
  HMRC_MESSAGES,
  INCOME_TAX_MESSAGES,
  type SentUpdate,
  taxYearOfDay,
} from '@brade/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { User } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/http-error.js';
import { ProviderError } from '../../integrations/provider-error.js';
import { type HmrcDeps, hmrcEndpointOf, notConnected, withAccessToken } from '../access-token.js';
import { audit } from '../audit.js';
import type { HmrcCaller } from '../caller.js';
import { findHmrcConnection } from '../connection-store.js';
import { hmrcFailure } from '../hmrc-failure.js';
import { businessOrRefusal, chooseBusiness } from './businesses.js';
import { incomeTaxConnection } from './connection-state.js';
import { incomeTaxApi } from './income-tax-api.js';
import { markCachedMet, obligationWindow, saveObligations, sentUpdateOf, taxYearOfPeriod } from './obligations.js';
import { summaryOf } from './quarterly-books.js';
import { booksOfPeriod, consolidatedAllowed } from './quarterly-figures.js';
import { readIncomeTaxSettings } from './settings-store.js';
import { incomeTaxUpdates, type SentSummary } from './tables.js';

/** How long a send holds the tax year: far longer than HMRC takes to answer, short enough to recover a dead process. */
const LEASE_MS = 2 * 60_000;

/**
 * Claims the tax year for this send: at most one `sending` row per owner and tax year (the unique index), so a second
 * tab or instance stops here; one whose process died (lease over) is taken over.
 */
async function claimYear(db: Db, row: typeof incomeTaxUpdates.$inferInsert, now: Date): Promise<string> {
  const [claimed] = await db
    .insert(incomeTaxUpdates)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: incomeTaxUpdates.id });
  if (claimed) return claimed.id;
  const [takenOver] = await db
    .update(incomeTaxUpdates)
    .set({ ...row, createdAt: sql`now()` })
    .where(
      and(
        eq(incomeTaxUpdates.userId, row.userId),
        eq(incomeTaxUpdates.taxYear, row.taxYear),
        eq(incomeTaxUpdates.state, 'sending'),
        lt(incomeTaxUpdates.leaseUntil, now),
      ),
    )
    .returning({ id: incomeTaxUpdates.id });
  if (takenOver) return takenOver.id;
  throw new HttpError(409, 'income_tax_sending', INCOME_TAX_MESSAGES.sending);
}

/**
 * Sends the cumulative update of one of HMRC's periods (docs/hmrc.md, "Income Tax"): the period must be an obligation
 * HMRC lists now; the figures are worked out from the books again; one send per tax year at a time; HMRC's answer
 * and what it holds afterwards (read back) are kept; every attempt is in the audit log. The cumulative summary
 * replaces what HMRC held, so a later send corrects an earlier one.
 */
export async function sendQuarterlyUpdate(
  deps: HmrcDeps,
  caller: HmrcCaller,
  owner: User,
  input: { start: string; end: string; expenses: ExpensesMode; today: string },
): Promise<SentUpdate> {
  const { db } = deps.database;
  const userId = owner.id;
  const endpoint = hmrcEndpointOf(deps);
  const settings = await readIncomeTaxSettings(db, userId);
  if (!settings.nino) throw new HttpError(409, 'income_tax_nino_needed', INCOME_TAX_MESSAGES.ninoNeeded);
  const connection = incomeTaxConnection(deps, await findHmrcConnection(db, userId));
  if (connection === 'no_scope') throw new HttpError(409, 'income_tax_no_scope', INCOME_TAX_MESSAGES.noScope);
  if (connection === 'needs_reconnect') throw new HttpError(409, 'hmrc_reconnect', HMRC_MESSAGES.reconnect);
  if (connection !== 'connected') throw notConnected();
  // HMRC takes an update from 10 days before its period ends.
  if (input.today < addDays(input.end, -10))
    throw new HttpError(400, 'income_tax_too_early', INCOME_TAX_MESSAGES.tooEarly);
  const period = { from: input.start, to: input.end };
  const books = await booksOfPeriod(db, userId, period);
  if (books.turnover.pence < 0)
    throw new HttpError(400, 'income_tax_negative_turnover', INCOME_TAX_MESSAGES.negativeTurnover);
  if (input.expenses === 'consolidated' && !consolidatedAllowed(books))
    throw new HttpError(400, 'income_tax_consolidated_not_allowed', INCOME_TAX_MESSAGES.consolidatedNotAllowed);
  const summary = summaryOf(books, period, input.expenses);
  const taxYear = taxYearOfPeriod(input.end);
  const nino = settings.nino;

  let updateId: string | null = null;
  try {
    return await withAccessToken(deps, userId, async (accessToken) => {
      const api = incomeTaxApi(endpoint, deps.hmrc.retry);
      const context = { accessToken, fraudHeaders: caller.fraudHeaders };
      const business = businessOrRefusal(
        await chooseBusiness(db, userId, api, context, { ...settings, nino }, owner.salonName, deps.clock()),
      );
      // The period must be one HMRC lists for this business now: an update covers exactly an obligation's dates.
      const listed = await api.obligations(context, nino, business.id, obligationWindow(taxYear));
      if (!listed.some((o) => o.periodStartDate === input.start && o.periodEndDate === input.end))
        throw new HttpError(400, 'income_tax_not_a_period', INCOME_TAX_MESSAGES.periodInvalid);
      const now = deps.clock();
      updateId ??= await claimYear(
        db,
        {
          userId,
          nino,
          businessId: business.id,
          taxYear,
          periodStart: input.start,
          periodEnd: input.end,
          expenses: input.expenses,
          state: 'sending',
          summary,
          sandbox: endpoint.sandbox,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
        },
        now,
      );
      const { correlationId } = await api.sendCumulative(context, nino, business.id, taxYear, summary);
      // What HMRC holds now, read back; a failed read leaves the update sent and the holding unknown.
      let held: SentSummary | null = null;
      try {
        held = await api.readCumulative(context, nino, business.id, taxYear);
      } catch (error) {
        deps.log.warn(
          { userId, code: error instanceof ProviderError ? error.providerCode : null },
          'HMRC read-back failed',
        );
      }
      const sentAt = deps.clock();
      const [row] = await db
        .update(incomeTaxUpdates)
        .set({ state: 'sent', correlationId, hmrcHolds: held, sentAt })
        .where(eq(incomeTaxUpdates.id, updateId))
        .returning();
      const day = input.today;
      await saveObligations(
        db,
        userId,
        business.id,
        taxYear,
        listed
          .filter((o) => taxYearOfDay(o.periodEndDate) === taxYear)
          .map((o) => ({
            start: o.periodStartDate,
            end: o.periodEndDate,
            due: o.dueDate,
            status: o.status,
            received: o.receivedDate ?? null,
          })),
        sentAt,
      );
      await markCachedMet(db, userId, business.id, taxYear, input.end, day);
      await audit(
        db,
        caller.actor,
        'send_quarterly_update',
        'sent',
        { taxYear, businessId: business.id, summary, correlationId },
        sentAt,
      );
      return sentUpdateOf(row!);
    });
  } catch (error) {
    if (updateId) {
      const failure = error instanceof ProviderError ? hmrcFailure(error) : null;
      await db
        .update(incomeTaxUpdates)
        .set({ state: 'failed', errorCode: failure?.code ?? 'failed', error: failure?.message ?? null })
        .where(and(eq(incomeTaxUpdates.id, updateId), eq(incomeTaxUpdates.state, 'sending')));
      await audit(
        db,
        caller.actor,
        'send_quarterly_update',
        'refused',
        { taxYear, start: input.start, end: input.end, code: failure?.code ?? null },
        deps.clock(),
      );
    }
    throw hmrcFailure(error);
  }
}
