import { STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData, ChartOptions, ScriptableLineSegmentContext } from 'chart.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import {
  answers,
  connection,
  GOAL_PROGRESS,
  GOAL_PROGRESS_ANSWER,
  loaded,
  renderDashboard,
  SYNC_STATUS,
  shownValue,
  tile,
} from '../../test/dashboard';
import { PARTIAL_DASH } from '../../ui/charts/chart-series';

/**
 * Issue 28, "Screens that tell the truth at a glance": the figures on the Overview add up, a month that is not whole
 * is marked, a goal the owner never chose is called a suggestion, a period an import has not reached is not judged,
 * and a figure the owner's links cannot measure says what would.
 */

const charts = vi.hoisted(() => [] as Array<{ data: ChartData<'line'>; options: ChartOptions<'line'>; label: string }>);
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: ChartData<'line'>; options: ChartOptions<'line'>; 'aria-label': string }) => {
    charts.push({ data: props.data, options: props.options, label: props['aria-label'] });
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
}));

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  // 12:00 on 22 November 2025 in London.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-22T12:00:00Z'));
  charts.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pounds = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));
const goalCard = () => screen.findByRole('region', { name: "This month's goals" });
const retentionCard = () => screen.findByRole('region', { name: 'Client retention' });
const lastChart = (title: string) => charts.findLast((chart) => chart.label.startsWith(title))!;

/** The salon of the issue: £9,322.46 of revenue, £530 of room rent, £4,397.16 of expenses, £5,455.30 net. */
const MID_MONTH = [
  ...answers({
    sales: {
      value: 9322.46,
      percent_change: 4.2,
      other_income: { amount: 530, categories: [{ category: 'Room rent', amount: 530 }] },
    },
    expenses: { value: 4397.16, percent_change: -38.1 },
    monthlySales: {
      monthly_sales: [
        { month: '2025-09', amount: 12_010 },
        { month: '2025-10', amount: 12_804.3 },
        { month: '2025-11', amount: 9322.46 },
      ],
    },
    monthlyExpenses: {
      monthly_expenses: [
        { month: '2025-09', amount: 8900 },
        { month: '2025-10', amount: 9120.4 },
        { month: '2025-11', amount: 4397.16 },
      ],
    },
  }),
  on(GOAL_PROGRESS, {
    ...GOAL_PROGRESS_ANSWER,
    margin: {
      ...GOAL_PROGRESS_ANSWER.margin,
      percent: 58.5,
      goal: 15,
      met: false,
      revenue: 9322.46,
      other_income: 530,
      expenses: 4397.16,
      net_income: 5455.3,
      expected: {
        total: 4100,
        items: [
          { name: 'Jane Smith', category: 'Wages', amount: 2900 },
          { name: 'HARROGATE ESTATES', category: 'Rent', amount: 1200 },
        ],
        percent: 14.5,
      },
    },
  }),
];

describe('figures that add up (issue 28, point 1)', () => {
  it("shows the other income under the tiles, so the goals card's net income is worked out from the page", async () => {
    mockApi(MID_MONTH);
    renderDashboard();
    await loaded();
    expect(await screen.findByTestId('other-income')).toHaveTextContent(
      'Plus £530.00 other income this month so far (room rent): in net income, not in revenue.',
    );
    const goals = await goalCard();
    const sum = await within(goals).findByTestId('net-income-sum');
    expect(sum).toHaveTextContent(
      'Net income £5,455.30 = revenue £9,322.46 + other income £530.00 − expenses £4,397.16',
    );
    // The owner's own sum, from what the page shows: revenue tile + other income − expenses tile = net income.
    const revenue = pounds(shownValue('Monthly revenue').textContent);
    const expenses = pounds(shownValue('Monthly expenses').textContent);
    const other = pounds(/Plus (£[\d,.]+)/.exec(screen.getByTestId('other-income').textContent ?? '')![1]!);
    const net = pounds(/Net income (£[\d,.]+)/.exec(sum.textContent ?? '')![1]!);
    expect(Math.round((revenue + other - expenses) * 100)).toBe(Math.round(net * 100));
  });

  it('says nothing of other income in a month without any', async () => {
    mockApi(answers());
    renderDashboard();
    await loaded();
    expect(screen.queryByTestId('other-income')).toBeNull();
  });
});

describe('the unfinished month is marked as unfinished (issue 28, point 2)', () => {
  it('draws November (22 days) dashed and hollow on both charts, and names its dates', async () => {
    mockApi(MID_MONTH);
    renderDashboard();
    await loaded();
    await waitFor(() => expect(lastChart('Expenses')).toBeDefined());
    for (const title of ['Revenue', 'Expenses']) {
      const chart = lastChart(title);
      const series = chart.data.datasets[0]!;
      const dash = (series.segment as { borderDash: (context: ScriptableLineSegmentContext) => number[] | undefined })
        .borderDash;
      // The line from October into November is dashed; September to October is solid.
      expect(dash({ p0DataIndex: 1, p1DataIndex: 2 } as ScriptableLineSegmentContext)).toEqual(PARTIAL_DASH);
      expect(dash({ p0DataIndex: 0, p1DataIndex: 1 } as ScriptableLineSegmentContext)).toBeUndefined();
      // November's point is hollow.
      expect((series.pointBackgroundColor as string[])[2]).toBe('#FFFFFF');
      expect((series.pointBackgroundColor as string[])[1]).not.toBe('#FFFFFF');
      expect(chart.label).toContain('Nov 25 ');
      expect(chart.label).toContain('(1–22 Nov so far)');
      const region = screen.getByRole('region', { name: title });
      expect(within(region).getByTestId('partial-key')).toHaveTextContent('Dashed: 1–22 Nov so far');
      const title_ = (
        chart.options.plugins!.tooltip!.callbacks as unknown as {
          title: (items: Array<{ dataIndex: number }>) => string;
        }
      ).title;
      expect(title_([{ dataIndex: 2 }])).toBe('Nov 25 (1–22 Nov so far)');
      expect(title_([{ dataIndex: 1 }])).toBe('Oct 25');
    }
  });
});

describe('month-to-date verdicts do not flatter (issue 28, point 3)', () => {
  it('judges the 22nd once the wages and rent still expected are paid, not on the margin so far', async () => {
    mockApi(MID_MONTH);
    renderDashboard();
    const goals = await goalCard();
    expect(await within(goals).findByTestId('margin-so-far')).toHaveTextContent('58.5%');
    expect(within(goals).getByTestId('margin-expected')).toHaveTextContent(
      '£4,100.00 expected before month end: Jane Smith £2,900.00, HARROGATE ESTATES £1,200.00',
    );
    expect(within(goals).getByTestId('margin-goal')).toHaveTextContent(
      'After them, on sales so far: 14.5% · 0.5 points under the 15% goal',
    );
    expect(goals).not.toHaveTextContent(/Above your 15% goal/);
  });
});

describe('partial history is marked while it is imported (issue 28, point 4)', () => {
  const firstImport = [
    connection('stripe', {
      last_sync: null,
      sync: { state: 'running', imported: 1200, last_error: null },
      history: { from: null, complete: false, recent_from: null },
    }),
    connection('sumup', {
      last_sync: null,
      sync: { state: 'running', imported: 0, last_error: null },
      history: { from: null, complete: false, recent_from: null },
    }),
    connection('square', {
      last_sync: null,
      sync: { state: 'queued', imported: 0, last_error: null },
      history: { from: null, complete: false, recent_from: null },
    }),
  ];

  it('names each provider\'s own progress, never "0 so far" for one that is reading its first pages', async () => {
    mockApi([...MID_MONTH, on(SYNC_STATUS, { connections: firstImport })]);
    renderDashboard();
    const banner = await screen.findByRole('status', { name: 'Import in progress' });
    const lines = within(within(banner).getByTestId('import-lines')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Stripe: 1,200 transactions so far',
      'SumUp: reading the first transactions',
      'Square: waiting to start',
    ]);
    expect(banner).not.toHaveTextContent(/\b0 so far/);
  });

  it('during a first import marks every figure still importing and judges none against a goal', async () => {
    mockApi([...MID_MONTH, on(SYNC_STATUS, { connections: firstImport })]);
    renderDashboard();
    await loaded();
    await waitFor(() =>
      expect(within(tile('Monthly revenue')).getByTestId('tile-importing')).toHaveTextContent(
        'Still importing: this figure will change',
      ),
    );
    // Neither green nor red on a figure that will still change.
    expect(tile('Monthly revenue')).toHaveAttribute('data-tone', 'neutral');
    const goals = await goalCard();
    expect(await within(goals).findByTestId('margin-goal')).toHaveTextContent(
      'Still importing: these figures will change',
    );
    expect(within(goals).getByTestId('margin-last-month')).toHaveTextContent('October 2025: still importing');
    expect(within(goals).queryByTestId('sales-pace')).toBeNull();
    expect(goals).not.toHaveTextContent(/met|Target reached/);
    const retention = await retentionCard();
    expect(await within(retention).findByTestId('retention-goal')).toHaveTextContent(/^Still importing/);
    expect(retention).not.toHaveTextContent(/Goal 12% met/);
    // Every month of the charts may still change.
    const revenue = lastChart('Revenue');
    expect(revenue.label).toContain('Sep 25 £12,010.00 (still importing)');
    expect(revenue.label).toContain('Nov 25 £9,322.46 (1–22 Nov so far, still importing)');
    expect((revenue.data.datasets[0]!.pointBackgroundColor as string[]).every((c) => c === '#FFFFFF')).toBe(true);
  });

  it('once recent months are in, marks only the older ones and judges the months it has reached', async () => {
    // The recent-first import has everything from 1 October (London midnight, 23:00 UTC on 30 September).
    const backfilling = connection('stripe', {
      sync: { state: 'queued', imported: 0, last_error: null },
      history: { from: null, complete: false, recent_from: '2025-09-30T23:00:00.000Z' },
    });
    mockApi([...MID_MONTH, on(SYNC_STATUS, { connections: [backfilling] })]);
    renderDashboard();
    await loaded();
    const banner = await screen.findByRole('status', { name: 'Import in progress' });
    expect(banner).toHaveTextContent('Stripe: waiting to start');
    const goals = await goalCard();
    expect(await within(goals).findByTestId('margin-goal')).toHaveTextContent('After them, on sales so far: 14.5%');
    expect(within(goals).getByTestId('margin-last-month')).toHaveTextContent(
      'October 2025: 11.2% · 3.8 points under the 15% goal',
    );
    expect(within(tile('Monthly revenue')).queryByTestId('tile-importing')).toBeNull();
    const revenue = lastChart('Revenue');
    expect(revenue.label).toContain('Sep 25 £12,010.00 (still importing)');
    expect(revenue.label).toContain('Oct 25 £12,804.30,');
    // Retention reads the whole history: not judged until the older months are in.
    const retention = await retentionCard();
    expect(await within(retention).findByTestId('retention-goal')).toHaveTextContent(/^Still importing/);
  });
});

describe('defaults say they are defaults (issue 28, point 5)', () => {
  it('calls goals the owner never saved suggested, says from what, links to Settings, and gives no verdict', async () => {
    mockApi([
      ...answers({
        goals: {
          financial_goals: { margin_goal: 8, revenue_target: 31_600, retention_rate: 15 },
          saved: false,
          suggested_from: ['2025-08', '2025-09', '2025-10'],
        },
      }),
      on(GOAL_PROGRESS, {
        ...GOAL_PROGRESS_ANSWER,
        goals: { saved: false, suggested_from: ['2025-08', '2025-09', '2025-10'] },
        margin: { ...GOAL_PROGRESS_ANSWER.margin, goal: 8, met: true },
        sales: { ...GOAL_PROGRESS_ANSWER.sales, to_date: 31_591, target: 31_600, met: false },
      }),
    ]);
    const user = userEvent.setup();
    const router = renderDashboard();
    const goals = await goalCard();
    expect(await within(goals).findByTestId('sales-target')).toHaveTextContent('of the £31,600.00 suggested target');
    expect(within(goals).getByTestId('sales-suggested')).toHaveTextContent(
      'Suggested goal (your average takings of Aug–Oct 2025). Set your goals in Settings',
    );
    expect(within(goals).getByTestId('margin-suggested')).toHaveTextContent(
      'Suggested goal (the industry standard, 7–9%)',
    );
    expect(within(goals).getByTestId('margin-goal')).toHaveTextContent('After them, on sales so far: 4.8%');
    expect(within(goals).getByTestId('margin-last-month')).toHaveTextContent(/^October 2025: 11\.2%$/);
    expect(goals).not.toHaveTextContent(/met|Target reached|points under/);
    expect(within(goals).queryByTestId('sales-pace')).toBeNull();

    const retention = await retentionCard();
    expect(await within(retention).findByTestId('retention-goal')).toHaveTextContent(/^Suggested goal 15% · National/);
    expect(retention).not.toHaveTextContent(/Goal 15% met/);
    expect(screen.getByRole('region', { name: 'Revenue' })).toHaveTextContent('suggested target £31,600.00 a month');

    await user.click(within(goals).getAllByRole('link', { name: 'Set your goals in Settings' })[0]!);
    expect(router.state.location.pathname).toBe('/main-menu/settings');
    expect(router.state.location.hash).toBe('#financial-goals');
  });
});

describe('no false £0.00 (issue 28, point 6)', () => {
  it('tells a bank-only owner what would measure revenue per client and retention, instead of £0.00', async () => {
    mockApi([
      ...answers({ perClient: { value: 0, percent_change: null } }),
      on(SYNC_STATUS, { connections: [connection('gocardless')] }),
    ]);
    const user = userEvent.setup();
    const router = renderDashboard();
    await loaded();
    const perClient = tile('Revenue per client');
    await waitFor(() =>
      expect(within(perClient).getByTestId('tile-unmeasurable')).toHaveTextContent(
        'Link a card provider to see revenue per client',
      ),
    );
    expect(shownValue('Revenue per client')).toHaveTextContent(/^—$/);
    expect(perClient).not.toHaveTextContent('£0.00');
    const retention = await retentionCard();
    expect(await within(retention).findByTestId('retention-unmeasurable')).toHaveTextContent(
      'Link a card provider to see client retention.',
    );
    expect(retention).not.toHaveTextContent(/90 days to come back/);
    await user.click(within(perClient).getByRole('link', { name: 'Link a card provider' }));
    expect(router.state.location.hash).toBe('#integrations');
  });

  it('shows revenue per client as measured once a card provider is linked', async () => {
    mockApi(answers());
    renderDashboard();
    await loaded();
    await waitFor(() => expect(shownValue('Revenue per client')).toHaveTextContent('£48.75'));
    expect(within(tile('Revenue per client')).queryByTestId('tile-unmeasurable')).toBeNull();
  });
});
