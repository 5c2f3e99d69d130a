import { CASH_BASIS_NOTE, type ConnectionSummary, londonDateOf } from '@brade/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { stored } from '../../api/session';
import { NARROW } from '../../shell/layout';
import { BradeBot } from '../assistant/BradeBot';
import { useSyncStatus } from '../settings/integrations/use-sync-status';
import { CardFeesOnlyNote } from './CardFeesOnlyNote';
import { CashInTheBank } from './cash/CashInTheBank';
import { EmptyState } from './EmptyState';
import { compareCaption, HEADLINES } from './figures';
import { GoalProgressCard } from './goals/GoalProgressCard';
import { RetentionCard } from './goals/RetentionCard';
import { HeadlineTile, HeadlineTileSkeleton } from './HeadlineTile';
import { cardFeesOnly, ImportProgress } from './ImportProgress';
import { ChartSkeleton, chartsRowSx, ExpensesChart, RevenueChart } from './MonthlyCharts';
import { isEmptyAccount, useDashboardData } from './use-dashboard-data';

const NO_CONNECTIONS: ConnectionSummary[] = [];
const CARD_FEES_NOTE = <CardFeesOnlyNote />;

const tilesRowSx = { display: 'flex', gap: 2, [NARROW]: { flexDirection: 'column' } } as const;

/** /main-menu/dashboard: the Overview (docs/product.md, "Screens and routes"). */
export default function DashboardPage() {
  // The shell only renders its children with a stored id.
  const id = stored.id() ?? '';
  // The answers reach the tiles and charts in a render React may interrupt (a deferred value), so drawing a hundred
  // components of cards does not hold the page's main thread in one long task.
  const data = useDeferredValue(useDashboardData(id));
  const sync = useSyncStatus(id);
  const caption = useMemo(() => compareCaption(londonDateOf(new Date())), []);
  // While a first import runs the account only looks empty: the progress shows instead of the invitation.
  const empty = data && !sync.importing ? isEmptyAccount(data) : false;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1400 }} aria-busy={!data}>
      <Typography variant="h1">Overview</Typography>
      {empty && <EmptyState />}
      <ImportProgress connections={sync.connections ?? NO_CONNECTIONS} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={tilesRowSx}>
          {HEADLINES.map(({ kind }) =>
            data ? (
              <HeadlineTile
                key={kind}
                kind={kind}
                figure={data.headlines[kind].data}
                caption={caption}
                failed={data.headlines[kind].failed}
                onRetry={data.retryFailed}
                note={kind === 'expenses' && cardFeesOnly(sync.connections) ? CARD_FEES_NOTE : undefined}
              />
            ) : (
              <HeadlineTileSkeleton key={kind} />
            ),
          )}
        </Box>
        <Typography data-testid="cash-basis" variant="caption" sx={{ color: 'text.secondary' }}>
          {CASH_BASIS_NOTE}, month to date.
        </Typography>
      </Box>
      {!empty && (
        <Box sx={tilesRowSx}>
          <GoalProgressCard id={id} />
          <RetentionCard id={id} goal={data?.goals.data.retention_rate} />
        </Box>
      )}
      <CashInTheBank id={id} />
      {!empty && (
        <Box sx={chartsRowSx}>
          {data ? (
            <>
              <RevenueChart
                months={data.monthlySales.data}
                target={data.goals.data.revenue_target}
                failed={data.monthlySales.failed}
                onRetry={data.retryFailed}
              />
              <ExpensesChart
                months={data.monthlyExpenses.data}
                failed={data.monthlyExpenses.failed}
                onRetry={data.retryFailed}
              />
            </>
          ) : (
            <>
              <ChartSkeleton />
              <ChartSkeleton />
            </>
          )}
        </Box>
      )}
      <BradeBot />
    </Box>
  );
}
