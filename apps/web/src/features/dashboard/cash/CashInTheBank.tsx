import { formatPounds } from '@brade/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { loadCashInTheBank } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { cx } from '../../../ui/class-names';
import plain from '../../../ui/plain.module.css';
import { BankIcon } from '../../../ui/plain-icons';
import s from '../dashboard.module.css';
import { readCaption } from './cash-text';

/** The dashboard's query key: the connect flow invalidates every query, so a new link's balance shows. */
export const cashQueryKey = (id: string) => ['dashboard', id, 'cash-in-the-bank'] as const;

/** docs/product.md, "Failures": dashboard load failures are only logged; the card is then not shown. */
const cashOrNothing = (id: string) => loadOrLog(() => loadCashInTheBank(id), 'cash in the bank').catch(() => null);

/** The card's call; features/dashboard/prefetch.ts starts it while the Overview renders. */
export const cashQuery = (id: string) =>
  queryOptions({ queryKey: cashQueryKey(id), queryFn: () => cashOrNothing(id), retry: false });

/**
 * Cash in the bank (beyond the spec's tiles): the business account's booked balance as the last import read it,
 * the available balance when the bank gives one, and when it was read. Nothing shows without a bank balance.
 */
export const CashInTheBank = memo(function CashInTheBank({ id }: { id: string }) {
  const titleId = useId();
  const { data: cash } = useQuery(cashQuery(id));
  if (!cash) return null;
  return (
    <section className={cx(plain.card, s.cash)} aria-labelledby={titleId}>
      <div className={s.cashIcon} aria-hidden>
        <BankIcon small />
      </div>
      <div className={s.cashMain}>
        <h2 id={titleId} className={s.cardTitle}>
          Cash in the bank
        </h2>
        <p data-testid="cash-booked" className={s.cashBooked}>
          {formatPounds(cash.booked)}
        </p>
      </div>
      <div className={s.cashSide}>
        {cash.available !== null && (
          <p data-testid="cash-available" className={s.cashAvailable}>
            Available {formatPounds(cash.available)}
          </p>
        )}
        <span data-testid="cash-read" className={cx(s.caption, s.secondary)}>
          {readCaption(cash.readAt, cash.balanceDate, new Date(), cash.accounts)}
        </span>
      </div>
    </section>
  );
});
