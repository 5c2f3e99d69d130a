import { formatPounds, type GoalProgressResponse } from '@brade/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { loadGoalProgress } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { BRAND_PRIMARY, BRAND_PRIMARY_LIGHT } from '../../../ui/theme';
import { FigureLine, GoalCard } from './GoalCard';
import { lastMonthMarginText, marginSoFarText, monthSoFar, paceText, percentText, targetShare } from './goal-text';

/** The query key; saving the goals in Settings refreshes it (features/settings/FinancialGoalsCard.tsx). */
export const goalProgressKey = (id: string) => ['dashboard', id, 'goal-progress'] as const;

const metTone = (met: boolean | null) => (met === null ? 'text.primary' : met ? 'success.main' : 'text.primary');

/** How far the month's sales have come towards the target: a bar, full at the target. */
function TargetBar({ sales }: { sales: GoalProgressResponse['sales'] }) {
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
      <Box sx={{ width: `${share}%`, height: '100%', bgcolor: sales.met ? 'success.main' : BRAND_PRIMARY }} />
    </Box>
  );
}

/**
 * This month so far against the margin goal and the revenue target, with the sales needed per open day left
 * (docs/finance.md, "Goal progress"): the server's figures, net of VAT where registered, as the reports give them.
 */
export const GoalProgressCard = memo(function GoalProgressCard({ id }: { id: string }) {
  const query = useQuery({
    queryKey: goalProgressKey(id),
    // docs/product.md, "Failures": dashboard load failures are logged; the card says so with Retry.
    queryFn: () => loadOrLog(() => loadGoalProgress(id), 'goal progress'),
    retry: false,
  });
  const state = query.isPending ? 'loading' : query.isError ? 'failed' : 'loaded';
  const progress = query.data;
  return (
    <GoalCard
      title="This month's goals"
      testId="goal-progress"
      state={state}
      what="Goal progress"
      onRetry={() => void query.refetch()}
    >
      {progress && (
        <>
          <Box>
            <FigureLine
              label="Margin so far"
              figure={progress.margin.percent === null ? '—' : percentText(progress.margin.percent)}
              tone={metTone(progress.margin.met)}
              testId="margin-so-far"
            />
            <Typography data-testid="margin-goal" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
              {marginSoFarText(progress.margin)}
            </Typography>
            <Typography
              data-testid="margin-last-month"
              variant="caption"
              component="p"
              sx={{ color: 'text.secondary', lineHeight: 1.4 }}
            >
              {lastMonthMarginText(progress.margin)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            <FigureLine
              label="Sales so far"
              figure={formatPounds(progress.sales.to_date)}
              tone={metTone(progress.sales.met)}
              testId="sales-so-far"
            />
            <Typography data-testid="sales-target" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
              of the {formatPounds(progress.sales.target)} target
            </Typography>
            <TargetBar sales={progress.sales} />
            <Typography data-testid="sales-pace" sx={{ fontSize: '0.9rem', lineHeight: 1.4 }}>
              {paceText(progress.sales)}
            </Typography>
          </Box>
          <Typography variant="caption" sx={{ mt: 'auto', color: 'text.secondary', lineHeight: 1.4 }}>
            {monthSoFar(progress.as_of)}, money received and paid. Open days are the days of the week with sales in most
            of the last 8 weeks, less bank holidays.
          </Typography>
        </>
      )}
    </GoalCard>
  );
});
