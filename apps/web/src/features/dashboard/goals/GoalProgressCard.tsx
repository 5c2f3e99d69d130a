import { formatPounds, type GoalProgressResponse } from '@brade/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { loadGoalProgress } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { cx } from '../../../ui/class-names';
import { suggestionBasis } from '../../../ui/suggested-goals';
import { BRAND_PRIMARY, SUCCESS_GREEN } from '../../../ui/theme';
import d from '../dashboard.module.css';
import { type ImportCoverage, monthStillImporting } from '../import-coverage';
import { FigureLine, GoalCard } from './GoalCard';
import {
  expectedCostsText,
  lastMonthMarginText,
  longMonth,
  marginVerdictText,
  monthSoFar,
  netIncomeSum,
  paceText,
  percentText,
  STILL_IMPORTING,
  targetShare,
} from './goal-text';
import s from './goals.module.css';
import { SuggestedGoalNote } from './SuggestedGoalNote';

/** The query key; saving the goals in Settings refreshes it (features/settings/FinancialGoalsCard.tsx). */
export const goalProgressKey = (id: string) => ['dashboard', id, 'goal-progress'] as const;

/** The card's call; features/dashboard/prefetch.ts starts it while the Overview renders. */
export const goalProgressQuery = (id: string) =>
  queryOptions({
    queryKey: goalProgressKey(id),
    // docs/product.md, "Failures": dashboard load failures are logged; the card says so with Retry.
    queryFn: () => loadOrLog(() => loadGoalProgress(id), 'goal progress'),
    retry: false,
  });

/** Green only for a verdict given: the owner's own goal met, on figures the import has finished. */
const metGoal = (met: boolean | null, judged: boolean) => Boolean(judged && met);

/** How far the month's sales have come towards the target: a bar, full at the target. */
function TargetBar({ sales, judged }: { sales: GoalProgressResponse['sales']; judged: boolean }) {
  const share = targetShare(sales);
  return (
    <div
      role="progressbar"
      aria-label="Sales towards the revenue target"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share)}
      className={s.targetBar}
    >
      <div
        className={s.targetFill}
        style={{ width: `${share}%`, backgroundColor: judged && sales.met ? SUCCESS_GREEN : BRAND_PRIMARY }}
      />
    </div>
  );
}

const captionClass = cx(d.caption, d.secondary);
const importingClass = cx(d.captionStrong, d.secondary);

function MarginPart({ progress, importing }: { progress: GoalProgressResponse; importing: ImportingMonths }) {
  const { margin, goals } = progress;
  const judged = goals.saved && !importing.thisMonth;
  const verdict = marginVerdictText(margin, goals.saved);
  return (
    <div className={s.marginPart}>
      <FigureLine
        label="Margin so far"
        figure={margin.percent === null ? '—' : percentText(margin.percent)}
        testId="margin-so-far"
      />
      <p data-testid="net-income-sum" className={captionClass}>
        {netIncomeSum(margin)}
      </p>
      {importing.thisMonth ? (
        <p data-testid="margin-goal" className={importingClass}>
          {STILL_IMPORTING}
        </p>
      ) : (
        <>
          <p data-testid="margin-expected" className={captionClass}>
            {expectedCostsText(margin.expected)}
          </p>
          {verdict && (
            <p data-testid="margin-goal" className={cx(s.sentence, metGoal(margin.met, judged) ? d.good : d.ink)}>
              {verdict}
            </p>
          )}
        </>
      )}
      <p data-testid="margin-last-month" className={captionClass}>
        {importing.lastMonth
          ? `${longMonth(margin.last_month.month)}: still importing`
          : lastMonthMarginText(margin, goals.saved)}
      </p>
      {!goals.saved && <SuggestedGoalNote testId="margin-suggested" basis="the industry standard, 7–9%" />}
    </div>
  );
}

function SalesPart({ progress, importing }: { progress: GoalProgressResponse; importing: ImportingMonths }) {
  const { sales, goals } = progress;
  const judged = goals.saved && !importing.thisMonth;
  return (
    <div className={s.salesPart}>
      <FigureLine
        label="Sales so far"
        figure={formatPounds(sales.to_date)}
        good={metGoal(sales.met, judged)}
        testId="sales-so-far"
      />
      <span data-testid="sales-target" className={captionClass}>
        of the {formatPounds(sales.target)} {goals.saved ? 'target' : 'suggested target'}
      </span>
      <TargetBar sales={sales} judged={judged} />
      {judged && (
        <p data-testid="sales-pace" className={s.sentence}>
          {paceText(sales)}
        </p>
      )}
      {importing.thisMonth && (
        <span data-testid="sales-importing" className={importingClass}>
          {STILL_IMPORTING}
        </span>
      )}
      {!goals.saved && <SuggestedGoalNote testId="sales-suggested" basis={suggestionBasis(goals.suggested_from)} />}
    </div>
  );
}

interface ImportingMonths {
  thisMonth: boolean;
  lastMonth: boolean;
}

/**
 * This month so far against the margin goal and the revenue target, with the sales needed per open day left
 * (docs/finance.md, "Goal progress"): the server's figures, net of VAT where registered, as the reports give them.
 * The margin is judged once the regular bills and pay still expected are paid; no verdict on a suggested goal, nor
 * on a month an import has not reached yet.
 */
export const GoalProgressCard = memo(function GoalProgressCard({
  id,
  coverage,
}: {
  id: string;
  coverage: ImportCoverage;
}) {
  const query = useQuery(goalProgressQuery(id));
  const state = query.isPending ? 'loading' : query.isError ? 'failed' : 'loaded';
  const progress = query.data;
  const importing: ImportingMonths | null = progress
    ? {
        thisMonth: monthStillImporting(coverage, progress.month),
        lastMonth: monthStillImporting(coverage, progress.margin.last_month.month),
      }
    : null;
  return (
    <GoalCard
      title="This month's goals"
      testId="goal-progress"
      state={state}
      what="Goal progress"
      onRetry={() => void query.refetch()}
    >
      {progress && importing && (
        <>
          <MarginPart progress={progress} importing={importing} />
          <SalesPart progress={progress} importing={importing} />
          <span className={s.footnote}>
            {monthSoFar(progress.as_of)}, money received and paid. Expected costs are the payees paid in each of the
            last three whole months, less what they were paid so far. Open days are the days of the week with sales in
            most of the last 8 weeks, less bank holidays.
          </span>
        </>
      )}
    </GoalCard>
  );
});
