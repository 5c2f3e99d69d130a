import { poundsToPence, type ReportType } from '@brade/contract';
import { type AnswerMemo, answerAsk, processorName } from './answer-asks.js';
import { soldAnswer, teamAnswer } from './answer-sold.js';
import {
  cashAnswer,
  clarifyText,
  clientHabitsAnswer,
  declineText,
  goals,
  overview,
  projectionAnswer,
  retentionAnswer,
  suppliersAnswer,
  topClientsAnswer,
  trendAnswer,
  vatAnswer,
  whatIfAnswer,
} from './answer-topics.js';
import { money, signedMoney } from './measures.js';
import { longDate, monthsPeriod, periodBefore } from './periods.js';
import { type ReaderContext, readQuestion } from './reader.js';
import type { Reading } from './reading.js';
import { type BooksContext, booksContext, comparePeriods, type ToolContext, vatView } from './tools.js';

/**
 * The built-in analyst (docs/assistant.md, "The built-in analyst"): reads a question into what it asks
 * (reader.ts), asks the tools, and writes the answer, naming the period and its dates. No network, no model: every
 * figure is a tool's. What it cannot read it says so, with close questions it can answer; it never answers another
 * question instead.
 */
export interface AnalystAnswer {
  text: string;
  /** True when the analyst stated no figure: it declined or asked back. */
  declined: boolean;
  /** The reading, kept for follow-ups (null when nothing was read). */
  intent: Reading | null;
}

/** Kept for the model path's greeting of what BradeBot can answer. */
export const EXAMPLE_QUESTIONS = [
  'What were my takings last month?',
  'How is this month going compared with last month?',
  'Am I on track for my revenue target?',
];

export const DECLINE_TEXT =
  "I can only answer questions about your salon's money from your own books, and I can't answer that one. " +
  `You could ask me, for example: ${EXAMPLE_QUESTIONS.map((q) => `“${q}”`).join(', ')}`;

export function readerContext(ctx: ToolContext, books: BooksContext): ReaderContext {
  return {
    today: ctx.today,
    booksFrom: books.booksFrom,
    vatStagger: books.vat.scheme === 'not_registered' ? null : books.vat.stagger,
  };
}

/** Answers one question for one owner. `previous` is the conversation's last reading, for follow-ups. */
export async function answerQuestion(
  base: ToolContext,
  question: string,
  previous: Reading | null = null,
): Promise<AnalystAnswer> {
  const ctx: ToolContext = { ...base, memo: new Map() };
  const books = await booksContext(ctx);
  const reading = readQuestion(question, readerContext(ctx, books), isReading(previous) ? previous : null);
  return {
    ...(await write(ctx, reading, books)),
    intent: reading.kind === 'clarify' ? (isReading(previous) ? previous : null) : reading,
  };
}

/** A remembered reading from an older BradeBot had another shape: it is not used. */
const isReading = (r: unknown): r is Reading =>
  typeof r === 'object' &&
  r !== null &&
  'kind' in r &&
  [
    'asks',
    'overview',
    'goal',
    'projection',
    'vat',
    'cash',
    'retention',
    'clientHabits',
    'topClients',
    'suppliers',
    'whatIf',
    'trend',
    'sold',
    'team',
    'multi',
  ].includes((r as { kind: string }).kind);

export async function write(
  ctx: ToolContext,
  reading: Reading,
  books: BooksContext,
  memo: AnswerMemo = {},
): Promise<{ text: string; declined: boolean }> {
  switch (reading.kind) {
    case 'asks': {
      const texts: string[] = [];
      for (const ask of reading.asks) texts.push(await answerAsk(ctx, ask, books.booksFrom, memo));
      return { text: texts.join(' '), declined: false };
    }
    case 'multi': {
      const texts: string[] = [];
      let declined = true;
      for (const part of reading.parts) {
        const t = await write(ctx, part, books, memo);
        texts.push(t.text);
        declined &&= t.declined;
      }
      return { text: texts.join(' '), declined };
    }
    case 'overview':
      return { text: await overview(ctx, reading.period, books), declined: false };
    case 'goal':
      return { text: await goals(ctx, reading.which), declined: false };
    case 'projection':
      return { text: await projectionAnswer(ctx), declined: false };
    case 'vat':
      return { text: await vatAnswer(ctx, reading, books), declined: false };
    case 'cash':
      return { text: await cashAnswer(ctx, reading, books), declined: false };
    case 'retention':
      return { text: await retentionAnswer(ctx, reading.which, reading.month, reading.benchmark), declined: false };
    case 'clientHabits':
      return { text: await clientHabitsAnswer(ctx, reading.which, reading.days), declined: false };
    case 'topClients':
      return { text: await topClientsAnswer(ctx, reading.n, reading.period), declined: false };
    case 'suppliers':
      return { text: await suppliersAnswer(ctx, reading.period), declined: false };
    case 'whatIf':
      return { text: await whatIfAnswer(ctx, reading.change), declined: false };
    case 'trend':
      return { text: await trendAnswer(ctx, reading.metric.id), declined: false };
    case 'sold':
      return soldAnswer(ctx, reading, books);
    case 'team':
      return teamAnswer(ctx, reading, books);
    case 'decline': {
      return { text: declineText(reading, books, ctx.today), declined: true };
    }
    case 'clarify':
      return { text: clarifyText(reading), declined: true };
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
      text: `${monthsPeriod(month, month, `${month}-01`, 'month').label} has not started yet, so there is nothing to comment on.`,
      declined: false,
      intent: null,
    };
  }
  const books = await booksContext(ctx);
  const period = monthsPeriod(month, month, ctx.today, 'month');
  const shown: Reading = { kind: 'overview', period };
  // The month on the page, not the conversation, is what a question without a period is about.
  const commentary =
    /\bmake of (?:this|it|that)\b|\bwhat do you think\b|\bcomment\b|\bexplain (?:this|it)\b|\bsummar(?:y|ise|ize)\b|\boverview\b|\bhow does (?:it|this|that) (?:look|compare)\b|\bany (?:thoughts|observations)\b/i.test(
      question,
    );
  const reading = commentary ? shown : readQuestion(question, readerContext(ctx, books), shown);
  if (reading.kind !== 'overview' && reading.kind !== 'clarify') {
    const withMonth =
      reading.kind === 'asks' && reading.asks.every((a) => a.periodDefaulted)
        ? {
            ...reading,
            asks: reading.asks.map((a) => ({
              ...a,
              periods: a.op.kind === 'compare' ? a.periods : [period],
              periodDefaulted: false,
            })),
          }
        : reading;
    const t = await write(ctx, withMonth, books);
    return { text: t.text, declined: t.declined, intent: withMonth };
  }
  const before = periodBefore(period, ctx.today);
  if (report.type === 'vat') {
    const view = await vatView(ctx, month);
    const lines = view.rows
      .filter((r) => r.amount !== null)
      .map((r) => `${r.description} ${signedMoney(poundsToPence(r.amount!))}${r.subtext ? ` (${r.subtext})` : ''}`);
    return {
      text: `The VAT view for ${longDate(view.period.from)} to ${longDate(view.period.to)}: ${lines.join('; ')}.`,
      declined: false,
      intent: { kind: 'vat', which: 'owed', period: null },
    };
  }
  if (report.type === 'income_statement') {
    const summary = await overview(ctx, period, books);
    const change = await comparePeriods(ctx, 'netIncome', period, before);
    const direction = change.differencePence >= 0 ? 'up' : 'down';
    return {
      text: `${summary} Against ${before.label}, profit is ${direction} ${money(change.differencePence)}.`,
      declined: false,
      intent: shown,
    };
  }
  const group = report.type === 'sales' ? 'sales' : 'expenses';
  const c = await comparePeriods(ctx, group === 'sales' ? 'revenue' : 'expenses', period, before);
  const word = group === 'sales' ? 'Revenue' : 'Expenses';
  const direction = c.differencePence > 0 ? 'up' : c.differencePence < 0 ? 'down' : 'unchanged';
  const movers = c.movers.filter((m) => m.group === group);
  const top =
    (group === 'sales' ? c.current : c.current) && movers.length > 0
      ? ` The lines that moved most: ${movers.map((m) => `${m.line} ${m.changePence > 0 ? 'up' : 'down'} ${money(m.changePence)}`).join(', ')}.`
      : '';
  return {
    text: `${word} in ${period.label}: ${money(c.currentPence)}, ${direction === 'unchanged' ? 'the same as' : `${direction} ${money(c.differencePence)} on`} ${before.label} (${money(c.previousPence)}).${top}`,
    declined: false,
    intent: {
      kind: 'asks',
      asks: [{ metrics: [{ id: group === 'sales' ? 'revenue' : 'costs' }], periods: [period], op: { kind: 'value' } }],
    },
  };
}

export { processorName };
