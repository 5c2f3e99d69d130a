import { formatPence, poundsToPence, type ReportType } from '@brade/contract';
import { longDay } from '../reports/vat-report.js';
import { findPeriods, monthName, monthsAgo, monthsPeriod, type Period, periodBefore, thisMonth } from './periods.js';
import {
  bestAndWorstMonths,
  type CompareMeasure,
  cash,
  clients,
  comparePeriods,
  expenseCategories,
  expenseLine,
  goalProgress,
  matchingTransactions,
  monthSummary,
  projection,
  retention,
  salesByCardProcessor,
  salesByService,
  type ToolContext,
  topCounterparties,
  trend,
  vatPosition,
  vatView,
} from './tools.js';

/**
 * The built-in analyst (docs/assistant.md, "The built-in analyst"): reads a question with plain rules, asks the tools
 * and writes the answer from templates. No network, no model: every figure is a tool's. What it cannot answer it
 * says so, with three examples of what it can.
 */

export type Measure = 'revenue' | 'expenses' | 'netIncome' | 'margin' | 'otherIncome';

/** What a question asks, kept between turns so "and the month before?" can reuse it. */
export type Intent =
  | { kind: 'figure'; measure: Measure; period: Period }
  | { kind: 'line'; category: string; period: Period }
  | { kind: 'top'; group: 'sales' | 'expenses'; period: Period }
  | { kind: 'compare'; measure: CompareMeasure; periods: [Period, Period]; why: boolean }
  | { kind: 'extreme'; measure: 'revenue' | 'expenses'; which: 'highest' | 'lowest' }
  | { kind: 'revenuePerClient'; period: Period }
  | { kind: 'clients'; period: Period }
  | { kind: 'retention'; period: Period }
  | { kind: 'goal' }
  | { kind: 'projection' }
  | { kind: 'vatThreshold' }
  | { kind: 'vatOwed' }
  | { kind: 'processors'; period: Period }
  | { kind: 'counterparties'; period: Period }
  | { kind: 'trend'; measure: 'revenue' | 'expenses' }
  | { kind: 'cash' }
  | { kind: 'summary'; period: Period }
  | { kind: 'matching'; text: string; period: Period };

export interface AnalystAnswer {
  text: string;
  /** True when the analyst could not answer (and stated no figure). */
  declined: boolean;
  intent: Intent | null;
}

export const DECLINE_TEXT =
  "I can only answer questions about your salon's money from your own books, and I can't answer that one. " +
  'You could ask me, for example: "What were my takings last month?", "How did my costs compare with the month ' +
  'before?" or "Am I on track for my revenue target?"';

/** Words for each expense category of docs/finance.md a question may name. */
const CATEGORY_WORDS: Array<[RegExp, string]> = [
  [/\b(card|processing|processor|transaction|merchant) (processing )?fees?\b|\bcard charges\b/, 'Card processing fees'],
  [
    /\bvat\b.*\b(paid|pay)\b.*\bhmrc\b|\b(paid|pay)\b.*\bhmrc\b.*\bvat\b|\bvat (paid|payments?) to hmrc\b/,
    'VAT paid to HMRC',
  ],
  [/\bpaye\b|\bnational insurance\b|\bni contributions\b/, 'PAYE and National Insurance'],
  [/\bpensions?\b/, 'Pension contributions'],
  [/\bwages?\b|\bsalar(y|ies)\b|\bpayroll\b|\bstaff (pay|costs?)\b/, 'Wages'],
  [/\bbusiness rates\b|\bcouncil rates\b|\bnndr\b/, 'Business rates'],
  [/\binsurance\b/, 'Insurance'],
  [/\butilit(y|ies)\b|\belectric(ity)?\b|\bgas\b|\benergy\b|\bwater bills?\b|\bbroadband\b/, 'Utilities'],
  [/\bstock\b|\bsupplies\b|\bproducts?\b|\bwholesaler\b/, 'Stock & supplies'],
  [/\bsoftware\b|\bsubscriptions?\b|\bbooking system\b/, 'Software and subscriptions'],
  [/\baccountants?\b|\bprofessional fees\b|\bsolicitors?\b|\bbookkeep/, 'Professional fees'],
  [/\bbank charges\b|\bbank fees\b/, 'Bank charges'],
  [/\bcard terminals?\b|\bcard machines?\b/, 'Card terminals'],
  [/\bloan interest\b/, 'Loan interest'],
  [/\blicen[cs]es?\b|\bmemberships?\b/, 'Licences and memberships'],
  [/\brefreshments\b|\bsundries\b|\bcoffee\b|\bteas?\b/, 'Refreshments and sundries'],
  [/\bcleaning\b|\brepairs?\b|\bpremises\b/, 'Premises costs'],
  [/\buncategori[sz]ed\b/, 'Uncategorised'],
  [/(?<!room |chair |desk )\brent\b(?! (received|income|from))|\blandlord\b|\blease\b/, 'Rent'],
];

const has = (q: string, re: RegExp) => re.test(q);

const EXPENSE_WORDS =
  /\b(expenses?|spend|spent|spending|costs?|cost me|outgoings?|went out|paid out|bills?|overheads?|money go)\b/;
const REVENUE_WORDS =
  /\b(takings|take|took|taken|sales|sell|sold|selling|revenue|turnover|income from clients|came in|come in|coming in|brought in|bring in|earn|earned|earnings|make|made|making|seller|service)\b/;
const PROFIT_WORDS = /\b(profit|net income|after costs|bottom line|kept|keep|left over|net)\b/;

function measureOf(q: string): Measure | null {
  if (has(q, /\bmargins?\b/)) return 'margin';
  if (has(q, /\bother income\b|\broom rent\b|\bchair rent\b|\binterest received\b/)) return 'otherIncome';
  if (has(q, PROFIT_WORDS) || (has(q, /\b(make|made)\b/) && has(q, /\bafter\b/))) return 'netIncome';
  if (has(q, EXPENSE_WORDS)) return 'expenses';
  if (has(q, REVENUE_WORDS) || has(q, /\bincome\b/)) return 'revenue';
  return null;
}

const OFF_LIMITS =
  /\b(other (owners?|salons?|users?|businesses|customers of brade)|another (owner|salon|user)|someone else'?s|competitors?|everyone'?s|all (owners|salons|users))\b/;

/** Reads a question into an intent, or null when it is not one the analyst can answer. */
export function readQuestion(question: string, today: string, previous: Intent | null = null): Intent | null {
  const q = question.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');
  if (has(q, OFF_LIMITS)) return null;
  const found = findPeriods(q, today);
  // "the month before" is relative: to another period in the question, else to the conversation's last period.
  const anchor = found.find((f) => !f.relative)?.period ?? periodOf(previous);
  const periods = found.map((f) => (f.relative && anchor ? periodBefore(anchor, today) : f.period));
  const first = periods[0] ?? null;
  const measure = measureOf(q);
  const category = CATEGORY_WORDS.find(([re]) => re.test(q))?.[1] ?? null;
  if (
    has(
      q,
      /\bmake of (this|it|that)\b|\bwhat do you think\b|\bcomment\b|\bexplain (this|it)\b|\bsummar(y|ise|ize)\b|\boverview\b/,
    )
  ) {
    return { kind: 'summary', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  }

  if (has(q, /\bvat\b/)) {
    if (has(q, /\bthreshold\b|\bregist|\bover the limit\b|\b12 months\b|\btwelve months\b|\bturnover\b/)) {
      return { kind: 'vatThreshold' };
    }
    if (has(q, /\bowe\b|\bdue\b|\bliabilit|\bposition\b|\bwill i (have to )?pay\b|\bbill\b/))
      return { kind: 'vatOwed' };
    if (category === 'VAT paid to HMRC' || has(q, /\bpaid\b|\bpay\b/)) {
      return { kind: 'line', category: 'VAT paid to HMRC', period: first ?? thisYear(today) };
    }
    return { kind: 'vatThreshold' };
  }
  if (has(q, /\b(target|goal|goals|on track|on course for)\b/)) return { kind: 'goal' };
  if (has(q, /\bend of (the|this) month\b|\bproject(ed|ion)?\b|\bforecast\b|\bat this (pace|rate)\b|\bon pace\b/)) {
    return { kind: 'projection' };
  }
  if (has(q, /\bretention\b|\bretain|\bcome back\b|\bcoming back\b|\breturning clients\b|\brebook/)) {
    return { kind: 'retention', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  }
  if (
    has(
      q,
      /\bper client\b|\baverage (spend|client|ticket|bill|transaction)\b|\beach client\b|\bper visit\b|\bper customer\b/,
    )
  ) {
    return { kind: 'revenuePerClient', period: first ?? periodOf(previous) ?? thisMonth(today) };
  }
  if (has(q, /\bhow many (clients|customers)\b|\bnumber of (clients|customers)\b|\bclient count\b/)) {
    return { kind: 'clients', period: first ?? periodOf(previous) ?? thisMonth(today) };
  }
  if (has(q, /\bcash\b|\bbank balance\b|\bin the bank\b|\bmoney in (my|the) (bank|account)\b/)) return { kind: 'cash' };
  if (has(q, /\b(stripe|square|sumup|processor|processors|card provider|by provider|by processor)\b/) && !category) {
    return { kind: 'processors', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  }
  if (has(q, /\b(who|which (suppliers?|companies|payees))\b.*\b(pay|paid|spend|spent)\b|\bsuppliers?\b|\bpayees?\b/)) {
    return { kind: 'counterparties', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  }
  if (has(q, /\btrend\b|\btrending\b|\bgrowing\b|\bover time\b/)) {
    return { kind: 'trend', measure: measure === 'expenses' ? 'expenses' : 'revenue' };
  }
  const matching =
    /\b(transactions|payments) (from|to|with|for|matching) ([a-z0-9 &.-]{2,40}?)(\?|$| (in|this|last|since|over|during)\b)/.exec(
      q,
    );
  if (matching) return { kind: 'matching', text: matching[3]!.trim(), period: first ?? thisYear(today) };

  const monthSuperlative =
    /\b(which|what) month\b|\b(best|worst|quietest|busiest|slowest|strongest|weakest|biggest|top|highest|lowest) months?\b/;
  if (has(q, monthSuperlative)) {
    const lowest = has(q, /\b(worst|quietest|slowest|weakest|lowest|least|smallest)\b/);
    return {
      kind: 'extreme',
      measure: has(q, EXPENSE_WORDS) ? 'expenses' : 'revenue',
      which: lowest ? 'lowest' : 'highest',
    };
  }
  const top = /\b(biggest|largest|most|top|main|highest|best[- ]selling|best seller|bestseller|most popular)\b/;
  if (has(q, top) && !category) {
    const sales = has(
      q,
      /\b(service|services|treatment|treatments|selling|seller|sold|sales|brought in|earn|popular)\b/,
    );
    if (sales) return { kind: 'top', group: 'sales', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
    if (has(q, EXPENSE_WORDS) || has(q, /\bexpense\b/)) {
      return { kind: 'top', group: 'expenses', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
    }
  }

  const compareWords =
    /\b(compare|compared|comparison|vs|versus|up or down|go up|go down|went up|went down|change|changed|drop|dropped|fall|fell|rise|rose|increase|increased|decrease|decreased|better than|worse than|more than|less than|difference)\b/;
  if (has(q, compareWords) || periods.length >= 2) {
    const why = has(q, /\bwhy\b/);
    const m: CompareMeasure =
      measure === 'expenses'
        ? 'expenses'
        : measure === 'netIncome' || measure === 'margin'
          ? 'netIncome'
          : measure === 'otherIncome'
            ? 'otherIncome'
            : previousMeasure(previous);
    let pair: [Period, Period] | null = null;
    if (periods.length >= 2) {
      const [a, b] = [...periods].sort((x, y) => (x.from > y.from ? -1 : 1)) as [Period, Period];
      pair = [a, b];
    } else if (first) {
      pair = has(q, /\bsince\b/) ? [monthsAgo(today, 1), first] : [first, periodBefore(first, today)];
    } else if (previous && periodOf(previous)) {
      const p = periodOf(previous)!;
      pair = [p, periodBefore(p, today)];
    } else {
      pair = [monthsAgo(today, 1), monthsAgo(today, 2)];
    }
    if (pair[0].label === pair[1].label) pair = [pair[0], periodBefore(pair[0], today)];
    return { kind: 'compare', measure: m, periods: pair, why };
  }

  if (category) return { kind: 'line', category, period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  if (measure) return { kind: 'figure', measure, period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  if (has(q, /\b(summary|overview|how (am i|are we|is the salon|is business) doing|how did (i|we) do)\b/)) {
    return { kind: 'summary', period: first ?? periodOf(previous) ?? monthsAgo(today, 1) };
  }
  // A follow-up that names only a period ("and the month before?", "what about March?") asks the last question again.
  if (
    first &&
    previous &&
    /^(and|what about|how about|and for|and in|what of|same for)\b|^(the|in|for) /.test(q.trim())
  ) {
    return withPeriod(previous, first, today);
  }
  if (first && previous && q.trim().split(' ').length <= 5) return withPeriod(previous, first, today);
  return null;
}

const thisYear = (today: string) => findPeriods('this year', today)[0]!.period;

function previousMeasure(previous: Intent | null): CompareMeasure {
  if (previous?.kind === 'figure' || previous?.kind === 'compare') {
    const m = previous.measure;
    return m === 'margin' ? 'netIncome' : m;
  }
  return 'revenue';
}

function periodOf(intent: Intent | null): Period | null {
  if (!intent) return null;
  if (intent.kind === 'compare') return intent.periods[0];
  return 'period' in intent ? intent.period : null;
}

function withPeriod(previous: Intent, period: Period, today: string): Intent {
  if (previous.kind === 'compare') return { ...previous, periods: [period, periodBefore(period, today)] };
  if ('period' in previous) return { ...previous, period };
  return previous;
}

const money = (pence: number) => formatPence(Math.abs(pence));
const signed = (pence: number) => (pence < 0 ? `-${formatPence(-pence)}` : formatPence(pence));
const pct = (x: number) => `${Math.abs(x).toFixed(1)}%`;
const MEASURE_WORDS: Record<CompareMeasure | Measure, string> = {
  revenue: 'revenue',
  expenses: 'expenses',
  netIncome: 'net income',
  otherIncome: 'other income',
  margin: 'margin',
};
/** "in October 2026", "so far in November 2026", "in Q3 (July to September 2026)". */
const inPeriod = (p: Period) =>
  p.soFar && p.months.length > 1
    ? `in ${p.label} (the year so far)`
    : p.soFar
      ? `so far in ${p.label}`
      : p.months.length > 0
        ? `in ${p.label}`
        : p.label;
const count = (n: number, what: string) => `${n.toLocaleString('en-GB')} ${what}${n === 1 ? '' : 's'}`;
const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Answers one question for one owner. `previous` is the conversation's last intent, for follow-ups. */
export async function answerQuestion(
  ctx: ToolContext,
  question: string,
  previous: Intent | null = null,
): Promise<AnalystAnswer> {
  const intent = readQuestion(question, ctx.today, previous);
  if (!intent) return { text: DECLINE_TEXT, declined: true, intent: null };
  const text = await write(ctx, intent);
  return text === null ? { text: DECLINE_TEXT, declined: true, intent: null } : { text, declined: false, intent };
}

async function write(ctx: ToolContext, intent: Intent): Promise<string | null> {
  switch (intent.kind) {
    case 'figure': {
      const s = await monthSummary(ctx, intent.period);
      const when = inPeriod(intent.period);
      switch (intent.measure) {
        case 'revenue':
          return `Your revenue (sales less refunds) ${when} ${intent.period.soFar ? 'is' : 'was'} ${money(s.revenuePence)}.`;
        case 'expenses':
          return `Your expenses ${when} ${intent.period.soFar ? 'are' : 'were'} ${money(s.expensesPence)}.`;
        case 'otherIncome':
          return `Your other income (room rent, interest and other money in that is not card sales) ${when} was ${money(s.otherIncomePence)}.`;
        case 'netIncome':
          return s.netIncomePence >= 0
            ? `You made a profit (net income: revenue and other income less expenses) of ${money(s.netIncomePence)} ${when}.`
            : `You made a loss (net income: revenue and other income less expenses) of ${money(s.netIncomePence)} ${when}.`;
        case 'margin':
          if (s.marginPercent === null) return `There was no revenue ${when}, so there is no margin to work out.`;
          return `Your margin ${when} was ${s.marginPercent < 0 ? '-' : ''}${pct(s.marginPercent)}: net income of ${signed(s.netIncomePence)} on revenue of ${money(s.revenuePence)}.`;
      }
      return null;
    }
    case 'line': {
      const l = await expenseLine(ctx, intent.category, intent.period);
      const when = inPeriod(intent.period);
      if (l.transactions === 0) return `I found no ${intent.category} ${when}: £0.00.`;
      return `You paid ${money(l.pence)} in ${intent.category} ${when} (${count(l.transactions, 'payment')}), out of ${money(l.totalPence)} of expenses.`;
    }
    case 'top': {
      const lines =
        intent.group === 'sales'
          ? await salesByService(ctx, intent.period)
          : await expenseCategories(ctx, intent.period);
      const when = inPeriod(intent.period);
      if (lines.length === 0) return `There were no ${intent.group === 'sales' ? 'sales' : 'expenses'} ${when}.`;
      const [first, ...rest] = lines.filter((l) => l.name !== 'Refunds');
      if (!first) return `There were no sales ${when}, only refunds.`;
      const next = rest.slice(0, 2).map((l) => `${l.name} (${money(l.pence)})`);
      const lead =
        intent.group === 'sales'
          ? `Your biggest seller ${when} was ${first!.name}, bringing in ${money(first!.pence)}`
          : `Your biggest cost ${when} was ${first!.name}, at ${money(first!.pence)}`;
      return next.length > 0 ? `${lead}. Next came ${listOf(next)}.` : `${lead}.`;
    }
    case 'compare': {
      const c = await comparePeriods(ctx, intent.measure, intent.periods[0], intent.periods[1]);
      const [a, b] = intent.periods;
      const word = MEASURE_WORDS[intent.measure];
      const direction = c.differencePence > 0 ? 'up' : c.differencePence < 0 ? 'down' : 'unchanged';
      const change =
        direction === 'unchanged'
          ? 'no change'
          : `${direction} ${money(c.differencePence)}${c.percentChange === null ? '' : ` (${pct(c.percentChange)})`}`;
      const verb = intent.measure === 'expenses' ? 'were' : 'was';
      let text = `Your ${word} ${verb} ${signed(c.currentPence)} ${inPeriod(a)}, against ${signed(c.previousPence)} ${inPeriod(b)}: ${change}.`;
      if (a.soFar) text += ` ${a.label} is not over yet.`;
      if (c.movers.length > 0 && (intent.why || direction !== 'unchanged')) {
        const words = c.movers
          .filter((m) => m.line !== 'Refunds')
          .map((m) => {
            const name = m.line === 'Sales' ? 'card sales' : m.group === 'sales' ? `${m.line} takings` : m.line;
            return `${name} ${m.changePence > 0 ? 'rose' : 'fell'}`;
          });
        if (words.length > 0) text += ` The biggest movements: ${listOf(words)}.`;
      }
      return text;
    }
    case 'extreme': {
      const r = await bestAndWorstMonths(ctx, intent.measure);
      const m = intent.which === 'highest' ? r.highest : r.lowest;
      if (!m) return 'There are no complete months in your books yet.';
      const word = intent.measure === 'revenue' ? 'revenue' : 'expenses';
      const adjective =
        intent.measure === 'revenue'
          ? intent.which === 'highest'
            ? 'best'
            : 'quietest'
          : intent.which === 'highest'
            ? 'most expensive'
            : 'cheapest';
      return `Of the last ${r.months.length} complete months, your ${adjective} month for ${word} was ${m.label}, at ${money(m.pence)}.`;
    }
    case 'revenuePerClient': {
      const c = await clients(ctx, intent.period);
      if (c.revenuePerClientPence === null) return `No clients paid by card ${inPeriod(intent.period)}.`;
      return `${inPeriod(intent.period).replace(/^./, (x) => x.toUpperCase())}, each client spent ${money(c.revenuePerClientPence)} on average (revenue per client: ${money(c.revenuePence)} from ${count(c.clients, 'client')}).`;
    }
    case 'clients': {
      const c = await clients(ctx, intent.period);
      return `${count(c.clients, 'client')} paid by card ${inPeriod(intent.period)}${c.revenuePerClientPence === null ? '' : `, spending ${money(c.revenuePerClientPence)} each on average`}.`;
    }
    case 'retention': {
      const r = await retention(ctx, intent.period);
      if (!r.newClient && !r.overall) {
        return 'I cannot measure retention yet: it needs 90 days of visits after a month to see who came back, and your books do not cover that yet.';
      }
      const parts: string[] = [];
      if (r.newClient && r.newClient.percent !== null) {
        parts.push(
          `Of the ${count(r.newClient.new_clients, 'new client')} whose first visit was in ${monthName(r.newClient.month)}, ${r.newClient.returned.toLocaleString('en-GB')} came back within 90 days: ${r.newClient.percent.toFixed(1)}% new-client retention, against your goal of ${r.goalPercent}% (the national figure is about ${r.nationalPercent}%).`,
        );
      }
      if (r.overall && r.overall.percent !== null) {
        parts.push(
          `Of the ${count(r.overall.clients, 'client')} seen in the 90 days to ${longDay(r.overall.date)}, ${r.overall.seen_again.toLocaleString('en-GB')} were seen again in the 90 days after: ${r.overall.percent.toFixed(1)}% overall retention.`,
        );
      }
      return parts.join(' ');
    }
    case 'goal': {
      const g = await goalProgress(ctx);
      const verdict = g.onTrack
        ? `you are on track, about ${money(g.gapPence)} above the target`
        : `you would fall about ${money(g.gapPence)} short of it`;
      return `Your revenue target is ${money(g.revenueTargetPence)} a month. So far in ${g.period.label} you have taken ${money(g.revenueSoFarPence)} in ${g.daysSoFar} days; at that pace you would end the month at about ${money(g.projectedRevenuePence)}, so ${verdict}.`;
    }
    case 'projection': {
      const p = await projection(ctx);
      return `So far in ${p.period.label} you have taken ${money(p.revenueSoFarPence)} in ${p.daysSoFar} of ${p.daysInMonth} days. At that pace you would end the month at about ${money(p.projectedRevenuePence)}.`;
    }
    case 'vatThreshold': {
      const v = await vatPosition(ctx);
      const gap = Math.abs(v.thresholdPence - v.turnoverPence);
      const where = v.overThreshold ? `over it by ${money(gap)}` : `${money(gap)} below it`;
      const status = v.scheme === 'not_registered' ? '' : ' You are VAT-registered already.';
      return `Your taxable turnover (takings and room rent, VAT included) for the 12 months ${v.turnoverPeriod.label} was ${money(v.turnoverPence)}, against the VAT registration threshold of ${money(v.thresholdPence)}: ${where}.${status}`;
    }
    case 'vatOwed': {
      const v = await vatPosition(ctx);
      if (!v.quarter || v.quarter.duePence === null) {
        return `You are not VAT-registered in Brade's VAT settings, so you owe no VAT. Your taxable turnover for the 12 months ${v.turnoverPeriod.label} was ${money(v.turnoverPence)}, against the registration threshold of ${money(v.thresholdPence)}.${v.overThreshold ? ' That is over the threshold, so you may need to register for VAT.' : ''}`;
      }
      const due = v.quarter.duePence;
      return `${due >= 0 ? `So far this VAT quarter you owe ${money(due)}` : `So far this VAT quarter HMRC owes you ${money(due)}`} of VAT (the quarter from ${longDay(v.quarter.from)} to ${longDay(v.quarter.to)}). You have paid ${money(v.paidThisYear.pence)} of VAT to HMRC in ${v.paidThisYear.period.label}.`;
    }
    case 'processors': {
      const rows = await salesByCardProcessor(ctx, intent.period);
      if (rows.length === 0) return `There were no card sales ${inPeriod(intent.period)}.`;
      const names: Record<string, string> = {
        stripe: 'Stripe',
        square: 'Square',
        sumup: 'SumUp',
        bank: 'card payouts',
      };
      return `Your revenue ${inPeriod(intent.period)} by processor: ${listOf(rows.map((r) => `${names[r.provider] ?? r.provider} ${signed(r.pence)}`))}.`;
    }
    case 'counterparties': {
      const rows = await topCounterparties(ctx, intent.period);
      if (rows.length === 0) return `You paid nobody ${inPeriod(intent.period)}.`;
      return `Who you paid most ${inPeriod(intent.period)}: ${listOf(rows.slice(0, 3).map((r) => `“${r.counterparty}” (${money(r.pence)})`))}.`;
    }
    case 'trend': {
      const t = await trend(ctx, intent.measure);
      const word = intent.measure === 'revenue' ? 'revenue' : 'expenses';
      if (t.percentChange === null) return `There is not enough history yet to show a trend in your ${word}.`;
      return `Your ${word} for the last three complete months came to ${money(t.recentThreePence)}, against ${money(t.previousThreePence)} for the three months before: ${t.percentChange >= 0 ? 'up' : 'down'} ${pct(t.percentChange)}.`;
    }
    case 'cash': {
      const c = await cash(ctx);
      if (!c) return "I can't see a bank balance yet: link your business bank account in Settings and I can tell you.";
      return `You have ${signed(c.bookedPence)} in the bank${c.balanceDate ? ` (as of ${c.balanceDate})` : ''}.`;
    }
    case 'summary': {
      const s = await monthSummary(ctx, intent.period);
      return `${inPeriod(intent.period).replace(/^./, (x) => x.toUpperCase())}: revenue ${money(s.revenuePence)}, other income ${money(s.otherIncomePence)}, expenses ${money(s.expensesPence)}, so net income of ${signed(s.netIncomePence)}${s.marginPercent === null ? '' : ` and a margin of ${s.marginPercent.toFixed(1)}%`}.`;
    }
    case 'matching': {
      const r = await matchingTransactions(ctx, intent.text, intent.period);
      if (r.count === 0) return `I found no transactions matching “${intent.text}” ${inPeriod(intent.period)}.`;
      return `I found ${count(r.count, 'transaction')} matching “${intent.text}” ${inPeriod(intent.period)}, ${r.totalPence < 0 ? 'money out' : 'money in'} of ${money(r.totalPence)} in all.`;
    }
  }
}

export interface ReportShown {
  type: ReportType;
  month: number;
  year: number;
}

/**
 * Report mode (docs/assistant.md, "Report mode"): a question about the report and month the Reports screen shows is
 * answered for that month; anything else ("what do you make of this?") gets a short commentary on the report.
 */
export async function commentOnReport(ctx: ToolContext, report: ReportShown, question: string): Promise<AnalystAnswer> {
  const month = `${report.year}-${String(report.month).padStart(2, '0')}`;
  if (`${month}-01` > ctx.today) {
    return {
      text: `${monthsPeriod(month, month, `${month}-01`).label} has not started yet, so there is nothing to comment on.`,
      declined: false,
      intent: null,
    };
  }
  const period = monthsPeriod(month, month, ctx.today);
  const shown: Intent = { kind: 'summary', period };
  // The month on the page, not the conversation, is what a question without a period is about.
  const intent = readQuestion(question, ctx.today, shown);
  if (intent && intent.kind !== 'summary') {
    const text = await write(ctx, intent);
    if (text !== null) return { text, declined: false, intent };
  }
  const before = periodBefore(period, ctx.today);
  if (report.type === 'vat') {
    const view = await vatView(ctx, month);
    const lines = view.rows
      .filter((r) => r.amount !== null)
      .map((r) => `${r.description} ${signed(poundsToPence(r.amount!))}${r.subtext ? ` (${r.subtext})` : ''}`);
    return {
      text: `The VAT view for ${longDay(view.period.from)} to ${longDay(view.period.to)}: ${lines.join('; ')}.`,
      declined: false,
      intent: { kind: 'vatOwed' },
    };
  }
  if (report.type === 'income_statement') {
    const summary = await write(ctx, { kind: 'summary', period });
    const change = await comparePeriods(ctx, 'netIncome', period, before);
    const direction = change.differencePence >= 0 ? 'up' : 'down';
    return {
      text: `${summary} Against ${before.label}, net income is ${direction} ${money(change.differencePence)}.`,
      declined: false,
      intent: shown,
    };
  }
  const group = report.type === 'sales' ? 'sales' : 'expenses';
  const top = await write(ctx, { kind: 'top', group, period });
  const c = await comparePeriods(ctx, report.type === 'sales' ? 'revenue' : 'expenses', period, before);
  const word = report.type === 'sales' ? 'Revenue' : 'Expenses';
  const direction = c.differencePence > 0 ? 'up' : c.differencePence < 0 ? 'down' : 'unchanged';
  return {
    text: `${word} ${inPeriod(period)}: ${money(c.currentPence)}, ${direction === 'unchanged' ? 'the same as' : `${direction} ${money(c.differencePence)} on`} ${before.label} (${money(c.previousPence)}). ${top}`,
    declined: false,
    intent: { kind: 'top', group, period },
  };
}
