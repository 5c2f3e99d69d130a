import { addMonths, monthOf } from '@brade/contract';
import { type Measured, measure, metricName, money, pct, plural, signedMoney } from './measures.js';
import { monthName, monthsBetween, weekdayName } from './period-words.js';
import { dayCount, longDate, monthsPeriod, type Period, periodBefore as periodBeforeOf } from './periods.js';
import type { Ask, Metric } from './reading.js';
import {
  byWeekday,
  cardFigures,
  comparePeriods,
  expenseCategories,
  likeForLike,
  monthlyFigures,
  refundList,
  salesByService,
  type ToolContext,
} from './tools.js';

/**
 * Answers to asks (docs/assistant.md, "Answers"): a figure, a comparison, a share, a ranking, a breakdown, a count or
 * a list, each naming its period and dates, from the tools.
 */

/** "in October 2026", "since 1 April 2026 (…)", "yesterday (Thursday 26 November 2026)". */
export function when(p: Period): string {
  if (/^Black Friday/.test(p.label)) return `on ${p.label}`;
  if (/^last (?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(p.label))
    return `on ${p.label.replace(/^last .*\((.*)\)$/, '$1')}`;
  if (/^(since|today|yesterday|last week|this week|the weekend)/i.test(p.label)) return p.label;
  return `in ${p.label}`;
}

/** The part of a period the books hold, with a sentence when it is only part (docs/assistant.md, "Periods"). */
export function withinBooks(p: Period, booksFrom: string | null, today: string): { period: Period; note: string } {
  const to = p.to > today ? today : p.to;
  let period = to === p.to ? p : { ...p, to, soFar: true };
  if (booksFrom && period.from < booksFrom && period.to >= booksFrom) {
    period = { ...period, from: booksFrom };
    return {
      period,
      note: `Your books only start on ${longDate(booksFrom)}, so this is ${longDate(booksFrom)}–${longDate(period.to)}, part of the period.`,
    };
  }
  return { period, note: '' };
}

const isSoFar = (p: Period) => p.soFar;
const verb = (p: Period, many = false) => (isSoFar(p) ? (many ? 'are' : 'is') : many ? 'were' : 'was');
const PLURAL = /^(?:[a-z]+ )?(?:takings|costs|refunds|wages|drawings|payments|clients|fees|vouchers|sales)\b/;

/** "Your takings in October 2026 were £11,572.41 (sales less refunds, net of VAT)." */
export function sentence(m: Metric, v: Measured, period: Period): string {
  const [, short = v.name, about] = /^(.*?)(?: \((.*)\))?$/.exec(v.name) ?? [];
  const note = v.note ? ` ${v.note}` : '';
  const w = when(period);
  if ((m.id === 'category' || m.id === 'payee' || m.id === 'staffCosts' || m.id === 'wages') && v.pence !== undefined) {
    const what =
      m.id === 'category' ? (m.category === 'Card processing fees' ? 'card processing fees' : m.category!) : short;
    const spent = period.soFar ? 'have spent' : 'spent';
    if (m.id === 'payee' && v.pence === 0) return `${(v.note ?? '').replace(/\.$/, '')} ${w}.`;
    if (m.id === 'payee')
      return `You ${period.soFar ? 'have paid' : 'paid'} ${short.replace(/^payments to /, '')} ${money(v.pence)} ${w}${about ? ` (${about})` : ''}.${note}`;
    return `You ${spent} ${money(v.pence)} on ${what} ${w}${about && m.id !== 'category' ? ` (${about})` : ''}.${note}`;
  }
  if (
    v.count !== undefined &&
    (m.id === 'clients' ||
      m.id === 'newClients' ||
      m.id === 'cardPayments' ||
      m.id === 'vouchersSold' ||
      m.id === 'vouchersRedeemed' ||
      m.id === 'refunds')
  ) {
    const count = v.count.toLocaleString('en-GB');
    const thing = m.id === 'refunds' ? plural(v.count, 'refund').replace(/^[\d,]+ /, '') : short;
    const amount = m.id === 'refunds' ? ` totalling ${money(v.pence ?? 0)}` : '';
    const noteText =
      m.id === 'refunds' ? ` (${about}; net of VAT ${money(v.parts?.[0]?.pence ?? 0)})` : about ? ` (${about})` : '';
    return `${w.replace(/^./, (c) => c.toUpperCase())} you had ${count} ${thing}${amount}${noteText}.${m.id === 'refunds' ? '' : note}`;
  }
  if (m.id === 'ownerMoney') {
    return `You ${period.soFar ? 'have taken' : 'took'} ${money(v.pence ?? 0)} out of the business for yourself ${w}${about ? ` (${about})` : ''}.${note}`;
  }
  if (m.id === 'vatOutput' || m.id === 'vatInput' || m.id === 'vatPaid') {
    const what =
      m.id === 'vatOutput'
        ? 'VAT you charged on sales and other income (output VAT)'
        : m.id === 'vatInput'
          ? 'VAT you can reclaim on your costs (input VAT)'
          : 'VAT you paid to HMRC (less any repayments)';
    return `${w.replace(/^./, (c) => c.toUpperCase())}, the ${what} ${verb(period)} ${money(v.pence ?? 0)}.${note}`;
  }
  return `Your ${short} ${w} ${verb(period, PLURAL.test(short))} ${figureText(v)}${about ? ` (${about})` : ''}.${note}`;
}

function figureText(m: Measured): string {
  if (m.percent !== undefined) return m.percent === null ? 'not measurable (no takings)' : pct(m.percent);
  if (m.pence !== undefined && m.count !== undefined && m.name.startsWith('refunds'))
    return `${money(m.pence)} (${plural(m.count, 'refund')})`;
  if (m.count !== undefined && m.pence === undefined) return m.count.toLocaleString('en-GB');
  if (m.count !== undefined && m.name.startsWith('gift'))
    return `${m.count.toLocaleString('en-GB')} (${money(m.pence ?? 0)})`;
  return signedMoney(m.pence ?? 0);
}

/** One sentence per measure and period. */
async function valueAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null): Promise<string> {
  const out: string[] = [];
  const per = ask.op.kind === 'value' ? ask.op.per : undefined;
  for (const raw of ask.periods) {
    const { period, note } = withinBooks(raw, booksFrom, ctx.today);
    const metrics: Metric[] = ask.madeAmbiguous ? [{ id: 'revenue' }, { id: 'profit' }] : ask.metrics;
    const sentences: string[] = [];
    for (const m of metrics) {
      const v = await measure(ctx, m, period);
      if (per === 'day' && v.pence !== undefined) {
        const days = dayCount(period.from, period.to);
        const trading = (await byWeekday(ctx, period)).weekdays.reduce((s, w) => s + w.tradingDays, 0);
        sentences.push(
          `Your ${metricName(m)} ${when(period)} ${verb(period, PLURAL.test(metricName(m)))} ${money(v.pence)}: ${money(v.pence / days)} a day over the ${plural(days, 'day')}${trading > 0 && trading !== days ? `, or ${money(v.pence / trading)} a day over the ${plural(trading, 'day')} you took card payments` : ''}.`,
        );
        continue;
      }
      if (per === 'week' && v.pence !== undefined) {
        const weeks = dayCount(period.from, period.to) / 7;
        sentences.push(
          `Your ${metricName(m)} averaged ${money(v.pence / weeks)} a week ${when(period)} (${money(v.pence)} over ${weeks.toFixed(1)} weeks).`,
        );
        continue;
      }
      if (per === 'month' && v.pence !== undefined) {
        const months = Math.max(1, period.months.length || Math.round(dayCount(period.from, period.to) / 30.4));
        sentences.push(
          `Your ${metricName(m)} averaged ${money(v.pence / months)} a month ${when(period)} (${money(v.pence)} over ${plural(months, 'month')}).`,
        );
        continue;
      }
      if (m.id === 'profit' && v.pence !== undefined) {
        sentences.push(
          v.pence >= 0
            ? `You made a profit of ${money(v.pence)} ${when(period)}${period.soFar && !/so far/.test(period.label) ? ' so far' : ''}: income of ${money(v.parts![0]!.pence)} less costs of ${money(v.parts![1]!.pence)} (before tax; drawings are not deducted).`
            : `You made a loss of ${money(v.pence)} ${when(period)}${period.soFar && !/so far/.test(period.label) ? ' so far' : ''}: costs of ${money(v.parts![1]!.pence)} were more than income of ${money(v.parts![0]!.pence)} (before tax; drawings are not deducted).`,
        );
        continue;
      }
      if (m.id === 'margin') {
        sentences.push(
          v.percent === null || v.percent === undefined
            ? `There were no takings ${when(period)}, so there is no margin.`
            : `Your margin ${when(period)} ${verb(period)} ${v.percent < 0 ? '-' : ''}${pct(v.percent)}${v.percent < 0 ? ' (a loss)' : ''}: profit of ${signedMoney(v.parts![0]!.pence)} on takings of ${money(v.parts![1]!.pence)} (margin is profit as a share of takings, net of VAT, as Brade's reports show it).`,
        );
        continue;
      }
      if (m.id === 'payee' && v.pence === 0 && v.note) {
        sentences.push(`${v.note.replace(/\.$/, '')} ${when(period)}.`);
        continue;
      }
      sentences.push(sentence(m, v, period));
    }
    // Making Tax Digital periods: turnover there is all income, so other income is named beside takings.
    if ((period.unit === 'taxQuarter' || period.unit === 'taxYear') && metrics.some((m) => m.id === 'revenue')) {
      const other = await measure(ctx, { id: 'otherIncome' }, period);
      if ((other.pence ?? 0) !== 0)
        sentences.push(
          `Other income (chair and room rent) was ${money(other.pence ?? 0)} besides, ${money((other.pence ?? 0) + ((await measure(ctx, { id: 'revenue' }, period)).pence ?? 0))} of income in all.`,
        );
    }
    out.push(
      `${sentences.join(' ')}${note ? ` ${note}` : ''}${period.soFar && period.unit === 'month' ? ' The month is not over yet.' : ''}`,
    );
  }
  if (ask.periodDefaulted && ask.periods.length === 2) return out.join(' ');
  return out.join(' ');
}

const changeWords = (diff: number, percent: number | null) =>
  diff === 0
    ? 'no change'
    : `${diff > 0 ? 'up' : 'down'} ${money(diff)}${percent === null ? '' : ` (${diff > 0 ? '+' : '-'}${pct(percent)})`}`;

const percentChange = (a: number, b: number) => (b === 0 ? null : Math.round(((a - b) / Math.abs(b)) * 1000) / 10);

/** The tiles' like-for-like periods when a comparison is of the month so far against the month before. */
function likeForLikeIfMonthSoFar(ctx: ToolContext, a: Period, b: Period): [Period, Period, boolean] {
  const current = monthOf(ctx.today);
  if (
    a.soFar &&
    a.unit === 'month' &&
    monthOf(a.from) === current &&
    b.unit === 'month' &&
    monthOf(b.from) === addMonths(current, -1)
  ) {
    const lfl = likeForLike(ctx);
    return [lfl.current, lfl.previous, true];
  }
  if (a.soFar && a.unit === 'month' && b.unit === 'month' && b.to > b.from) {
    // Any other month set against the month so far: the same days of it.
    const day = Number(ctx.today.slice(8, 10));
    const last = Number(b.to.slice(8, 10));
    const to = `${b.from.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
    return [
      a,
      {
        ...b,
        to,
        label: `the same days of ${monthName(monthOf(b.from))} (1–${Math.min(day, last)} ${monthName(monthOf(b.from))})`,
      },
      true,
    ];
  }
  if (a.soFar && b.from < a.from && dayCount(b.from, b.to) > dayCount(a.from, a.to) && a.unit !== 'all') {
    // A period so far against a whole earlier one: the same number of days of it.
    const to = addDaysText(b.from, dayCount(a.from, a.to) - 1);
    return [
      a,
      {
        ...b,
        to,
        label: `the same days of ${b.label.replace(/ \(.*$/, '')} (${longDate(b.from)}–${longDate(to)})`,
        soFar: false,
      },
      true,
    ];
  }
  return [a, b, false];
}
const addDaysText = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function compareAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null, why: boolean): Promise<string> {
  const [rawA, rawB] = ask.periods as [Period, Period];
  const [a0, b0, lfl] = likeForLikeIfMonthSoFar(ctx, rawA, rawB);
  let a = withinBooks(a0, booksFrom, ctx.today);
  const b = withinBooks(b0, booksFrom, ctx.today);
  // A year against the year before when the books began part-way: both from the same day of the year.
  if (
    b.note &&
    b0.from.slice(5) === a0.from.slice(5) &&
    Number(a0.from.slice(0, 4)) === Number(b0.from.slice(0, 4)) + 1
  ) {
    const from = `${a0.from.slice(0, 4)}${b.period.from.slice(4)}`;
    a = { period: { ...a.period, from, label: `${longDate(from)}–${longDate(a.period.to)}` }, note: '' };
    b.period = { ...b.period, label: `${longDate(b.period.from)}–${longDate(b.period.to)}` };
    b.note = `Your books start on ${longDate(booksFrom!)}, so both years are compared from ${longDate(from).replace(/ \d{4}$/, '')}.`;
  }
  if (booksFrom && b0.to < booksFrom) {
    return `I can't compare ${a.period.label} with ${b0.label}: your books only start on ${longDate(booksFrom)}. I can compare it with the period before it instead.`;
  }
  const lines: string[] = [];
  const metrics = ask.metrics.length > 0 ? ask.metrics : [{ id: 'revenue' } as Metric];
  for (const m of metrics) {
    const [x, y] = await Promise.all([measure(ctx, m, a.period), measure(ctx, m, b.period)]);
    if (m.id === 'margin' || (x.percent !== undefined && x.pence === undefined)) {
      const [p, q] = [x.percent ?? null, y.percent ?? null];
      lines.push(
        `Your ${metricName(m)} was ${p === null ? 'not measurable' : pct(p)} ${when(a.period)} against ${q === null ? 'not measurable' : pct(q)} ${when(b.period)}${p !== null && q !== null ? ` (${p >= q ? 'up' : 'down'} ${(Math.abs(p - q)).toFixed(1)} points)` : ''}.`,
      );
      continue;
    }
    const [vx, vy] = [x.pence ?? x.count ?? 0, y.pence ?? y.count ?? 0];
    const isCount = x.pence === undefined;
    const fmt = (v: number) => (isCount ? v.toLocaleString('en-GB') : signedMoney(v));
    const diff = vx - vy;
    const change = percentChange(vx, vy);
    const changeText = isCount
      ? diff === 0
        ? 'no change'
        : `${diff > 0 ? 'up' : 'down'} ${Math.abs(diff).toLocaleString('en-GB')}${change === null ? '' : ` (${diff > 0 ? '+' : '-'}${pct(change)})`}`
      : changeWords(diff, change);
    lines.push(
      `Your ${metricName(m)}: ${fmt(vx)} ${when(a.period)} against ${fmt(vy)} ${when(b.period)}, ${changeText}.`,
    );
  }
  let text = lines.join(' ');
  if (lfl) text += ' Like for like: the same days of each period, as the dashboard compares them.';
  const notes = [a.note, b.note].filter(Boolean);
  if (notes.length > 0) text += ` ${notes[0]}`;
  const m0 = metrics[0]!;
  if (
    why &&
    (m0.id === 'revenue' ||
      m0.id === 'costs' ||
      m0.id === 'profit' ||
      m0.id === 'category' ||
      m0.id === 'staffCosts' ||
      m0.id === 'wages')
  ) {
    text += ` ${await drivers(ctx, m0, a.period, b.period)}`;
  }
  return text;
}

/** What drove a change: the expense lines that moved most, or for takings the payments, their size and the clients. */
async function drivers(ctx: ToolContext, m: Metric, a: Period, b: Period): Promise<string> {
  if (m.id === 'revenue') {
    const [ca, cb, cl, la, lb] = await Promise.all([
      cardFigures(ctx, a),
      cardFigures(ctx, b),
      Promise.all([measure(ctx, { id: 'clients' }, a), measure(ctx, { id: 'clients' }, b)]),
      salesByService(ctx, a),
      salesByService(ctx, b),
    ]);
    const avg = (c: typeof ca) => (c.payments === 0 ? 0 : c.salesGrossPence / c.payments);
    const size = avg(ca) > avg(cb) * 1.005 ? 'larger' : avg(ca) < avg(cb) * 0.995 ? 'smaller' : 'about the same';
    const refund = (lines: typeof la) => -(lines.find((l) => l.name === 'Refunds')?.pence ?? 0);
    const [ra, rb] = [refund(la), refund(lb)];
    return `Behind it: ${plural(ca.payments, 'card payment')} against ${cb.payments.toLocaleString('en-GB')}, with ${size} payments on average; ${plural(cl[0].count ?? 0, 'client')} against ${(cl[1].count ?? 0).toLocaleString('en-GB')}; ${ra === rb ? `refunds unchanged at ${money(ra)}` : `refunds ${money(ra)} against ${money(rb)}`} (net of VAT).`;
  }
  const c = await comparePeriods(ctx, 'expenses', a, b);
  const up = c.movers.filter((x) => x.group === 'expenses');
  if (up.length === 0) return 'No expense line changed.';
  return `The lines that moved most: ${up.map((x) => `${x.line} ${x.changePence > 0 ? 'up' : 'down'} ${money(x.changePence)} (${money(x.currentPence)} against ${money(x.previousPence)})`).join('; ')}.`;
}

async function shareAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null): Promise<string> {
  if (ask.op.kind !== 'share') return '';
  const base = ask.op.base;
  const out: string[] = [];
  const periods =
    ask.periods.length === 2 && ask.periods[0]!.from > ask.periods[1]!.from ? ask.periods : ask.periods.slice(0, 1);
  for (const raw of periods) {
    const { period, note } = withinBooks(raw, booksFrom, ctx.today);
    const whole = await measure(ctx, base, period);
    const parts: string[] = [];
    let combined = 0;
    for (const m of ask.metrics) {
      const v = await measure(ctx, m, period);
      const pence = m.id === 'refunds' ? (v.pence ?? 0) : (v.pence ?? 0);
      combined += pence;
      const share = whole.pence ? (pence / whole.pence) * 100 : null;
      parts.push(
        `${metricName(m)} ${money(pence)}${share === null ? '' : `, ${pct(share)} of your ${metricName(base)} of ${money(whole.pence ?? 0)}`}`,
      );
    }
    const both =
      ask.metrics.length > 1 && whole.pence
        ? ` Together ${money(combined)}, ${pct((combined / whole.pence) * 100)} of your ${metricName(base)}.`
        : '';
    out.push(
      `${when(period).replace(/^./, (c) => c.toUpperCase())}: ${parts.join('; ')}.${both}${note ? ` ${note}` : ''}`,
    );
  }
  if (periods.length === 2 && ask.metrics.length === 1) {
    const shares = [];
    for (const raw of periods) {
      const { period } = withinBooks(raw, booksFrom, ctx.today);
      const [n, d] = await Promise.all([measure(ctx, ask.metrics[0]!, period), measure(ctx, base, period)]);
      shares.push(d.pence ? ((n.pence ?? 0) / d.pence) * 100 : null);
    }
    const [x, y] = shares as [number | null, number | null];
    if (x !== null && y !== null) {
      out.push(
        `So ${metricName(ask.metrics[0]!)} took ${x > y ? 'more' : x < y ? 'less' : 'the same share'}${x === y ? '' : ` of your ${metricName(base)}`}: ${pct(x)} against ${pct(y)}, ${x >= y ? 'up' : 'down'} ${Math.abs(x - y).toFixed(1)} points.`,
      );
    }
  }
  return out.join(' ').trim();
}

async function rankAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null, memo: AnswerMemo): Promise<string> {
  if (ask.op.kind !== 'rank') return '';
  const { dir, by } = ask.op;
  const { period, note } = withinBooks(ask.periods[0]!, booksFrom, ctx.today);
  const m = ask.metrics[0] ?? { id: 'revenue' };
  if (by === 'month') {
    const current = monthOf(ctx.today);
    const months = monthsBetween(monthOf(period.from), monthOf(period.to)).filter(
      (mo) => mo !== current && (!booksFrom || `${mo}-01` >= `${booksFrom.slice(0, 8)}01`),
    );
    const whole = months.filter((mo) => !booksFrom || `${mo}-01` >= booksFrom);
    if (whole.length === 0) return `There is no whole month ${when(period)} yet to rank.`;
    const standard = m.id === 'costs' || m.id === 'profit' || m.id === 'revenue';
    const figures = standard
      ? await monthlyFigures(ctx, whole)
      : await Promise.all(
          whole.map(async (mo) => {
            const v = await measure(ctx, m, monthsPeriod(mo, mo, ctx.today, 'month'));
            const n = v.pence ?? v.count ?? 0;
            return {
              month: mo,
              label: monthName(mo),
              revenuePence: n,
              expensesPence: n,
              netIncomePence: n,
              incomePence: n,
            };
          }),
        );
    const key = m.id === 'costs' ? 'expensesPence' : m.id === 'profit' ? 'netIncomePence' : 'revenuePence';
    const word = standard ? (m.id === 'costs' ? 'costs' : m.id === 'profit' ? 'profit' : 'takings') : metricName(m);
    const sorted = [...figures].sort(
      (x, y) => (dir === 'top' ? y[key] - x[key] : x[key] - y[key]) || x.month.localeCompare(y.month),
    );
    const pick = sorted[0]!;
    memo.rankedMonth = pick.month;
    const next = sorted[1];
    const label =
      dir === 'top' ? (word === 'costs' ? 'most expensive' : 'best') : word === 'costs' ? 'cheapest' : 'weakest';
    const excluded =
      months.includes(current) || monthOf(period.to) === current
        ? ` (${monthName(current)} is left out: it is not over yet)`
        : '';
    return `Your ${label} month for ${word} of the ${plural(whole.length, 'whole month')} from ${monthName(whole[0]!)} to ${monthName(whole.at(-1)!)} was ${pick.label}, with ${signedMoney(pick[key])}${next ? `; next came ${next.label} (${signedMoney(next[key])})` : ''}.${excluded}${note && !booksFrom ? ` ${note}` : ''}`;
  }
  if (by === 'weekday') {
    const w = (await byWeekday(ctx, period)).weekdays;
    const byPayments = !has(ask, 'revenue');
    const sorted = [...w].sort(
      (x, y) => (dir === 'top' ? 1 : -1) * (byPayments ? y.payments - x.payments : y.revenuePence - x.revenuePence),
    );
    const pick = sorted[0]!;
    const list = [...w]
      .sort((x, y) => y.revenuePence - x.revenuePence)
      .map((d) => `${weekdayName(d.weekday)} ${money(d.revenuePence)} (${d.payments.toLocaleString('en-GB')} payments)`)
      .join(', ');
    return `Your ${dir === 'top' ? 'busiest' : 'quietest'} day of the week ${when(period)} was ${weekdayName(pick.weekday)}: ${plural(pick.payments, 'card payment')} and ${money(pick.revenuePence)} of takings. By day: ${list}.${note ? ` ${note}` : ''}`;
  }
  if (by === 'processor') {
    const c = await cardFigures(ctx, period);
    const sorted = [...c.processors].sort((x, y) =>
      dir === 'top' ? y.feesPence - x.feesPence : x.feesPence - y.feesPence,
    );
    const pick = sorted[0];
    if (!pick) return `There were no card payments ${when(period)}.`;
    return `${processorName(pick.provider)} cost you the most in card fees ${when(period)}: ${money(pick.feesPence)}${pick.effectiveFeePercent === null ? '' : `, ${pct(pick.effectiveFeePercent)} of the ${money(pick.salesGrossPence)} taken through it`}. ${processorTable(c.processors)}${note ? ` ${note}` : ''}`;
  }
  const lines = await expenseCategories(ctx, period);
  if (lines.length === 0) return `You had no costs ${when(period)}.`;
  const sorted = dir === 'top' ? lines : [...lines].reverse();
  const total = lines.reduce((s, l) => s + l.pence, 0);
  const [top, ...rest] = sorted;
  return `Your ${dir === 'top' ? 'biggest' : 'smallest'} cost ${when(period)} was ${top!.name}, at ${money(top!.pence)} (${pct((top!.pence / total) * 100)} of your costs of ${money(total)}). Next came ${rest
    .slice(0, 2)
    .map((l) => `${l.name} (${money(l.pence)})`)
    .join(
      ' and ',
    )}.${top!.name === 'Wages' ? ' Wages are net pay; PAYE and National Insurance and pensions are their own lines.' : ''}${note ? ` ${note}` : ''}`;
}
const has = (ask: Ask, id: string) => ask.metrics.some((m) => m.id === id) && !/payments/.test(id);

const PROCESSORS: Record<string, string> = { stripe: 'Stripe', square: 'Square', sumup: 'SumUp', bank: 'Card payouts' };
export const processorName = (p: string) => PROCESSORS[p] ?? p;
const processorTable = (rows: Awaited<ReturnType<typeof cardFigures>>['processors']) =>
  `By processor: ${rows
    .map(
      (r) =>
        `${processorName(r.provider)} ${plural(r.sales, 'payment')}, ${money(r.salesGrossPence)} taken, fees ${money(r.feesPence)}${r.effectiveFeePercent === null ? '' : ` (${pct(r.effectiveFeePercent)})`}`,
    )
    .join('; ')}.`;

async function breakdownAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null): Promise<string> {
  if (ask.op.kind !== 'breakdown') return '';
  const { period, note } = withinBooks(ask.periods[0]!, booksFrom, ctx.today);
  if (ask.op.by === 'processor') {
    const c = await cardFigures(ctx, period);
    if (c.processors.length === 0) return `There were no card payments ${when(period)}.`;
    return `Card payments ${when(period)}: ${c.processors.map((r) => `${processorName(r.provider)} ${plural(r.sales, 'payment')} (${money(r.salesGrossPence)} as paid, fees ${money(r.feesPence)})`).join('; ')}. In all ${plural(c.payments, 'payment')}.${note ? ` ${note}` : ''}`;
  }
  if (ask.op.by === 'weekday') {
    const w = (await byWeekday(ctx, period)).weekdays;
    return `Takings by day of the week ${when(period)}: ${w.map((d) => `${weekdayName(d.weekday)} ${money(d.revenuePence)}`).join(', ')}.`;
  }
  if (ask.op.by === 'month') {
    const months = monthsBetween(monthOf(period.from), monthOf(period.to));
    const figures = await monthlyFigures(ctx, months);
    return `By month ${when(period)}: ${figures.map((f) => `${f.label} takings ${money(f.revenuePence)}, costs ${money(f.expensesPence)}, profit ${signedMoney(f.netIncomePence)}`).join('; ')}.`;
  }
  const lines = await expenseCategories(ctx, period);
  const total = lines.reduce((s, l) => s + l.pence, 0);
  if (lines.length === 0) return `You had no costs ${when(period)}.`;
  return `Your costs ${when(period)} by category: ${lines.map((l) => `${l.name} ${money(l.pence)}`).join('; ')}. Total ${money(total)}.${note ? ` ${note}` : ''}`;
}

async function countAnswer(ctx: ToolContext, ask: Ask, booksFrom: string | null): Promise<string> {
  const out: string[] = [];
  for (const raw of ask.periods) {
    const { period, note } = withinBooks(raw, booksFrom, ctx.today);
    for (const m of ask.metrics) {
      const v = await measure(ctx, m, period);
      if (m.id === 'newClients' && booksFrom && period.from < addDaysText(booksFrom, 90)) {
        out.push(
          `You had ${plural(v.count ?? 0, 'new client')} ${when(period)}, but your books only begin on ${longDate(booksFrom)}, so some of them had been before.`,
        );
        continue;
      }
      out.push(`${sentence(m, v, period)}${note ? ` ${note}` : ''}`);
    }
  }
  return out.join(' ');
}

async function listAnswer(ctx: ToolContext, ask: Ask): Promise<string> {
  const period = ask.periods[0]!;
  const r = await refundList(ctx, period);
  if (r.refunds.length === 0) return `There were no refunds ${when(period)}.`;
  const total = r.refunds.reduce((s, x) => s + x.pence, 0);
  return `${plural(r.refunds.length, 'refund')} ${when(period)}, ${money(total)} in all: ${r.refunds.map((x) => `${longDate(x.day)} ${money(x.pence)} (${processorName(x.provider)})`).join('; ')}.`;
}

/** What one part of a longer answer tells the next ("how's this month comparing" with the best month named before). */
export interface AnswerMemo {
  rankedMonth?: string;
}

export async function answerAsk(
  ctx: ToolContext,
  ask: Ask,
  booksFrom: string | null,
  memo: AnswerMemo = {},
): Promise<string> {
  switch (ask.op.kind) {
    case 'value':
      return valueAnswer(ctx, ask, booksFrom);
    case 'compare': {
      if (ask.op.withRanked && memo.rankedMonth) {
        const m = memo.rankedMonth;
        return compareAnswer(
          ctx,
          { ...ask, periods: [ask.periods[0]!, monthsPeriod(m, m, ctx.today, 'month')] },
          booksFrom,
          false,
        );
      }
      if (ask.periods.length < 2)
        return compareAnswer(
          ctx,
          { ...ask, periods: [ask.periods[0]!, periodBeforeOf(ask.periods[0]!, ctx.today)] },
          booksFrom,
          ask.op.why,
        );
      return compareAnswer(ctx, ask, booksFrom, ask.op.why);
    }
    case 'share':
      return shareAnswer(ctx, ask, booksFrom);
    case 'rank':
      return rankAnswer(ctx, ask, booksFrom, memo);
    case 'breakdown':
      return breakdownAnswer(ctx, ask, booksFrom);
    case 'count':
      return countAnswer(ctx, ask, booksFrom);
    case 'list':
      return listAnswer(ctx, ask);
  }
}

export { monthsPeriod };
