import { addDays, addMonths, monthOf, vatQuarterOf } from '@brade/contract';
import { processorName, when, withinBooks } from './answer-asks.js';
import { employmentCost } from './employment-costs.js';
import { measure, metricName, money, pct, plural, signedMoney } from './measures.js';
import { dayWithWeekday, monthName, monthsBetween, weekdayName } from './period-words.js';
import { lastTwelveMonths, longDate, monthsPeriod, type Period, thisMonth } from './periods.js';
import type { Reading, WhatIf } from './reading.js';
import {
  type BooksContext,
  bankMovement,
  bestClients,
  byWeekday,
  cardFigures,
  cash,
  clientHabits,
  expenseCategories,
  flatRateInputs,
  goalProgress,
  likeForLike,
  monthlyFigures,
  projection,
  retention,
  summaries,
  type ToolContext,
  topCounterparties,
  vatPosition,
  vatQuarter,
} from './tools.js';

/**
 * Answers about a subject rather than a measure (docs/assistant.md, "Answers"): an overview, goals, VAT, cash,
 * retention and clients' habits, what-ifs, and the sentences for what BradeBot declines.
 */

const quarterText = (from: string, to: string) => `${longDate(from)}–${longDate(to)}`;

export async function overview(ctx: ToolContext, period: Period | null, books: BooksContext): Promise<string> {
  if (period && !(period.unit === 'month' && period.soFar)) {
    const { period: p, note } = withinBooks(period, books.booksFrom, ctx.today);
    const [s] = await summaries(ctx, [p], false);
    const lines = await expenseCategories(ctx, p);
    const top = lines
      .slice(0, 2)
      .map((l) => `${l.name} ${money(l.pence)}`)
      .join(' and ');
    const base = `${when(p).replace(/^./, (c) => c.toUpperCase())}: takings ${money(s!.revenuePence)}, other income ${money(s!.otherIncomePence)}, costs ${money(s!.expensesPence)}, so a ${s!.netIncomePence >= 0 ? 'profit' : 'loss'} of ${money(s!.netIncomePence)}${s!.marginPercent === null ? '' : ` (a margin of ${pct(s!.marginPercent)} of takings)`}.${top ? ` The biggest costs were ${top}.` : ''}`;
    if (p.unit === 'day') return `${base}${note ? ` ${note}` : ''}`;
    return `${base}${note ? ` ${note}` : ''}`;
  }
  // How's business: this month so far against the same days of last month, and the last whole month.
  const lfl = likeForLike(ctx);
  const last = addMonths(monthOf(ctx.today), -1);
  const lastPeriod = monthsPeriod(last, last, ctx.today, 'month');
  const [now, then, whole] = await summaries(ctx, [lfl.current, lfl.previous, lastPeriod], false);
  const change =
    then!.revenuePence === 0 ? null : ((now!.revenuePence - then!.revenuePence) / then!.revenuePence) * 100;
  return `This month so far (${lfl.current.label.replace(/^.*\(/, '').replace(/\)$/, '')}) you have taken ${money(now!.revenuePence)}, ${now!.revenuePence >= then!.revenuePence ? 'up' : 'down'} ${money(now!.revenuePence - then!.revenuePence)}${change === null ? '' : ` (${pct(change)})`} on ${money(then!.revenuePence)} in ${lfl.previous.label}, like for like. ${monthName(last)}, the last whole month: takings ${money(whole!.revenuePence)}, costs ${money(whole!.expensesPence)}, profit ${signedMoney(whole!.netIncomePence)}${whole!.marginPercent === null ? '' : ` (a margin of ${pct(whole!.marginPercent)})`}.`;
}

/**
 * What a goal is (docs/finance.md, "Goals the owner chose, and suggested ones"): the owner's, or Brade's suggestion
 * until they save goals in Settings, which is said as such and judged by no verdict.
 */
export function suggestedTargetText(g: { suggestedFrom: string[]; revenueTargetPence: number }): string {
  const months = g.suggestedFrom.map((m) => monthName(m));
  const from =
    months.length === 0
      ? "the app's starting figure, as your books have no whole month to average yet"
      : `the average of your takings in ${months.length === 1 ? months[0] : `${months.slice(0, -1).join(', ')} and ${months.at(-1)}`}, rounded to the nearest hundred pounds`;
  return `You haven't set a revenue target in Settings, so Brade suggests ${money(g.revenueTargetPence)} a month: ${from}. It is a suggestion, not your goal, until you save one.`;
}

export async function goals(ctx: ToolContext, which: Extract<Reading, { kind: 'goal' }>['which']): Promise<string> {
  const g = await goalProgress(ctx);
  const month = monthName(g.month);
  const yours = g.goalsSaved ? 'your' : 'the suggested';
  const revenue = () => {
    const share = g.revenueTargetPence === 0 ? 100 : (g.revenueSoFarPence / g.revenueTargetPence) * 100;
    if (!g.goalsSaved) {
      return `${suggestedTargetText(g)} So far in ${month} (1–${g.daysSoFar}, ${g.daysSoFar} of ${g.daysInMonth} days) you have taken ${money(g.revenueSoFarPence)}, ${pct(share)} of that suggestion; at this pace the month ends at about ${money(g.projectedRevenuePence)}.`;
    }
    if (g.revenueSoFarPence >= g.revenueTargetPence) {
      return `You have already reached your revenue target of ${money(g.revenueTargetPence)} for ${month}: ${money(g.revenueSoFarPence)} so far (1–${g.daysSoFar} ${month}), and at this pace the month ends at about ${money(g.projectedRevenuePence)}.`;
    }
    return `Your revenue target is ${money(g.revenueTargetPence)} a month. So far in ${month} (1–${g.daysSoFar}, ${g.daysSoFar} of ${g.daysInMonth} days) you have taken ${money(g.revenueSoFarPence)}, ${pct(share)} of it, so you are ${g.onTrack ? 'on track' : 'behind'}: at this pace the month ends at about ${money(g.projectedRevenuePence)}. You still need ${money(g.shortfallPence)}.`;
  };
  const margin = () => {
    const lm = g.lastMonth;
    const verdict = g.goalsSaved ? `: ${lm.met ? 'the goal was met' : 'below the goal'}` : '';
    const last =
      lm.percent === null
        ? `${monthName(lm.month)} had no takings`
        : `${monthName(lm.month)}, the last whole month, had a margin of ${pct(lm.percent)}${verdict}`;
    const soFar =
      g.marginSoFarPercent === null
        ? ''
        : ` So far this month it reads ${pct(g.marginSoFarPercent)}, but payroll and rent usually go out near the month's end, so it will fall.`;
    const goal = g.goalsSaved
      ? `Your margin goal is ${pct(g.marginGoalPercent)} (profit as a share of takings).`
      : `You haven't set a margin goal in Settings; Brade suggests ${pct(g.marginGoalPercent)} (profit as a share of takings), the industry's usual figure, until you choose one.`;
    return `${goal} ${last}.${soFar}`;
  };
  if (which === 'revenue') return revenue();
  if (which === 'margin') return margin();
  if (which === 'perDay') {
    const note = g.goalsSaved ? '' : ` ${suggestedTargetText(g)}`;
    if (g.shortfallPence === 0)
      return `You have already reached ${yours} ${money(g.revenueTargetPence)} target for ${month}.${note}`;
    const days = g.daysLeftAfterToday;
    const perDay =
      days > 0
        ? ` Over the ${plural(days, 'day')} left after today (${days === 1 ? longDate(addDays(ctx.today, 1)) : `${Number(ctx.today.slice(8)) + 1}–${g.daysInMonth} ${month}`}) that is ${money(Math.ceil(g.shortfallPence / days))} a day.`
        : ' Today is the last day of the month.';
    const open =
      g.neededPerOpenDayPence === null
        ? ''
        : ` Over your ${plural(g.remainingOpenDays, 'open day')} left, today included (from the days you usually trade), it is ${money(g.neededPerOpenDayPence)} a day.`;
    return `To reach ${yours} ${money(g.revenueTargetPence)} target for ${month} you need ${money(g.shortfallPence)} more (you have taken ${money(g.revenueSoFarPence)} so far, 1–${g.daysSoFar} ${month}).${perDay}${open}${note}`;
  }
  if (which === 'monthsHit') {
    const year = ctx.today.slice(0, 4);
    const months = monthsBetween(`${year}-01`, addMonths(g.month, -1));
    const figures = await monthlyFigures(ctx, months);
    const hit = figures.filter((f) => f.revenuePence >= g.revenueTargetPence);
    return `Of the ${plural(figures.length, 'whole month')} of ${year} so far (${month} is not over), you reached ${yours} revenue target of ${money(g.revenueTargetPence)} in ${hit.length} out of ${figures.length}${hit.length > 0 ? `: ${hit.map((f) => `${f.label} (${money(f.revenuePence)})`).join(', ')}` : ''}.${g.goalsSaved ? '' : ` ${suggestedTargetText(g)}`}`;
  }
  if (which === 'retention') return retentionAnswer(ctx, 'both', null, false, true);
  return `${revenue()} ${margin()} ${await retentionAnswer(ctx, 'new', null, false, true)}`;
}

export async function projectionAnswer(ctx: ToolContext): Promise<string> {
  const p = await projection(ctx);
  return `So far in ${monthName(monthOf(ctx.today))} (1–${p.daysSoFar}) you have taken ${money(p.revenueSoFarPence)}. At the same pace for the rest of the month's ${p.daysInMonth} days it would end at about ${money(p.projectedRevenuePence)}: an estimate that assumes the rest of the month goes like the days so far.`;
}

export async function retentionAnswer(
  ctx: ToolContext,
  which: 'both' | 'new' | 'overall',
  month: string | null,
  benchmark: boolean,
  goal = false,
): Promise<string> {
  const r = await retention(ctx, month ?? undefined);
  if (month && !r.asked) {
    const measurable = addDays(`${month}-01`, 0);
    const ready = addDays(`${addMonths(month, 1)}-01`, 90);
    if (ready > ctx.today) {
      return `The new clients of ${monthName(month)} can't be measured yet: retention counts who came back within 90 days, so it can be measured from ${longDate(ready)}. ${r.newClient ? `The latest measured month is ${monthName(r.newClient.month)}: ${r.newClient.percent === null ? 'no new clients' : pct(r.newClient.percent)}.` : ''}`.trim();
    }
    void measurable;
  }
  const parts: string[] = [];
  const nc = r.newClient;
  if (which !== 'overall') {
    if (!nc) parts.push('New-client retention shows once new clients have had 90 days to come back.');
    else {
      parts.push(
        `Of the ${plural(nc.new_clients, 'new client')} whose first visit was in ${monthName(nc.month)}, ${nc.returned} came back within 90 days: ${nc.percent === null ? 'not measurable' : pct(nc.percent)} new-client retention, against about ${r.nationalPercent}% for salons nationally${goal || which === 'new' ? (r.goalSaved ? ` and your goal of ${r.goalPercent}%${nc.percent !== null ? ` (${nc.percent >= r.goalPercent ? 'met' : 'not met'})` : ''}` : ` and the ${r.goalPercent}% Brade suggests as a goal (you haven't set one in Settings)`) : ''}.`,
      );
    }
  }
  if (which !== 'new' || benchmark) {
    const o = r.overall;
    if (o) {
      parts.push(
        `Overall, of the ${plural(o.clients, 'client')} seen in the 90 days to ${longDate(o.date)}, ${pct(o.percent ?? 0)} came back in the 90 days after (about ${r.nationalOverallPercent}% is typical for salons).`,
      );
    }
  }
  if (goal && which === 'both')
    parts.push(
      r.goalSaved
        ? `Brade holds your retention goal (${r.goalPercent}%) against new-client retention.`
        : `Brade holds the suggested retention goal (${r.goalPercent}%, until you set your own in Settings) against new-client retention.`,
    );
  parts.push('Only clients recognised from their card payments are counted.');
  return parts.join(' ');
}

export async function clientHabitsAnswer(
  ctx: ToolContext,
  which: 'lapsed' | 'frequency',
  days: number,
): Promise<string> {
  const h = await clientHabits(ctx, days);
  if (which === 'lapsed') {
    return `${plural(h.lapsed, 'client')} of the ${h.clients.toLocaleString('en-GB')} your books recognise have not been back in the last ${days} days (no card payment since ${longDate(addDays(h.lapsedSince, -1))}). Only clients recognised from their card payments are counted.`;
  }
  if (h.averageDaysBetweenVisits === null)
    return 'No client has visited twice in the last 12 months yet, so I cannot say how often they come.';
  return `Clients who came more than once in the last 12 months (${longDate(h.frequencyFrom)}–${longDate(ctx.today)}), ${plural(h.regulars, 'client')}, came back every ${Math.round(h.averageDaysBetweenVisits)} days on average (days between visits; the median gap is ${h.medianDaysBetweenVisits} days).`;
}

export async function suppliersAnswer(ctx: ToolContext, period: Period | null): Promise<string> {
  const p = period ?? lastTwelveMonths(ctx.today);
  const rows = await topCounterparties(ctx, p, 5);
  if (rows.length === 0) return `You paid no suppliers ${when(p)}.`;
  return `The suppliers you paid most ${when(p)}: ${rows.map((r) => `${r.counterparty} ${money(r.pence)} (${plural(r.transactions, 'payment')})`).join('; ')}. Staff pay, PAYE and pensions are wages, not suppliers, so they are left out, as are card fees and VAT.`;
}

export async function topClientsAnswer(ctx: ToolContext, n: number, period: Period | null): Promise<string> {
  const p = period ?? {
    ...monthsPeriod(monthOf(addDays(ctx.today, -364)), monthOf(ctx.today), ctx.today, 'days'),
    from: addDays(ctx.today, -364),
    label: `the last 12 months (${longDate(addDays(ctx.today, -364))}–${longDate(ctx.today)})`,
  };
  const r = await bestClients(ctx, p, n);
  if (r.clients.length === 0) return `I can't see any recognised clients ${when(p)}.`;
  return `Your top ${r.clients.length} clients by spend ${when(p)}: ${r.clients.map((c, i) => `${i + 1}. ${money(c.pence)} over ${plural(c.visits, 'visit')}`).join('; ')}. Brade keeps payers only as anonymous keys, so I can't show their names: the transactions behind your sales report show who paid.`;
}

const vatNotRegistered = (v: Awaited<ReturnType<typeof vatPosition>>) =>
  `You are not VAT-registered in Brade's settings, so there is no VAT to pay. Your taxable turnover for the last 12 whole months (${v.turnoverPeriod.label.replace(/^.*\(|\)$/g, '')}) was ${money(v.turnoverPence)}, against the £90,000 registration threshold${v.overThreshold ? ': over it, so you may need to register' : `: ${money(v.thresholdPence - v.turnoverPence)} below it`}.`;

export async function vatAnswer(
  ctx: ToolContext,
  reading: Extract<Reading, { kind: 'vat' }>,
  books: BooksContext,
): Promise<string> {
  const v = await vatPosition(ctx);
  if (reading.which === 'threshold' || reading.which === 'thresholdWhen') {
    const rolling = 'the rolling 12 whole months HMRC looks back over';
    if (v.registered) {
      return `Your books say you are already VAT-registered (${v.scheme === 'flat_rate' ? 'Flat Rate Scheme' : 'standard scheme'}${v.registeredFrom ? `, from ${longDate(v.registeredFrom)}` : ''}), so the £90,000 threshold no longer applies to you. For reference, your taxable turnover (takings and chair rent, VAT included) for the last 12 whole months (${v.turnoverPeriod.label.replace(/^.*\(|\)$/g, '')}) was ${money(v.turnoverPence)} (${rolling}).`;
    }
    const headroom = v.thresholdPence - v.turnoverPence;
    const base = `Your taxable turnover (takings and chair rent, VAT included) for the last 12 whole months (${v.turnoverPeriod.label.replace(/^.*\(|\)$/g, '')}) was ${money(v.turnoverPence)} against the £90,000 registration threshold (${rolling}). ${headroom > 0 ? `That leaves ${money(headroom)} of headroom.` : 'That is over it: tell HMRC within 30 days of the end of the month you went over.'} You must also register if you expect to take over £90,000 in the next 30 days alone.`;
    if (reading.which === 'threshold' || headroom <= 0) return base;
    const months = await monthlyFigures(
      ctx,
      monthsBetween(addMonths(monthOf(ctx.today), -12), addMonths(monthOf(ctx.today), -1)),
    );
    const turnovers = await Promise.all(months.map((m) => vatOfMonthTurnover(ctx, m.month)));
    const avg = (turnovers.at(-1)! + turnovers.at(-2)! + turnovers.at(-3)!) / 3;
    const rollingList = [...turnovers];
    let total = v.turnoverPence;
    for (let i = 1; i <= 24; i++) {
      total = total - rollingList[i - 1]! + avg;
      rollingList.push(avg);
      if (total > v.thresholdPence) {
        return `${base} At the pace of your last 3 whole months (${money(avg)} a month), an estimate, the rolling total would pass £90,000 at the end of ${monthName(addMonths(monthOf(ctx.today), i - 1))}.`;
      }
    }
    return `${base} At the pace of your last 3 whole months (${money(avg)} a month), an estimate, you would not reach it in the next two years.`;
  }
  if (!v.registered) return vatNotRegistered(v);
  const open = v.open!;
  const last = v.last!;
  const lastText = `${quarterText(last.from, last.end)}`;
  const paidText = (q: typeof last) =>
    q.paidPence > 0
      ? `paid (${money(q.paidPence)} on ${q.paidOn.join(', ')})`
      : q.dueDate < ctx.today
        ? `not paid yet, and overdue: it was due on ${longDate(q.dueDate)}`
        : `not paid yet, due by ${longDate(q.dueDate)}`;
  const openText = `The current quarter (${quarterText(open.from, open.end)}) so far: ${money(open.outputPence ?? 0)} charged on sales less ${money(open.inputPence ?? 0)} reclaimable, so ${money(open.duePence ?? 0)} building up, an estimate until the quarter ends on ${longDate(open.end)}; it is due by ${longDate(open.dueDate)}.`;
  switch (reading.which) {
    case 'owed':
    case 'putAside': {
      const unpaid = v.unpaid.map(
        (q) => `${money(q.duePence ?? 0)} for ${quarterText(q.from, q.end)} (${paidText(q)})`,
      );
      const total = v.owedPence;
      const head =
        reading.which === 'putAside'
          ? `Put aside ${money(total)} for VAT now${unpaid.length > 0 ? ' (an unpaid quarter and this one so far)' : ''}, and keep adding about a sixth of your VAT-inclusive takings until the quarter ends.`
          : `You owe HMRC ${money(total)} of VAT so far${unpaid.length > 0 ? `: ${unpaid.join(' and ')}, and this quarter's` : ", all of it this quarter's"}.`;
      const lastNote =
        unpaid.length > 0
          ? ''
          : ` Your last VAT quarter (${lastText}, ${money(v.last!.duePence ?? 0)}) is ${paidText(v.last!)}.`;
      return `${head} ${openText}${lastNote}`;
    }
    case 'dueDate': {
      const next = v.unpaid[0] ?? open;
      const which =
        next === open
          ? `the current quarter (${quarterText(open.from, open.end)})`
          : `the quarter ${quarterText(next.from, next.end)}`;
      return `Your next VAT return and payment, for ${which}, ${next.dueDate < ctx.today ? `was due on ${longDate(next.dueDate)} and is overdue` : `is due by ${longDate(next.dueDate)}`} (one month and seven days after the quarter ends). ${next === open ? `Your last quarter (${lastText}) is ${paidText(last)}.` : ''}`.trim();
    }
    case 'quarter': {
      const p = reading.period!;
      const q = await vatQuarter(ctx, books.vat, monthOf(p.to > ctx.today ? ctx.today : p.to));
      const staggerNote =
        q.from !== p.from
          ? ` Your VAT quarters follow your stagger, so the quarter covering it is ${quarterText(q.from, q.end)}.`
          : '';
      if (q.open)
        return `The VAT quarter ${quarterText(q.from, q.end)} is still open: ${money(q.duePence ?? 0)} so far, due by ${longDate(q.dueDate)}.${staggerNote}`;
      return `For ${quarterText(q.from, q.end)} your VAT bill was ${money(q.duePence ?? 0)} (${money(q.outputPence ?? 0)} charged less ${money(q.inputPence ?? 0)} reclaimed), due by ${longDate(q.dueDate)}: ${q.paidPence > 0 ? `paid, ${money(q.paidPence)} on ${q.paidOn.join(', ')}` : paidText(q)}.${staggerNote}`;
    }
    case 'flatRate': {
      const quarters: Array<{ from: string; end: string }> = [];
      let m = addMonths(monthOf(open.from), -1);
      for (let i = 0; i < 4; i++) {
        const q = vatQuarterOf(m, books.vat.stagger);
        quarters.unshift({ from: q.from, end: q.to });
        m = addMonths(monthOf(q.from), -1);
      }
      const period: Period = {
        from: quarters[0]!.from,
        to: quarters[3]!.end,
        months: [],
        label: quarterText(quarters[0]!.from, quarters[3]!.end),
        soFar: false,
        unit: 'days',
      };
      const f = await flatRateInputs(ctx, period);
      const actual = f.outputPence - f.inputPence;
      const goodsGross = Math.round(f.goodsNetPence * 1.2);
      const limitedCost = goodsGross < 0.02 * f.turnoverPence || goodsGross < 100_000;
      const rate = limitedCost ? 16.5 : 13;
      const flat = Math.round(f.turnoverPence * (rate / 100));
      return `Over your last 4 VAT quarters (${period.label}) you owed ${money(actual)} of VAT on the standard scheme. On the Flat Rate Scheme at ${rate}% (${limitedCost ? 'limited cost trader: goods under 2% of turnover or £1,000 a year' : `hairdressing's 13%: you pass the limited cost trader test, as goods of about ${money(goodsGross)} are over 2% of turnover and over £1,000 a year`}) of your VAT-inclusive turnover of ${money(f.turnoverPence)} it would have been ${money(flat)}: ${flat < actual ? `${money(actual - flat)} cheaper` : `${money(flat - actual)} dearer`}. Under the scheme you cannot reclaim VAT on costs (${money(f.inputPence)} over the year). Check with an accountant before switching.`;
    }
    default:
      return openText;
  }
}

async function vatOfMonthTurnover(ctx: ToolContext, month: string): Promise<number> {
  const { vatFigures } = await import('../ledger/vat-figures.js');
  const f = await vatFigures(ctx.db, ctx.userId, {
    from: `${month}-01`,
    to: monthsPeriod(month, month, ctx.today, 'month').to,
  });
  return f.taxableTurnoverPence;
}

export async function cashAnswer(
  ctx: ToolContext,
  reading: Extract<Reading, { kind: 'cash' }>,
  books: BooksContext,
): Promise<string> {
  if (reading.which === 'change') {
    const p = withinBooks(reading.period ?? thisMonth(ctx.today), books.booksFrom, ctx.today).period;
    const f = await bankMovement(ctx, p);
    return `Your bank balance went ${f.netPence >= 0 ? 'up' : 'down'} by ${money(f.netPence)} ${when(p)}: ${money(f.inPence)} came in and ${money(f.outPence)} went out (every line of the business account's statement).`;
  }
  const c = await cash(ctx);
  if (!c) return "I can't see a bank balance yet: link your business bank account in Settings and I can tell you.";
  if ((reading.which === 'startOf' || reading.which === 'endOf') && reading.period) {
    // Worked back from the last balance read through every statement line since the day asked.
    const day =
      reading.which === 'startOf' ? reading.period.from : reading.period.to > ctx.today ? ctx.today : reading.period.to;
    const after = reading.which === 'startOf' ? day : addDays(day, 1);
    const readOn = c.balanceDate ?? c.readAt.slice(0, 10);
    const flow = after <= readOn ? await bankMovement(ctx, { ...reading.period, from: after, to: readOn }) : null;
    const at = c.bookedPence - (flow?.netPence ?? 0);
    return `Your bank balance ${reading.which === 'startOf' ? `at the start of ${longDate(day)}` : `at the end of ${longDate(day)}`} was ${signedMoney(at)}: today's ${signedMoney(c.bookedPence)} (as at ${longDate(readOn)}) less the ${signedMoney(flow?.netPence ?? 0)} that has moved through the account since.`;
  }
  const asAt = `as at ${c.balanceDate ? longDate(c.balanceDate) : longDate(c.readAt.slice(0, 10))} (last read ${c.readAt.slice(11, 16)} UTC)`;
  if (reading.which === 'balance')
    return `You have ${signedMoney(c.bookedPence)} in the bank, ${asAt}.${c.availablePence !== null && c.availablePence !== c.bookedPence ? ` ${signedMoney(c.availablePence)} is available after pending payments.` : ''}`;
  const v = await vatPosition(ctx);
  if (!v.registered)
    return `You have ${signedMoney(c.bookedPence)} in the bank, ${asAt}. You are not VAT-registered in Brade's settings, so no VAT comes out of it.`;
  const unpaid = v.unpaid.reduce((s, q) => s + (q.duePence ?? 0), 0);
  const openDue = v.open?.duePence ?? 0;
  return `You have ${signedMoney(c.bookedPence)} in the bank, ${asAt}. Less the VAT owed, ${money(v.owedPence)} (${unpaid > 0 ? `${money(unpaid)} for finished quarters and ` : ''}${money(openDue)} building up this quarter, due by ${longDate(v.open!.dueDate)}), that leaves ${signedMoney(c.bookedPence - v.owedPence)}.`;
}

export async function whatIfAnswer(ctx: ToolContext, change: WhatIf): Promise<string> {
  const year = lastTwelveMonths(ctx.today);
  const [s] = await summaries(ctx, [year], false);
  const base = {
    revenue: s!.revenuePence,
    income: s!.incomePence,
    costs: s!.expensesPence,
    profit: s!.netIncomePence,
    margin: s!.marginPercent,
  };
  const over = `over the last 12 whole months (${year.label.replace(/^.*\(|\)$/g, '')})`;
  const marginOf = (profit: number, revenue: number) => (revenue === 0 ? 0 : (profit / revenue) * 100);
  const baseline = `${over.replace(/^./, (c) => c.toUpperCase())} your takings were ${money(base.revenue)}, costs ${money(base.costs)} and profit ${signedMoney(base.profit)} (a margin of ${pct(base.margin ?? 0)} of takings).`;
  switch (change.kind) {
    case 'hire': {
      if (change.salaryPence === 0)
        return `Tell me the salary (for example "if I hire a stylist at £24,000 a year") and I'll work out what it does to your profit, with employer's National Insurance and pension.`;
      const cost = change.includesOnCosts
        ? { totalPence: change.salaryPence, employerNiPence: 0, pensionPence: 0, salaryPence: change.salaryPence }
        : employmentCost(change.salaryPence);
      const newProfit = base.profit - cost.totalPence;
      const costs = change.includesOnCosts
        ? `${money(cost.totalPence)} a year (${money(cost.totalPence / 12)} a month), National Insurance and pension included as you said`
        : `${money(cost.totalPence)} a year (${money(cost.totalPence / 12)} a month): ${money(cost.salaryPence)} salary, ${money(cost.employerNiPence)} employer's National Insurance (15% above £5,000) and ${money(cost.pensionPence)} minimum workplace pension (3% of qualifying earnings), at 2026/27 rates, before any Employment Allowance`;
      return `${baseline} ${/^[aeiou]/.test(change.role) ? 'An' : 'A'} ${change.role} costing ${costs} would bring profit to ${signedMoney(newProfit)} a year, a margin of ${pct(marginOf(newProfit, base.revenue))}: ${newProfit >= 0 ? 'you would still make a profit' : 'you would make a loss'}. This assumes they bring in no extra takings; to cover their cost they need to bring in ${money(cost.totalPence)} a year net of VAT${ctx && true ? ` (${money(cost.totalPence * 1.2)} including VAT)` : ''}.`;
    }
    case 'price': {
      const cf = await cardFigures(ctx, year);
      const extra = Math.round(base.revenue * (change.percent / 100));
      const feeChange = Math.round(cf.feesPence * (change.percent / 100));
      const newProfit = base.profit + extra - feeChange;
      const newRevenue = base.revenue + extra;
      return `${baseline} Prices ${change.percent >= 0 ? 'up' : 'down'} ${change.percent}% with the same number of appointments would ${extra >= 0 ? 'add' : 'take away'} ${money(extra)} of takings a year, less ${money(feeChange)} ${extra >= 0 ? 'more' : 'fewer'} card fees, so profit would be ${signedMoney(newProfit)} (a margin of ${pct(marginOf(newProfit, newRevenue))}). This assumes no clients are lost and they book as often as before.`;
    }
    case 'costChange': {
      const m = change.metric;
      const v = m.id === 'costs' ? { pence: base.costs } : await measure(ctx, m, year);
      const now = v.pence ?? 0;
      const delta =
        change.percent !== undefined ? Math.round(now * (change.percent / 100)) : (change.pencePerMonth ?? 0) * 12;
      const newProfit = base.profit - delta;
      const what = metricName(m);
      const by =
        change.percent !== undefined
          ? `${Math.abs(change.percent)}%`
          : `${money(Math.abs(change.pencePerMonth ?? 0))} a month`;
      return `${baseline} Your ${what} came to ${money(now)} ${over}. ${delta < 0 ? `Cutting it by ${by} would save ${money(delta)} a year` : `Raising it by ${by} would cost ${money(delta)} a year more`} (${money(delta / 12)} a month), so profit would be ${signedMoney(newProfit)} and the margin ${pct(marginOf(newProfit, base.revenue))} instead of ${pct(base.margin ?? 0)}, with takings unchanged.`;
    }
    case 'closeDay': {
      const w = (await byWeekday(ctx, year)).weekdays[change.weekday]!;
      const day = weekdayName(change.weekday);
      if (w.revenuePence <= 0 || w.tradingDays === 0)
        return `You took nothing on ${day}s ${over}: the salon appears to be closed on ${day}s already.`;
      return `${over.replace(/^./, (c) => c.toUpperCase())} you took ${money(w.revenuePence)} on ${day}s (${plural(w.tradingDays, `${day} you traded`, `${day}s you traded`)} of ${w.days}, ${money(w.revenuePence / w.tradingDays)} each on average). Closing on ${day}s would lose about ${money(w.revenuePence)} of takings a year, ${pct((w.revenuePence / base.revenue) * 100)} of them, and profit would fall from ${signedMoney(base.profit)} to ${signedMoney(base.profit - w.revenuePence)}. This assumes clients don't move to other days; any savings (staff hours, energy) are not in the books, so they are not taken off.`;
    }
    case 'targetProfit': {
      const extra = change.pencePerYear - base.profit;
      if (extra <= 0) return `${baseline} That is already more than ${money(change.pencePerYear)} a year of profit.`;
      return `${baseline} With costs as they are, a profit of ${money(change.pencePerYear)} a year needs ${money(extra)} more takings a year (net of VAT), about ${money(extra / 12)} a month: takings of ${money(base.revenue + extra)}. Card fees would rise a little with the takings, which this leaves out.`;
    }
    case 'targetMargin': {
      const target = change.percent / 100;
      if (target >= 1) return 'A margin of 100% or more would mean no costs at all, so I cannot work that out.';
      const other = base.income - base.revenue;
      const neededRevenue = Math.ceil((base.costs - other) / (1 - target));
      const extra = neededRevenue - base.revenue;
      if ((base.margin ?? 0) >= change.percent)
        return `${baseline} That is already above ${change.percent}%, so you need no more takings to reach it.`;
      return `${baseline} With costs as they are, a ${change.percent}% margin needs takings of ${money(neededRevenue)} a year: ${money(extra)} more, about ${money(extra / 12)} a month. (Margin is profit as a share of takings; card fees would rise a little with the takings, which this leaves out.)`;
    }
  }
}

export async function trendAnswer(ctx: ToolContext, metricId: string): Promise<string> {
  const last = addMonths(monthOf(ctx.today), -1);
  const months = monthsBetween(addMonths(last, -5), last);
  const f = await monthlyFigures(ctx, months);
  const key = metricId === 'costs' ? 'expensesPence' : metricId === 'profit' ? 'netIncomePence' : 'revenuePence';
  const word = metricId === 'costs' ? 'costs' : metricId === 'profit' ? 'profit' : 'takings';
  const recent = f.slice(3).reduce((s, x) => s + x[key], 0);
  const before = f.slice(0, 3).reduce((s, x) => s + x[key], 0);
  const change = before === 0 ? null : ((recent - before) / Math.abs(before)) * 100;
  return `Your ${word} for the last 3 whole months (${monthName(months[3]!)}–${monthName(months[5]!)}) came to ${signedMoney(recent)}, against ${signedMoney(before)} for the 3 months before (${monthName(months[0]!)}–${monthName(months[2]!)})${change === null ? '' : `: ${recent >= before ? 'up' : 'down'} ${pct(change)}`}. By month: ${f.map((x) => `${x.label} ${signedMoney(x[key])}`).join(', ')}.`;
}

export const DECLINES: Record<string, string> = {
  otherBusiness:
    "I can only see your own salon's books, so I can't tell you anything about another business's figures. I can tell you yours: your takings, profit or costs for any period.",
  advice:
    "That's a question for your accountant or HMRC's guidance rather than for your books: tax and business-structure advice depends on things Brade doesn't hold. I can give you the figures they'll ask for, such as your profit for this tax year.",
  action: "I can't make payments or change anything: I only read your books. You pay HMRC and others from your bank.",
  forecast:
    "I can't forecast that far: your books only hold what has happened, and the future depends on prices, staff and clients they can't see. I can give you the trend of your last months or your last 12 months' figures.",
  unmeasurable: "The books can't measure that yet.",
};

export function declineText(
  reading: Extract<Reading, { kind: 'decline' }>,
  books: BooksContext,
  today: string,
): string {
  if (reading.reason === 'beforeBooks') {
    return `I have no figures for ${reading.period?.label ?? 'that period'}: your books start on ${longDate(books.booksFrom ?? today)}. I can give you any period from then on.`;
  }
  if (reading.reason === 'notStarted') {
    const p = reading.period;
    return `${p ? p.label.replace(/ \(.*$/, '') : 'That period'} hasn't started yet, and future bookings aren't in your books, so there are no figures for it. I can give you ${p && p.unit === 'month' ? `${p.label.slice(0, -5)} ${Number(p.from.slice(0, 4)) - 1} or ` : ''}this month so far (${monthName(monthOf(today))}).`;
  }
  if (reading.reason === 'action' && reading.detail === 'vat') {
    return `${DECLINES.action} Ask me "how much VAT do I owe and when is it due?" and I'll give you the amount and the date.`;
  }
  return DECLINES[reading.reason] ?? DECLINES.unmeasurable!;
}

export function clarifyText(reading: Extract<Reading, { kind: 'clarify' }>): string {
  const unknown = reading.unknown.filter(Boolean);
  const head =
    reading.reason === 'period'
      ? `Which period do you mean by “${unknown[0]}”? It could be Christmas, Easter, half term or the summer holidays.`
      : reading.reason === 'referent'
        ? `I'm not sure what “${unknown[0]}” refers to: which category, supplier or period do you mean?`
        : unknown.length > 0
          ? `I didn't understand “${unknown.join(' ')}”, so I won't guess at a figure.`
          : "I didn't understand that question, so I won't guess at a figure.";
  return `${head} You could ask: ${reading.suggestions.map((s) => `“${s}”`).join(', ')}.`;
}

export { dayWithWeekday, processorName };
