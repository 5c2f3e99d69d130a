import { CASH_BASIS_NOTE, type ConnectionSummary, londonDateOf, monthOf } from '@brade/contract';
import { useDeferredValue, useMemo } from 'react';
import { stored } from '../../api/session';
import plain from '../../ui/plain.module.css';
import { TextLink } from '../../ui/TextLink';
import { BradeBot } from '../assistant/BradeBot';
import { useSyncStatus } from '../settings/integrations/use-sync-status';
import { CardFeesOnlyNote } from './CardFeesOnlyNote';
import { CashInTheBank } from './cash/CashInTheBank';
import { monthMarks } from './chart-marks';
import s from './dashboard.module.css';
import { EmptyState } from './EmptyState';
import { useStartOverviewCalls } from './early-calls';
import { compareCaption, HEADLINES } from './figures';
import { GoalProgressCard } from './goals/GoalProgressCard';
import { RetentionCard } from './goals/RetentionCard';
import { HeadlineTile, HeadlineTileSkeleton } from './HeadlineTile';
import { cardFeesOnly, ImportProgress } from './ImportProgress';
import { anythingImporting, importCoverage, measuresClients, monthStillImporting } from './import-coverage';
import { LINK_CARDS_PATH } from './links';
import { ChartSkeleton, ExpensesChart, RevenueChart } from './MonthlyCharts';
import { OtherIncomeLine } from './OtherIncomeLine';
import { isEmptyAccount, useDashboardData } from './use-dashboard-data';

const NO_CONNECTIONS: ConnectionSummary[] = [];
const CARD_FEES_NOTE = <CardFeesOnlyNote />;
/** docs/finance.md, "Clients": clients are known from card payments, so a bank alone cannot measure them. */
const NEEDS_CARDS = (
  <>
    <TextLink to={LINK_CARDS_PATH}>Link a card provider</TextLink> to see revenue per client
  </>
);

/** /main-menu/dashboard: the Overview (docs/product.md, "Screens and routes"). */
export default function DashboardPage() {
  // The shell only renders its children with a stored id.
  const id = stored.id() ?? '';
  useStartOverviewCalls(id);
  // The answers reach the tiles and charts in a render React may interrupt (a deferred value), so drawing a hundred
  // components of cards does not hold the page's main thread in one long task.
  const data = useDeferredValue(useDashboardData(id));
  const sync = useSyncStatus(id);
  const today = useMemo(() => londonDateOf(new Date()), []);
  const caption = useMemo(() => compareCaption(today), [today]);
  // While a first import runs the account only looks empty: the progress shows instead of the invitation.
  const empty = data && !sync.importing ? isEmptyAccount(data) : false;
  // What an import in progress may still change, and whether the links can measure clients at all.
  const coverage = useMemo(() => importCoverage(sync.connections), [sync.connections]);
  const clientsMeasurable = measuresClients(sync.connections);
  const thisMonthImporting = monthStillImporting(coverage, monthOf(today));
  const salesMarks = useMemo(
    () => (data ? monthMarks(data.monthlySales.data, today, coverage) : []),
    [data, today, coverage],
  );
  const expenseMarks = useMemo(
    () => (data ? monthMarks(data.monthlyExpenses.data, today, coverage) : []),
    [data, today, coverage],
  );
  const goals = data?.goals.data;

  return (
    // Plain elements with static classes (dashboard.module.css): MUI's styling at run time was half the page's script.
    <div className={s.page} aria-busy={!data}>
      <h1 className={plain.pageTitle}>Overview</h1>
      {empty && <EmptyState />}
      <ImportProgress connections={sync.connections ?? NO_CONNECTIONS} />
      <div className={s.headlines}>
        <div className={s.row}>
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
                unmeasurable={kind === 'revenuePerClient' && clientsMeasurable === false ? NEEDS_CARDS : undefined}
                importing={thisMonthImporting}
              />
            ) : (
              <HeadlineTileSkeleton key={kind} />
            ),
          )}
        </div>
        {data && !data.headlines.revenue.failed && <OtherIncomeLine other={data.headlines.revenue.data.other_income} />}
        <span data-testid="cash-basis" className={s.cashBasis}>
          {CASH_BASIS_NOTE}, month to date.
        </span>
      </div>
      {!empty && (
        <div className={s.row}>
          <GoalProgressCard id={id} coverage={coverage} />
          <RetentionCard
            id={id}
            goals={goals && { goal: goals.financial_goals.retention_rate, saved: goals.saved }}
            importing={anythingImporting(coverage)}
            measurable={clientsMeasurable}
          />
        </div>
      )}
      <CashInTheBank id={id} />
      {!empty && (
        <div className={s.chartsRow}>
          {data ? (
            <>
              <RevenueChart
                months={data.monthlySales.data}
                marks={salesMarks}
                target={data.goals.data.financial_goals.revenue_target}
                suggested={!data.goals.data.saved}
                failed={data.monthlySales.failed}
                onRetry={data.retryFailed}
              />
              <ExpensesChart
                months={data.monthlyExpenses.data}
                marks={expenseMarks}
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
        </div>
      )}
      <BradeBot />
    </div>
  );
}
