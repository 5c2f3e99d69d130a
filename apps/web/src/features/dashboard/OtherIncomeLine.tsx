import { formatPounds, type HeadlineFigure } from '@brade/contract';
import { memo } from 'react';
import s from './dashboard.module.css';

/**
 * 'Plus £530.00 other income this month so far (room rent): in net income, not in revenue.' Under the tiles, so that
 * every net figure on the page can be worked out from figures on the page (docs/finance.md, "The figures").
 */
export function otherIncomeText(other: NonNullable<HeadlineFigure['other_income']>): string {
  const what = other.categories.map((c) => c.category.charAt(0).toLowerCase() + c.category.slice(1)).join(', ');
  return `Plus ${formatPounds(other.amount)} other income this month so far${what ? ` (${what})` : ''}: in net income, not in revenue.`;
}

export const OtherIncomeLine = memo(function OtherIncomeLine({
  other,
}: {
  other: HeadlineFigure['other_income'] | undefined;
}) {
  if (!other || other.amount === 0) return null;
  return (
    <p data-testid="other-income" className={s.otherIncome}>
      {otherIncomeText(other)}
    </p>
  );
});
