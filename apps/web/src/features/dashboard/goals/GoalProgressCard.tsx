import { formatPounds, type GoalProgressResponse } from '@brade/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { loadGoalProgress } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { suggestionBasis } from '../../../ui/suggested-goals';
import { BRAND_PRIMARY, BRAND_PRIMARY_LIGHT } from '../../../ui/theme';
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
import { SuggestedGoalNote } from './SuggestedGoalNote';

/** The query key; saving the goals in Settings refreshes it (features/settings/FinancialGoalsCard.tsx). */
export const goalProgressKey = (id: string) => ['dashboard', id, 'goal-progress'] as const;

/** Green only for a verdict given: the owner's own goal met, on figures the import has finished. */
const metTone = (met: boolean | null, judged: boolean) => (judged && met ? 'success.main' : 'text.primary');

/** How far the month's sales have come towards the target: a bar, full at the target. */
function TargetBar({ sales, judged }: { sales: GoalProgressResponse['sales']; judged: boolean }) {
  const share = targetShare(sales);
  return (
    <Box
      role="progressbar"
      aria-label="Sales towards the revenue target"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share)}
      sx={{ height: 8, borderRadius: 4, bgcolor: BRAND_PRIMARY_LIGHT, overflow: 'hidden' }}
    >
      <Box sx={{ width: `${share}%`, height: '100%', bgcolor: judged && sales.met ? 'success.main' : BRAND_PRIMARY }} />
    </Box>
  );
}

const captionSx = { color: 'text.secondary', lineHeight: 1.4, m: 0 } as const;

function MarginPart({ progress, importing }: { progress: GoalProgressResponse; importing: ImportingMonths }) {
  const { margin, goals } = progress;
  const judged = goals.saved && !importing.thisMonth;
  const verdict = marginVerdictText(margin, goals.saved);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <FigureLine
        label="Margin so far"
        figure={margin.percent === null ? '—' : percentText(margin.percent)}
        testId="margin-so-far"
      />
      <Typography data-testid="net-income-sum" variant="caption" component="p" sx={captionSx}>
        {netIncomeSum(margin)}
      </Typography>
      {importing.thisMonth ? (
        <Typography data-testid="margin-goal" variant="caption" component="p" sx={{ ...captionSx, fontWeight: 600 }}>
          {STILL_IMPORTING}
        </Typography>
      ) : (
        <>
          <Typography data-testid="margin-expected" variant="caption" component="p" sx={captionSx}>
            {expectedCostsText(margin.expected)}
          </Typography>
          {verdict && (
            <Typography
              data-testid="margin-goal"
              component="p"
              sx={{ m: 0, fontSize: '0.9rem', lineHeight: 1.4, color: metTone(margin.met, judged) }}
            >
              {verdict}
            </Typography>
          )}
        </>
      )}
      <Typography data-testid="margin-last-month" variant="caption" component="p" sx={captionSx}>
        {importing.lastMonth
          ? `${longMonth(margin.last_month.month)}: still importing`
          : lastMonthMarginText(margin, goals.saved)}
      </Typography>
      {!goals.saved && <SuggestedGoalNote testId="margin-suggested" basis="the industry standard, 7–9%" />}
    </Box>
  );
}

function SalesPart({ progress, importing }: { progress: GoalProgressResponse; importing: ImportingMonths }) {
  const { sales, goals } = progress;
  const judged = goals.saved && !importing.thisMonth;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <FigureLine
        label="Sales so far"
        figure={formatPounds(sales.to_date)}
        tone={metTone(sales.met, judged)}
        testId="sales-so-far"
      />
      <Typography data-testid="sales-target" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        of the {formatPounds(sales.target)} {goals.saved ? 'target' : 'suggested target'}
      </Typography>
      <TargetBar sales={sales} judged={judged} />
      {judged && (
        <Typography data-testid="sales-pace" sx={{ fontSize: '0.9rem', lineHeight: 1.4 }}>
          {paceText(sales)}
        </Typography>
      )}
      {importing.thisMonth && (
        <Typography data-testid="sales-importing" variant="caption" sx={{ ...captionSx, fontWeight: 600 }}>
          {STILL_IMPORTING}
        </Typography>
      )}
      {!goals.saved && <SuggestedGoalNote testId="sales-suggested" basis={suggestionBasis(goals.suggested_from)} />}
    </Box>
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
  const query = useQuery({
    queryKey: goalProgressKey(id),
    // docs/product.md, "Failures": dashboard load failures are logged; the card says so with Retry.
    queryFn: () => loadOrLog(() => loadGoalProgress(id), 'goal progress'),
    retry: false,
  });
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
          <Typography variant="caption" sx={{ mt: 'auto', color: 'text.secondary', lineHeight: 1.4 }}>
            {monthSoFar(progress.as_of)}, money received and paid. Expected costs are the payees paid in each of the
            last three whole months, less what they were paid so far. Open days are the days of the week with sales in
            most of the last 8 weeks, less bank holidays.
          </Typography>
        </>
      )}
    </GoalCard>
  );
});
