import { SALES_CATEGORIES } from '@brade/contract';
import { soldOver, type Want } from './dev-answers.js';
import { type DevApi, days, month, type Range } from './dev-api.js';
import type { DevQuestion } from './dev-marking.js';

/**
 * The project's own new phrasings for BradeBot (docs/assistant.md, "How it is measured"), written apart from the
 * owners' development set: UK periods (the tax year just gone, since 6 April, Q3, this VAT quarter), typos, follow-ups,
 * two-part questions, what was sold, who sold it, clients, and other businesses' figures, which are declined. Each
 * answer key is worked out from the demo salon's figures through the API, as the development set's are, on Friday
 * 27 November 2026 with books from 1 June 2025.
 */
const q = (id: string, question: string, topic: string, after?: string): DevQuestion => ({
  id: `own-${id}`,
  question,
  topic,
  ...(after ? { after } : {}),
});

export const OWN_QUESTIONS: DevQuestion[] = [
  q('01', 'wot did we take in the tax year just gone', 'periods'),
  q('02', 'takings since 6 april pls', 'periods'),
  q('03', 'how did q3 do for profit', 'periods'),
  q('04', 'costs this VAT quarter', 'periods'),
  q('05', 'profit for 25/26', 'periods'),
  q('06', 'what were sales in the last 90 days', 'periods'),
  q('07', 'how much did i spend in the last 3 months', 'periods'),
  q('08', 'takings last summer', 'periods'),
  q('09', 'profit in H1', 'periods'),
  q('10', 'what did i make in sept', 'periods'),
  q('11', 'turnover year to date', 'periods'),
  q('12', 'takings on saturday', 'periods'),
  q('13', 'how much came in from chair rent since march', 'periods'),
  q('14', 'and september?', 'follow-up', 'what did we take in august'),
  q('15', 'what about profit?', 'follow-up', 'costs in october'),
  q('16', 'and the month before?', 'follow-up', 'profit last month'),
  q('17', 'how about costs for march', 'follow-up', 'takings in q2'),
  q('18', 'what were my takings and costs in september', 'two-part'),
  q('19', 'how much did i spend on rent in october and what were my wages', 'two-part'),
  q('20', 'what sells best', 'sold'),
  q('21', 'how much did colour bring in last month', 'sold'),
  q('22', 'top 3 services in october', 'sold'),
  q('23', 'wat r my best sellin products this yr', 'sold'),
  q('24', 'how much did nails make in q3', 'sold'),
  q('25', 'break down my sales by service for september', 'sold'),
  q('26', 'who took the most in October', 'team'),
  q('27', 'how much did jade take in october', 'team'),
  q('28', 'hows each stylist doing this month', 'team'),
  q('29', 'how much did chloe take in october', 'team'),
  q('30', 'how many clients did we have in september', 'clients'),
  q('31', 'revenue per client this month', 'clients'),
  q('32', 'how many new customers in october', 'clients'),
  q('33', "what did alice's salon make last month", 'other business'),
  q('34', 'how much does the barbers next door take', 'other business'),
  q('35', 'what do other salons on brade make', 'other business'),
  q('36', 'hw much did i tak in octobr', 'typos'),
  q('37', 'wats my proffit margin for august', 'typos'),
  q('38', 'how much vat did we pay hmrc this year', 'vat'),
  q('39', 'whats the bank balance', 'cash'),
  q('40', 'how much did we refund in october', 'counts'),
  q('41', 'card fees as a % of takings in q3', 'shares'),
  q('42', 'am i hitting target', 'goals'),
  q('43', 'busiest month last year', 'rankings'),
  q('44', 'what did i take at christmas', 'periods'),
  q('45', 'how much will i make next year', 'decline'),
  q('46', 'what did i take on black friday', 'periods'),
  q('47', 'how much have i paid sally beauty since april', 'payee'),
  q('48', 'nd what about jade?', 'follow-up', 'who took the most in October'),
];

const TODAY = '2026-11-27';

const OCT = month('2026-10');
const SEP = month('2026-09');
const Q3 = days('2026-07-01', '2026-09-30');
const TAX_2526 = days('2025-06-01', '2026-04-05');
const decline: Want = { decline: true };
const value = async (f: Promise<number>, words: Array<string | string[]>, ranges: Range[] = []): Promise<Want> => ({
  must: [await f],
  words,
  ranges,
});
const SERVICES = new Set<string>(SALES_CATEGORIES.filter((c) => c.group === 'services').map((c) => c.name));
const months = (from: string, to: string) => {
  const out: string[] = [];
  for (
    let m = from;
    m <= to;
    m = m.endsWith('-12')
      ? `${Number(m.slice(0, 4)) + 1}-01`
      : `${m.slice(0, 5)}${String(Number(m.slice(5)) + 1).padStart(2, '0')}`
  )
    out.push(m);
  return out;
};

/** What was sold in whole months: the top service lines, their items, and the lines without item detail. */
async function sold(api: DevApi, from: string, to: string, only?: (name: string) => boolean) {
  const { lines, items } = await soldOver(api, months(from, to));
  const ranked = [...lines]
    .filter(([name]) => name !== 'Total')
    .filter(([name]) => (only ?? ((n) => SERVICES.has(n)))(name))
    .sort((a, b) => b[1] - a[1]);
  const noItems = [...lines].filter(([name]) => /without item detail/.test(name)).reduce((s, [, v]) => s + v, 0);
  return { ranked, may: [...lines.values(), ...items.values(), noItems] };
}

/** One team member's sales in a month, by first name, from the Team breakdown (null when nobody has that name). */
async function member(api: DevApi, m: string, first: string) {
  const t = await api.team(m);
  const found = t.team.find((x) => x.name.toLowerCase().split(' ')[0] === first);
  return {
    found,
    may: [
      ...t.team.flatMap((x) => [Math.round(x.sales * 100), Math.round((x.average_ticket ?? 0) * 100)]),
      Math.round(t.not_attributed.sales * 100),
    ],
  };
}

export const OWN_ANSWERS: Record<string, (api: DevApi) => Promise<Want>> = {
  'own-01': (api) => value(api.revenue(TAX_2526), ['2025/26', '1 June 2025'], [TAX_2526]),
  'own-02': (api) => value(api.revenue(days('2026-04-06', TODAY)), ['6 April']),
  'own-03': (api) => value(api.profit(Q3), ['July–September 2026'], [Q3]),
  // The demo's VAT quarters end in March, June, September and December: this one began on 1 October.
  'own-04': (api) => value(api.costs(days('2026-10-01', TODAY)), ['1 October'], [days('2026-10-01', TODAY)]),
  'own-05': (api) => value(api.profit(TAX_2526), ['1 June 2025'], [TAX_2526]),
  'own-06': (api) => value(api.revenue(days('2026-08-30', TODAY)), ['30 August–27 November']),
  'own-07': (api) => value(api.costs(days('2026-08-01', '2026-10-31')), ['August–October 2026', 'whole months']),
  'own-08': (api) => value(api.revenue(days('2025-06-01', '2025-08-31')), ['June–August 2025']),
  'own-09': (api) =>
    value(api.profit(days('2026-01-01', '2026-06-30')), ['January–June 2026'], [days('2026-01-01', '2026-06-30')]),
  // "Make" alone is takings or profit: both.
  'own-10': async (api) => ({ must: [await api.revenue(SEP), await api.profit(SEP)], ranges: [SEP] }),
  'own-11': (api) => value(api.revenue(days('2026-01-01', TODAY)), ['1 January']),
  'own-12': (api) => value(api.revenue(days('2026-11-21', '2026-11-21')), ['21 November']),
  'own-13': (api) => value(api.otherIncome(days('2026-03-01', TODAY), 'Room rent'), ['1 March']),
  'own-14': (api) => value(api.revenue(SEP), ['September 2026']),
  'own-15': (api) => value(api.profit(OCT), ['October 2026'], [OCT]),
  'own-16': (api) => value(api.profit(SEP), ['September 2026'], [SEP]),
  // A new question with its own period does not inherit the old one.
  'own-17': (api) => value(api.costs(month('2026-03')), ['March 2026']),
  'own-18': async (api) => ({ must: [await api.revenue(SEP), await api.costs(SEP)], ranges: [SEP] }),
  'own-19': async (api) => ({
    must: [await api.line(OCT, 'Rent'), await api.line(OCT, 'Wages')],
    may: [await api.staff(OCT)],
    words: ['October 2026', 'PAYE'],
    ranges: [OCT],
  }),
  'own-20': async (api) => {
    const s = await sold(api, '2025-11', '2026-10', (n) => !/without item detail|Refunds|Card payouts/.test(n));
    return { must: [s.ranked[0]![1]], may: s.may, words: [s.ranked[0]![0], 'without item detail'] };
  },
  'own-21': async (api) => {
    const s = await sold(api, '2026-10', '2026-10');
    return { must: [s.ranked.find(([n]) => n === 'Colour')![1]], may: s.may, words: ['October 2026'] };
  },
  'own-22': async (api) => {
    const s = await sold(api, '2026-10', '2026-10');
    return { must: s.ranked.slice(0, 3).map(([, v]) => v), may: s.may, words: s.ranked.slice(0, 3).map(([n]) => n) };
  },
  'own-23': async (api) => {
    const s = await sold(api, '2026-01', '2026-11', (n) => n === 'Retail products');
    return { must: [s.ranked[0]![1]], may: s.may, words: ['2026 so far'] };
  },
  'own-24': async (api) => {
    const s = await sold(api, '2026-07', '2026-09');
    return { must: [s.ranked.find(([n]) => n === 'Nails')![1]], may: s.may, words: ['July–September 2026'] };
  },
  'own-25': async (api) => {
    const s = await sold(api, '2026-09', '2026-09');
    return { must: s.ranked.map(([, v]) => v), may: s.may, words: ['September 2026', 'without item detail'] };
  },
  'own-26': async (api) => {
    const t = await api.team('2026-10');
    const [top] = [...t.team].sort((a, b) => b.sales - a.sales);
    return {
      must: [Math.round(top!.sales * 100)],
      may: [...t.team.map((x) => Math.round(x.sales * 100)), Math.round(t.not_attributed.sales * 100)],
      words: [top!.name, 'name nobody'],
    };
  },
  'own-27': async (api) => {
    const m = await member(api, '2026-10', 'jade');
    return m.found ? { must: [Math.round(m.found.sales * 100)], may: m.may, words: [m.found.name] } : decline;
  },
  'own-28': async (api) => {
    const t = await api.team('2026-11');
    return {
      must: t.team.map((x) => Math.round(x.sales * 100)),
      may: [Math.round(t.not_attributed.sales * 100)],
      words: t.team.map((x) => x.name),
    };
  },
  'own-29': async (api) => {
    const m = await member(api, '2026-10', 'chloe');
    return m.found ? { must: [Math.round(m.found.sales * 100)], may: m.may } : decline;
  },
  // No call serves a past month's client count; what it is measured on must be said.
  'own-30': async () => ({ words: ['September 2026', 'could be tied to a person'] }),
  'own-31': async (api) => {
    const tile = await api.tile('revenue-per-client');
    const covered = Number(/(\d+) %/.exec(tile.coverage ?? '')?.[1]);
    return {
      must: [Math.round(tile.value * 100)],
      ...(Number.isFinite(covered) ? { percents: [covered] } : {}),
      words: ['could be tied to a person'],
    };
  },
  'own-32': async () => ({ words: ['October 2026', 'new clients'] }),
  'own-33': async () => decline,
  'own-34': async () => decline,
  'own-35': async () => decline,
  'own-36': (api) => value(api.revenue(OCT), ['October 2026'], [OCT]),
  'own-37': async (api) => ({ percents: [await api.margin(month('2026-08'))], ranges: [month('2026-08')] }),
  'own-38': async (api) => {
    let paid = 0;
    for (const m of ['2025-12', '2026-03', '2026-06', '2026-09']) paid += (await api.vatReport(m)).paid;
    return { must: [paid], words: ['1 January'] };
  },
  'own-39': async (api) => ({ must: [Math.round((await api.cash()).booked * 100)] }),
  'own-40': async (api) => {
    const rows = (await api.salesRows(OCT)).filter((x) => x.category === 'Refunds');
    return {
      must: [-rows.reduce((s, x) => s + x.gross, 0)],
      may: [-rows.reduce((s, x) => s + x.net, 0)],
      counts: [rows.length],
      words: ['October 2026'],
    };
  },
  'own-41': async (api) => {
    const [fees, takings] = [await api.line(Q3, 'Card processing fees'), await api.revenue(Q3)];
    return {
      must: [fees],
      percents: [Math.round((fees / takings) * 1000) / 10],
      ranges: [Q3],
      words: ['July–September 2026'],
    };
  },
  'own-42': async (api) => {
    const g = await api.goalProgress();
    const soFar = Math.round(g.sales.to_date * 100);
    return {
      must: [Math.round(g.sales.target * 100), soFar],
      may: [Math.round(g.sales.shortfall * 100), Math.round((soFar / 27) * 30)],
    };
  },
  // Last year's months the books hold: June to December 2025.
  'own-43': async (api) => {
    const all = await Promise.all(
      months('2025-06', '2025-12').map(async (m) => ({ m, v: await api.revenue(month(m)) })),
    );
    const [best, next] = [...all].sort((a, b) => b.v - a.v);
    return { must: [best!.v], may: all.map((x) => x.v).concat(next ? [next.v] : []) };
  },
  'own-44': (api) => value(api.revenue(month('2025-12')), ['December 2025']),
  'own-45': async () => decline,
  // Black Friday 2026 is the Friday after the fourth Thursday of November: today.
  'own-46': (api) => value(api.revenue(days(TODAY, TODAY)), ['27 November']),
  'own-47': async (api) => {
    const rows = (await api.expenseRows(days('2026-04-01', TODAY))).filter((x) =>
      /sally/i.test(`${x.counterparty} ${x.description}`),
    );
    return { must: [rows.reduce((s, x) => s + x.gross, 0)], words: ['1 April'] };
  },
  'own-48': async (api) => {
    const m = await member(api, '2026-10', 'jade');
    return m.found ? { must: [Math.round(m.found.sales * 100)], may: m.may, words: [m.found.name] } : decline;
  },
};
