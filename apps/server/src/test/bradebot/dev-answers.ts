import { SALES_CATEGORIES, VAT_THRESHOLD_PENCE } from '@brade/contract';
import { addDays, type DevApi, days, month, type Range } from './dev-api.js';

/**
 * The answer key of the development questions (dev-questions.json, whose recipes these follow), worked out from the
 * demo salon's books through the API (dev-api.ts) on Friday 27 November 2026, books from 1 June 2025. Where a recipe
 * and the product define a measure differently (margin over takings, revenue per client as the tile counts it), the
 * product's figure is expected, as the set's README says. Every figure an answer states is checked: against the
 * figures the calls serve, or, where no call serves it exactly, within what the served figures it is worked from
 * allow (`approx`: the previous month's same days, which the tiles give only as a percent change). The few no call
 * serves at all (revenue per client of a past month, one client's spend, the bank's movement in a month) are named
 * by `unserved`, so the rest of the answer is still checked.
 */
export interface Want {
  /** The answer must decline (state no figure) or ask back. */
  decline?: boolean;
  /** Money the answer must state (pence). */
  must?: number[];
  /** Money it may state besides (pence). */
  may?: number[];
  /** Percentages it must state (one decimal). */
  percents?: number[];
  /** Counts it must state. */
  counts?: number[];
  /** Words it must contain; an array is alternatives. */
  words?: Array<string | string[]>;
  /** Periods whose figures (takings, costs, profit, income, each cost line) the answer may state too. */
  ranges?: Range[];
  /** Money worked out from served figures that are rounded (pence, tolerance in pence). */
  approx?: Array<[number, number]>;
  /** The words of the answer holding figures no call serves: those figures alone are not checked. */
  unserved?: RegExp;
}

const TODAY = '2026-11-27';
const NOV = days('2026-11-01', TODAY);
const OCT = month('2026-10');
const Q3 = days('2026-07-01', '2026-09-30');
const Q2 = days('2026-04-01', '2026-06-30');
const YTD = days('2026-01-01', TODAY);
const TAX_YTD = days('2026-04-06', TODAY);
const LAST12 = days('2025-11-01', '2026-10-31');
const ALL = days('2025-06-01', TODAY);
const round = Math.round;
const pct1 = (a: number, b: number) => Math.round((a / b) * 1000) / 10;
const whole = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) out.push(m);
  return out;
};
const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const weekday = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const nameOf = (m: string) => `${MONTHS[Number(m.slice(5)) - 1]} ${m.slice(0, 4)}`;

const value = async (f: Promise<number>, words: Array<string | string[]>, ranges: Range[]): Promise<Want> => ({
  must: [await f],
  words,
  ranges,
});
const decline: Want = { decline: true };

async function monthly(_api: DevApi, months: string[], f: (r: Range) => Promise<number>) {
  return Promise.all(months.map(async (m) => ({ m, v: await f(month(m)) })));
}

/** Card sales (not refunds, not payouts counted as sales) of a range. */
async function cardSales(api: DevApi, r: Range) {
  return (await api.salesRows(r)).filter((x) => x.provider !== 'bank' && x.category !== 'Refunds' && x.gross > 0);
}

/** The tile's same days of last month, worked back from its percent change (one decimal): the figure and its rounding. */
function previousOf(tile: { value: number; percent_change: number | null }): [number, number] {
  const v = tile.value * 100;
  const p = tile.percent_change ?? 0;
  const at = (x: number) => v / (1 + x / 100);
  return [Math.round(at(p)), Math.ceil(Math.abs(at(p - 0.05) - at(p + 0.05)) / 2) + 1];
}
const OCT_SAME_DAYS = days('2026-10-01', '2026-10-27');
/** Sums of rows by a key. */
const sumBy = <T>(rows: T[], key: (x: T) => string, value: (x: T) => number) => {
  const out = new Map<string, number>();
  for (const x of rows) out.set(key(x), (out.get(key(x)) ?? 0) + value(x));
  return out;
};
/** The sales report's lines and items over whole months, summed by name. */
export async function soldOver(api: DevApi, months: string[]) {
  const rows = (await Promise.all(months.map((m) => api.salesReport(m)))).flat();
  const lines = sumBy(
    rows.filter((r) => r.amount !== null && !r.level),
    (r) => r.description,
    (r) => Math.round(r.amount! * 100),
  );
  const items = sumBy(
    rows.filter((r) => r.amount !== null && r.level === 1),
    (r) => r.description,
    (r) => Math.round(r.amount! * 100),
  );
  return { lines, items };
}
/** Taxable turnover as HMRC counts it for the threshold: takings and room rent, VAT included. */
async function turnover(api: DevApi, r: Range) {
  const sales = (await api.salesRows(r)).reduce((s, x) => s + x.gross, 0);
  const rent = (await api.otherIncomeRows(r))
    .filter((x) => x.category === 'Room rent')
    .reduce((s, x) => s + x.gross, 0);
  return sales + rent;
}
const VAT_QUARTERS = ['2025-12', '2026-03', '2026-06', '2026-09'];
async function vatNow(api: DevApi) {
  const [open, last] = [await api.vatReport('2026-11'), await api.vatReport('2026-09')];
  return [open.output, open.input, open.due, last.due, last.paid];
}
async function whatIfBase(api: DevApi) {
  return { revenue: await api.revenue(LAST12), costs: await api.costs(LAST12), profit: await api.profit(LAST12) };
}

export const DEV_ANSWERS: Record<string, (api: DevApi) => Promise<Want>> = {
  'dev-001': (api) => value(api.revenue(OCT), ['October 2026'], [OCT]),
  'dev-002': (api) => value(api.revenue(NOV), ['1–27 November'], [NOV]),
  'dev-003': (api) =>
    value(
      api.revenue(days('2025-06-01', '2026-04-05')),
      ['6 April 2025–5 April 2026', '1 June 2025'],
      [days('2025-06-01', '2026-04-05')],
    ),
  'dev-004': (api) => value(api.revenue(days('2026-04-01', TODAY)), ['1 April'], []),
  'dev-005': (api) => value(api.revenue(days('2026-01-01', '2026-03-31')), ['January–March 2026'], []),
  'dev-006': (api) => value(api.revenue(Q3), ['July–September 2026'], [Q3]),
  'dev-007': async (api) => {
    const r = days('2026-07-06', '2026-10-05');
    return { must: [await api.revenue(r), await api.otherIncome(r)], words: ['6 July–5 October 2026'], ranges: [r] };
  },
  'dev-008': (api) => value(api.revenue(YTD), [['1 January', '2026 so far']], [YTD]),
  'dev-009': (api) => value(api.revenue(days('2026-01-01', '2026-06-30')), ['January–June 2026'], []),
  'dev-010': (api) => value(api.revenue(days('2026-06-01', '2026-08-31')), ['June–August 2026'], []),
  'dev-011': (api) => value(api.revenue(days('2026-08-30', TODAY)), ['30 August–27 November'], []),
  'dev-012': (api) => value(api.revenue(month('2025-11')), ['November 2025'], []),
  'dev-013': (api) => value(api.revenue(month('2025-12')), ['December 2025'], []),
  'dev-014': (api) => value(api.revenue(days('2026-11-26', '2026-11-26')), ['26 November'], []),
  'dev-015': (api) => value(api.revenue(days('2026-11-16', '2026-11-22')), ['16–22 November'], []),
  'dev-016': (api) => value(api.revenue(days(TODAY, TODAY)), ['today'], []),
  'dev-017': (api) => value(api.revenue(ALL), ['1 June 2025'], []),
  'dev-018': (api) => value(api.revenue(days('2025-10-01', '2025-12-31')), ['October–December 2025'], []),
  'dev-019': async (api) => ({ must: [await api.grossTakings(OCT)], may: [await api.revenue(OCT)], words: ['VAT'] }),
  'dev-020': async (api) => {
    const rows = (await api.salesRows(OCT)).filter((x) => x.provider !== 'bank');
    const fees = await api.line(OCT, 'Card processing fees');
    const sales = rows.filter((x) => x.gross > 0).reduce((s, x) => s + x.gross, 0);
    const refunds = -rows.filter((x) => x.gross < 0).reduce((s, x) => s + x.gross, 0);
    return { must: [sales - refunds - fees], may: [sales, refunds, fees], words: ['fees'] };
  },
  'dev-021': async (api) => {
    const r = await api.revenue(NOV);
    const trading = new Set((await cardSales(api, NOV)).map((x) => x.date)).size;
    return { must: [round(r / 27)], may: [r, round(r / trading)], words: ['27 days'] };
  },
  'dev-022': (api) => value(api.otherIncome(TAX_YTD, 'Room rent'), ['6 April'], []),
  'dev-023': (api) => value(api.costs(OCT), ['October 2026'], [OCT]),
  'dev-024': (api) => value(api.line(YTD, 'Stock & supplies'), [['1 January', '2026 so far']], [YTD]),
  'dev-025': async (api) => {
    const rows = (await api.expenseRows(ALL)).filter((x) => /sally/i.test(`${x.counterparty} ${x.description}`));
    return { must: [rows.reduce((s, x) => s + x.gross, 0)], words: ['1 June 2025'] };
  },
  'dev-026': async (api) => ({
    must: [await api.line(OCT, 'Wages')],
    may: [await api.staff(OCT)],
    words: ['October 2026', 'PAYE'],
    ranges: [OCT],
  }),
  'dev-027': async (api) => {
    const rent = await api.line(LAST12, 'Rent');
    return { must: [round(rent / 12)], may: [rent], words: ['12'] };
  },
  'dev-028': (api) => value(api.line(days('2026-04-01', TODAY), 'Utilities'), ['Utilities'], []),
  'dev-029': async () => ({ must: [], words: ['fresha'] }),
  'dev-030': async (api) => {
    const [top] = await api.byCategory(Q3);
    return { must: [top![1]], words: [top![0], 'July–September 2026'], ranges: [Q3] };
  },
  'dev-031': (api) => value(api.line(TAX_YTD, 'Professional fees'), ['6 April'], []),
  'dev-032': (api) => value(api.line(TAX_YTD, 'Business rates'), ['6 April'], []),
  'dev-033': async (api) => {
    const lines = await api.byCategory(Q3);
    return { must: [...lines.map(([, v]) => v), await api.costs(Q3)], words: ['July–September 2026', 'Total'] };
  },
  'dev-034': async (api) => {
    const out = (await api.ownerRows(YTD)).filter((x) => x.gross < 0);
    return {
      must: [-out.reduce((s, x) => s + x.gross, 0)],
      may: out.map((x) => -x.gross),
      words: ['not a business cost'],
    };
  },
  'dev-035': (api) => value(api.profit(OCT), ['October 2026'], [OCT]),
  'dev-036': async (api) => ({
    percents: [await api.margin(YTD)],
    words: [['2026 so far', '1 January']],
    ranges: [YTD],
  }),
  'dev-037': (api) =>
    value(
      api.profit(days('2025-06-01', '2026-04-05')),
      ['1 June 2025', 'drawings'],
      [days('2025-06-01', '2026-04-05')],
    ),
  'dev-038': (api) => value(api.profit(LAST12), ['November 2025–October 2026'], [LAST12]),
  'dev-039': (api) => value(api.profit(TAX_YTD), ['6 April'], [TAX_YTD]),
  'dev-040': (api) => value(api.profit(Q2), ['April–June 2026'], [Q2]),
  'dev-041': async (api) => ({
    percents: [await api.margin(month('2026-08'))],
    words: ['August 2026'],
    ranges: [month('2026-08')],
  }),
  'dev-042': async (api) => {
    const out = -(await api.ownerRows(NOV)).filter((x) => x.gross < 0).reduce((s, x) => s + x.gross, 0);
    const profit = await api.profit(NOV);
    return { must: [profit - out], may: [profit, out], words: ['so far'], ranges: [NOV] };
  },
  'dev-043': (api) => value(api.profit(month('2026-01')), ['January 2026'], [month('2026-01')]),
  'dev-044': async (api) => {
    const [sales, costs] = [await api.tile('sales-total'), await api.tile('expenses-total')];
    const [prevRev, tolR] = previousOf(sales);
    const [prevCosts, tolC] = previousOf(costs);
    const [other, otherBefore] = [await api.otherIncome(NOV), await api.otherIncome(OCT_SAME_DAYS)];
    const rev = round(sales.value * 100);
    const cost = round(costs.value * 100);
    const profit = rev + other - cost;
    const prevProfit = prevRev + otherBefore - prevCosts;
    return {
      must: [rev],
      may: [cost, profit],
      approx: [
        [prevRev, tolR],
        [rev - prevRev, tolR],
        [prevCosts, tolC],
        [cost - prevCosts, tolC],
        [prevProfit, tolR + tolC],
        [profit - prevProfit, tolR + tolC],
      ],
      percents: sales.percent_change === null ? [] : [Math.abs(sales.percent_change)],
      words: ['like for like'],
    };
  },
  'dev-045': async (api) => {
    const tile = await api.tile('expenses-total');
    const [prev, tol] = previousOf(tile);
    const cost = round(tile.value * 100);
    const [now, before] = [new Map(await api.byCategory(NOV)), new Map(await api.byCategory(OCT_SAME_DAYS))];
    const moved = [...new Set([...now.keys(), ...before.keys()])].map((c) => (now.get(c) ?? 0) - (before.get(c) ?? 0));
    return {
      must: [cost],
      may: moved,
      approx: [
        [prev, tol],
        [cost - prev, tol],
      ],
      ranges: [NOV, OCT_SAME_DAYS],
      percents: tile.percent_change === null ? [] : [Math.abs(tile.percent_change)],
      words: ['like for like', 'moved most'],
    };
  },
  'dev-046': async (api) => ({
    must: [await api.revenue(OCT), await api.revenue(month('2026-09')), await api.costs(OCT), await api.profit(OCT)],
    words: ['October 2026', 'September 2026'],
    ranges: [OCT, month('2026-09')],
  }),
  'dev-047': async (api) => {
    const a = NOV;
    const b = days('2025-11-01', '2025-11-27');
    return { must: [await api.revenue(a), await api.revenue(b)], words: ['November 2025'], ranges: [a, b] };
  },
  'dev-048': async (api) => {
    const tile = await api.tile('sales-total');
    const [prev, tol] = previousOf(tile);
    const rev = round(tile.value * 100);
    const refunds = async (r: Range) =>
      -(await api.salesRows(r)).filter((x) => x.category === 'Refunds').reduce((s, x) => s + x.net, 0);
    return {
      must: [rev],
      may: [0, await refunds(NOV), await refunds(OCT_SAME_DAYS)],
      approx: [
        [prev, tol],
        [rev - prev, tol],
      ],
      percents: tile.percent_change === null ? [] : [Math.abs(tile.percent_change)],
      words: ['like for like', 'payments'],
    };
  },
  'dev-049': async (api) => ({
    must: [await api.revenue(Q3), await api.revenue(Q2), await api.profit(Q3), await api.profit(Q2)],
    words: ['July–September 2026', 'April–June 2026'],
    ranges: [Q3, Q2],
  }),
  'dev-050': async (api) => {
    const [a, b] = [days('2026-06-01', '2026-08-31'), days('2025-06-01', '2025-08-31')];
    return {
      must: [await api.revenue(a), await api.revenue(b)],
      words: ['June–August 2026', 'June–August 2025'],
      ranges: [a, b],
    };
  },
  'dev-051': async (api) => {
    const [a, b] = [days('2026-08-01', '2026-10-31'), days('2026-05-01', '2026-07-31')];
    const [x, y] = [await api.line(a, 'Stock & supplies'), await api.line(b, 'Stock & supplies')];
    return { must: [x, y], may: [x - y], words: ['August–October 2026', 'May–July 2026'], ranges: [a, b] };
  },
  'dev-052': async (api) => {
    const [a, b] = [days('2026-06-01', '2026-10-31'), days('2025-06-01', '2025-10-31')];
    return {
      percents: [pct1(await api.staff(a), await api.revenue(a)), pct1(await api.staff(b), await api.revenue(b))],
      ranges: [a, b],
      words: ['June–October'],
    };
  },
  'dev-053': async (api) => {
    const all = await monthly(api, whole('2025-06', '2026-10'), api.revenue);
    const best = [...all].sort((x, y) => y.v - x.v)[0]!;
    return { must: [best.v], may: all.map((x) => x.v), words: [nameOf(best.m)] };
  },
  'dev-054': async (api) => {
    const all = await monthly(api, whole('2026-01', '2026-10'), api.revenue);
    const worst = [...all].sort((x, y) => x.v - y.v)[0]!;
    return { must: [worst.v], may: all.map((x) => x.v), words: [nameOf(worst.m)] };
  },
  'dev-055': async (api) => {
    const all = await monthly(api, whole('2025-11', '2026-10'), api.profit);
    const best = [...all].sort((x, y) => y.v - x.v)[0]!;
    return { must: [best.v], may: all.map((x) => x.v), words: [nameOf(best.m)] };
  },
  'dev-056': async (api) => {
    const counts = new Array<number>(7).fill(0);
    for (const x of await cardSales(api, LAST12)) counts[weekday(x.date)]! += 1;
    const top = counts.indexOf(Math.max(...counts));
    const takings = sumBy(
      await api.salesRows(LAST12),
      (x) => String(weekday(x.date)),
      (x) => x.net,
    );
    return {
      must: [takings.get(String(top))!],
      may: [...takings.values()],
      words: [WEEKDAYS[top]!],
      counts: [counts[top]!],
    };
  },
  'dev-057': async (api) => {
    const all = await monthly(api, whole('2025-11', '2026-10'), api.revenue);
    const worst = [...all].sort((x, y) => x.v - y.v)[0]!;
    return { must: [worst.v], may: all.map((x) => x.v), words: [nameOf(worst.m)] };
  },
  'dev-058': async (api) => {
    const fees = await api.line(LAST12, 'Card processing fees');
    return {
      must: [fees],
      percents: [pct1(fees, await api.revenue(LAST12))],
      words: ['November 2025–October 2026'],
      ranges: [LAST12],
    };
  },
  'dev-059': async (api) => ({
    percents: [pct1(await api.staff(LAST12), await api.revenue(LAST12))],
    words: ['November 2025–October 2026'],
    ranges: [LAST12],
  }),
  'dev-060': async (api) => {
    const rent = await api.line(LAST12, 'Rent');
    return { must: [rent], percents: [pct1(rent, await api.revenue(LAST12))], ranges: [LAST12] };
  },
  'dev-061': async (api) => {
    const fees = new Map<string, number>();
    for (const x of (await api.expenseRows(LAST12)).filter((r) => r.category === 'Card processing fees'))
      fees.set(x.provider, (fees.get(x.provider) ?? 0) + x.net);
    const [top] = [...fees].sort((a, b) => b[1] - a[1]);
    const name = { stripe: 'Stripe', square: 'Square', sumup: 'SumUp' }[top![0]] ?? top![0];
    const taken = sumBy(
      await cardSales(api, LAST12),
      (x) => x.provider,
      (x) => x.gross,
    );
    return { must: [top![1]], may: [...fees.values(), ...taken.values()], words: [name] };
  },
  'dev-062': async (api) => {
    const chair = await api.otherIncome(LAST12, 'Room rent');
    return { must: [chair], percents: [pct1(chair, await api.income(LAST12))], ranges: [LAST12] };
  },
  'dev-063': async (api) => ({
    percents: [pct1(await api.line(LAST12, 'Stock & supplies'), await api.costs(LAST12))],
    ranges: [LAST12],
    words: ['November 2025–October 2026'],
  }),
  'dev-064': async (api) => ({
    must: [(await api.vatReport('2026-11')).due],
    may: await vatNow(api),
    words: ['7 February 2027'],
  }),
  'dev-065': async (api) => ({
    may: [(await api.vatReport('2026-09')).paid, (await api.vatReport('2026-09')).due],
    words: ['7 February 2027', '1 October 2026–31 December 2026'],
  }),
  'dev-066': async (api) => {
    let paid = 0;
    for (const m of ['2025-12', '2026-03', '2026-06', '2026-09']) paid += (await api.vatReport(m)).paid;
    return { must: [paid], words: [['2026 so far', '1 January']] };
  },
  'dev-067': async (api) => ({ must: [(await api.vatReport('2026-09')).output], words: ['July–September 2026'] }),
  'dev-068': async (api) => ({ must: [(await api.vatReport('2026-11')).input], words: ['so far'] }),
  'dev-069': async (api) => ({
    must: [await turnover(api, LAST12)],
    may: [VAT_THRESHOLD_PENCE],
    words: ['already VAT-registered', '£90,000'],
  }),
  'dev-070': async (api) => ({
    must: [await turnover(api, LAST12)],
    may: [VAT_THRESHOLD_PENCE],
    words: ['already VAT-registered'],
  }),
  'dev-071': async (api) => {
    const v = await api.vatReport('2026-09');
    return { must: [v.due], may: [v.output, v.input, v.paid], words: ['7 November 2026', 'paid'] };
  },
  'dev-072': async (api) => {
    // The last four VAT quarters, October 2025 to September 2026, as the VAT view shows them.
    const year = days('2025-10-01', '2026-09-30');
    let owed = 0;
    let input = 0;
    for (const m of VAT_QUARTERS) {
      const v = await api.vatReport(m);
      owed += v.due;
      input += v.input;
    }
    const sales = await turnover(api, year);
    const flat = round(sales * 0.13);
    const goods = round((await api.line(year, 'Stock & supplies')) * 1.2);
    return {
      must: [owed, flat],
      may: [sales, goods, input, Math.abs(owed - flat), 100_000],
      words: ['13%', 'limited cost trader', 'accountant'],
    };
  },
  'dev-073': async (api) => ({
    must: [(await api.vatReport('2026-11')).due],
    may: await vatNow(api),
    words: ['7 February 2027', 'estimate'],
  }),
  'dev-074': async () => ({ words: ['card'] }),
  'dev-075': async () => ({ words: ['1–27 November'] }),
  'dev-076': async () => ({
    words: ['October 2026', 'clients'],
    // No call serves revenue per client of a past month (the tile is this month's).
    unserved: /revenue per client in October 2026 was £[\d,.]+/,
  }),
  'dev-077': async (api) => {
    const r = await api.retention();
    return {
      percents: [r.overall.at(-1).percent, r.new_client.at(-1).percent],
      words: ['58%', '30%', '90 days'],
    };
  },
  'dev-078': async (api) => ({
    percents: [(await api.retention()).new_client.at(-1).percent],
    words: ['90 days', '30%'],
  }),
  'dev-079': async () => ({ words: ['July–September 2026'] }),
  'dev-080': async () => ({
    words: ['28 November 2025'],
    // No call serves one client's spend: the payers are anonymous keys.
    unserved: /\d+\. £[\d,.]+ over \d+ visits?/g,
  }),
  'dev-081': async () => ({ words: ['90 days'] }),
  'dev-082': async () => ({ words: ['days'] }),
  'dev-083': async (api) => {
    const g = await api.goalProgress();
    const soFar = round(g.sales.to_date * 100);
    return {
      must: [round(g.sales.target * 100), soFar, round(g.sales.shortfall * 100)],
      // At the same pace: the month so far over its 27 days, for all 30.
      may: [round((soFar / 27) * 30)],
    };
  },
  'dev-084': async (api) => {
    const g = await api.goalProgress();
    const shortfall = round(g.sales.shortfall * 100);
    return {
      must: [shortfall],
      may: [
        round(g.sales.target * 100),
        round(g.sales.to_date * 100),
        Math.ceil(shortfall / 3),
        ...(g.sales.needed_per_open_day === null ? [] : [round(g.sales.needed_per_open_day * 100)]),
      ],
      words: ['3 days'],
    };
  },
  'dev-085': async (api) => {
    const g = await api.goalProgress();
    return { percents: [g.margin.goal, g.margin.last_month.percent] };
  },
  'dev-086': async (api) => ({ words: [`${(await api.goals()).retention_rate}%`, 'goal'] }),
  'dev-087': async (api) => {
    const target = round((await api.goalProgress()).sales.target * 100);
    const months = await monthly(api, whole('2026-01', '2026-10'), api.revenue);
    const hit = months.filter((x) => x.v >= target);
    return { must: [target, ...hit.map((x) => x.v)], words: ['out of 10'], counts: [hit.length] };
  },
  'dev-088': async (api) => ({ must: [round((await api.cash()).booked * 100)], words: ['27 November 2026'] }),
  'dev-089': async (api) => {
    const booked = round((await api.cash()).booked * 100);
    const due = (await api.vatReport('2026-11')).due;
    return { must: [booked, booked - due], may: [due] };
  },
  'dev-090': async () => ({
    words: [['up', 'down'], 'October 2026'],
    // No call serves the bank's movement in a month (card payouts are no report line).
    unserved: /went (?:up|down) by £[\d,.]+[^.]*£[\d,.]+ came in and £[\d,.]+ went out/,
  }),
  'dev-091': async (api) => {
    const rows = (await api.salesRows(month('2025-12'))).filter(
      (x) => /gift voucher/i.test(`${x.category} ${x.description}`) && x.gross > 0,
    );
    return { must: [rows.reduce((s, x) => s + x.gross, 0)], counts: [rows.length], words: ['December 2025'] };
  },
  'dev-092': async (api) => {
    const sold = (await api.salesRows(ALL)).filter(
      (x) => /gift voucher/i.test(`${x.category} ${x.description}`) && x.gross > 0,
    );
    return {
      must: [sold.reduce((s, x) => s + x.gross, 0)],
      counts: [sold.length],
      words: ['1 June 2025'],
      // Vouchers spent at the till are no sale: no call serves them, nor what is still to spend.
      unserved: /not yet spent[^.]*£[\d,.]+|spent for £[\d,.]+/g,
    };
  },
  'dev-093': async (api) => {
    const rows = (await api.salesRows(YTD)).filter((x) => x.category === 'Refunds');
    return {
      must: [-rows.reduce((s, x) => s + x.gross, 0)],
      may: [-rows.reduce((s, x) => s + x.net, 0)],
      counts: [rows.length],
    };
  },
  'dev-094': async (api) => {
    const rows = (await api.salesRows(days('2026-11-16', '2026-11-22'))).filter((x) => x.category === 'Refunds');
    return rows.length === 0
      ? { words: ['no refunds', '16–22 November'] }
      : { must: rows.map((x) => -x.gross), words: ['16–22 November'] };
  },
  'dev-095': async (api) => {
    const rows = await cardSales(api, Q3);
    const refunds = -(await api.salesRows(Q3)).filter((x) => x.category === 'Refunds').reduce((s, x) => s + x.gross, 0);
    const sales = rows.reduce((s, x) => s + x.gross, 0);
    return { must: [refunds], may: [sales], percents: [pct1(refunds, sales)], words: ['July–September 2026'] };
  },
  'dev-096': async (api) => {
    const rows = await cardSales(api, OCT);
    return { counts: [rows.length], may: [rows.reduce((s, x) => s + x.gross, 0)], words: ['October 2026'] };
  },
  'dev-097': async (api) => {
    const rows = await cardSales(api, NOV);
    const taken = sumBy(
      rows,
      (x) => x.provider,
      (x) => x.gross,
    );
    const fees = sumBy(
      (await api.expenseRows(NOV)).filter((x) => x.category === 'Card processing fees'),
      (x) => x.provider,
      (x) => x.net,
    );
    return {
      counts: [rows.filter((x) => x.provider === 'square').length, rows.filter((x) => x.provider === 'sumup').length],
      may: [...taken.values(), ...fees.values()],
    };
  },
  'dev-098': async (api) => ({
    must: [(await api.profit(LAST12)) - 2_400_000],
    may: [2_400_000, 200_000, 2_880_000],
    words: ['£2,000.00 a month', 'assumes'],
    ranges: [LAST12],
  }),
  'dev-099': async (api) => {
    const b = await whatIfBase(api);
    const extra = round(b.revenue * 0.05);
    const fees = round((await api.line(LAST12, 'Card processing fees')) * 0.05);
    return { must: [extra], may: [fees, b.profit + extra - fees], words: ['no clients'], ranges: [LAST12] };
  },
  'dev-100': async (api) => {
    const b = await whatIfBase(api);
    const save = round((await api.line(LAST12, 'Stock & supplies')) * 0.1);
    return { must: [save], may: [round(save / 12), b.profit + save], ranges: [LAST12] };
  },
  'dev-101': async (api) => {
    const b = await whatIfBase(api);
    const rows = (await api.salesRows(LAST12)).filter((x) => weekday(x.date) === 0);
    const lost = rows.reduce((s, x) => s + x.net, 0);
    const traded = new Set(rows.map((x) => x.date)).size;
    return { must: [lost], may: [round(lost / traded), b.profit - lost], words: ['assumes'], ranges: [LAST12] };
  },
  'dev-102': async (api) => {
    const b = await whatIfBase(api);
    const rise = round((await api.line(LAST12, 'Rent')) * 0.1);
    return {
      must: [rise],
      may: [round(rise / 12), b.profit - rise],
      percents: [await api.margin(LAST12)],
      ranges: [LAST12],
    };
  },
  'dev-103': async (api) => {
    const b = await whatIfBase(api);
    const other = await api.otherIncome(LAST12);
    const needed = Math.ceil((b.costs - other) / 0.8);
    const extra = needed - b.revenue;
    return {
      must: [extra],
      may: [needed, round(extra / 12)],
      percents: [await api.margin(LAST12)],
      words: ['20%'],
      ranges: [LAST12],
    };
  },
  'dev-104': async (api) => ({
    must: [await api.revenue(OCT), await api.costs(OCT), await api.profit(OCT)],
    ranges: [OCT],
  }),
  'dev-105': async () => ({
    words: ['October 2026'],
    // No call serves revenue per client of a past month (the tile is this month's).
    unserved: /revenue per client in October 2026 was £[\d,.]+/,
  }),
  'dev-106': async (api) => ({
    must: [(await api.vatReport('2026-11')).due],
    may: await vatNow(api),
    words: ['7 February 2027'],
  }),
  'dev-107': async (api) => {
    const all = await monthly(api, whole('2026-01', '2026-10'), api.revenue);
    const best = [...all].sort((x, y) => y.v - x.v)[0]!;
    const now = await api.revenue(NOV);
    // This month so far against the same days of the best month.
    const same = await api.revenue(days(`${best.m}-01`, `${best.m}-27`));
    return { must: [best.v, now], may: [...all.map((x) => x.v), same, now - same], words: [nameOf(best.m)] };
  },
  'dev-108': async (api) => {
    const [staff, stock, rev] = [await api.staff(Q3), await api.line(Q3, 'Stock & supplies'), await api.revenue(Q3)];
    return {
      must: [staff, stock],
      percents: [pct1(staff, rev), pct1(stock, rev)],
      words: ['July–September 2026'],
      ranges: [Q3],
    };
  },
  'dev-109': async () => decline,
  'dev-110': async () => decline,
  'dev-111': async () => ({ decline: true, words: ['accountant'] }),
  'dev-112': async () => ({ decline: true, words: ['accountant'] }),
  'dev-113': async () => ({ decline: true, words: ['1 June 2025'] }),
  'dev-114': async () => decline,
  'dev-115': async () => decline,
  'dev-116': async (api) => {
    // What was sold over the last 12 whole months, from the sales report's lines and their items.
    const { lines, items } = await soldOver(api, whole('2025-11', '2026-10'));
    const services = new Set<string>(SALES_CATEGORIES.filter((c) => c.group === 'services').map((c) => c.name));
    const [top] = [...lines].filter(([name]) => services.has(name)).sort((a, b) => b[1] - a[1]);
    const noItems = [...lines].filter(([name]) => /without item detail/.test(name));
    return {
      must: [top![1]],
      may: [...lines.values(), ...items.values(), noItems.reduce((s, [, v]) => s + v, 0)],
      words: [top![0], 'without item detail', 'November 2025–October 2026'],
    };
  },
  'dev-117': async () => decline,
  'dev-118': async () => decline,
  'dev-119': async () => decline,
  'dev-120': async () => decline,
};

export { addDays };
