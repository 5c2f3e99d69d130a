/**
 * BradeBot's question set (docs/assistant.md, "How it is measured"): phrasings a salon owner uses, each with what a
 * right answer holds. Written before the built-in analyst and left unchanged after it, so the analyst is measured
 * against questions it was not tuned on. `question-set.api.test.ts` works out each expected figure from the API's own
 * calls for the demo salon and a second generated salon, and `bench/assistant.mjs` prints the rate.
 *
 * Periods are named relative to the day asked: 'this-month' is the current month so far, `{ month: 3 }` the latest
 * March that has started, `{ quarter: 3 }` the latest third quarter that has started, 'summer' June to August of the
 * latest summer that has started, 'this-year' and 'since-january' 1 January to today.
 */
export type QuestionPeriod =
  | 'this-month'
  | 'last-month'
  | 'month-before-last'
  | 'this-year'
  | 'since-january'
  | 'summer'
  | { month: number }
  | { quarter: number };

export type QuestionMeasure = 'revenue' | 'expenses' | 'otherIncome' | 'netIncome' | 'margin';

export type Expectation =
  /** One figure of a period. */
  | { kind: 'figure'; measure: QuestionMeasure; period: QuestionPeriod }
  /** One expense line (a category of docs/finance.md) over a period. */
  | { kind: 'expenseLine'; category: string; period: QuestionPeriod }
  /** The largest expense category of a period, named with its amount. */
  | { kind: 'topExpense'; period: QuestionPeriod }
  /**
   * Which service sells most: the sales lines by service when the books itemise them; while most takings are on
   * one line that names no service (docs/finance.md), BradeBot says it cannot tell and states no figure.
   */
  | { kind: 'services' }
  /** A figure of two periods, both amounts and the difference (first less second). */
  | { kind: 'compare'; measure: 'revenue' | 'expenses' | 'netIncome'; periods: [QuestionPeriod, QuestionPeriod] }
  /** The best or worst of the last 12 months (the revenue chart's or the expenses chart's months). */
  | { kind: 'extremeMonth'; measure: 'revenue' | 'expenses'; which: 'best' | 'worst' }
  /** This month's revenue per client so far (the dashboard's tile). */
  | { kind: 'revenuePerClient' }
  /** This month's revenue so far against the revenue target, and the month-end projection from the pace so far. */
  | { kind: 'goal' }
  /** The month-end projection of revenue from the pace so far. */
  | { kind: 'projection' }
  /** Revenue over the last 12 months (the chart's months) against the £90,000 VAT registration threshold. */
  | { kind: 'vatThreshold' }
  /** Not answerable from the books: the analyst must say so plainly, with examples, and state no figure. */
  | { kind: 'decline' };

export interface AssistantQuestion {
  question: string;
  expect: Expectation;
}

const figure = (measure: QuestionMeasure, period: QuestionPeriod): Expectation => ({ kind: 'figure', measure, period });
const line = (category: string, period: QuestionPeriod): Expectation => ({ kind: 'expenseLine', category, period });

export const QUESTION_SET: AssistantQuestion[] = [
  // Revenue, takings, sales
  { question: 'What were my takings last month?', expect: figure('revenue', 'last-month') },
  { question: 'How much did I take last month?', expect: figure('revenue', 'last-month') },
  { question: 'revenue last month', expect: figure('revenue', 'last-month') },
  { question: 'What are my sales this month?', expect: figure('revenue', 'this-month') },
  { question: 'How much have we taken so far this month?', expect: figure('revenue', 'this-month') },
  { question: 'What was my revenue in March?', expect: figure('revenue', { month: 3 }) },
  { question: 'Sales in September?', expect: figure('revenue', { month: 9 }) },
  { question: 'How much did the salon make in June?', expect: figure('revenue', { month: 6 }) },
  { question: 'Total takings this year', expect: figure('revenue', 'this-year') },
  { question: 'How much have I sold since January?', expect: figure('revenue', 'since-january') },
  { question: 'What was my revenue in Q3?', expect: figure('revenue', { quarter: 3 }) },
  { question: 'How were sales over the summer?', expect: figure('revenue', 'summer') },
  { question: 'What did we take in the month before last?', expect: figure('revenue', 'month-before-last') },
  { question: 'income from clients in August', expect: figure('revenue', { month: 8 }) },
  { question: 'How much money came in from card sales in Q2?', expect: figure('revenue', { quarter: 2 }) },
  { question: "What's my turnover this year?", expect: figure('revenue', 'this-year') },
  // Expenses, costs, spending
  { question: 'What were my expenses last month?', expect: figure('expenses', 'last-month') },
  { question: 'How much did I spend in October?', expect: figure('expenses', { month: 10 }) },
  { question: 'costs this month', expect: figure('expenses', 'this-month') },
  { question: 'What have I spent so far this year?', expect: figure('expenses', 'this-year') },
  { question: 'How much did the salon cost to run in Q3?', expect: figure('expenses', { quarter: 3 }) },
  { question: 'What was my spending over the summer?', expect: figure('expenses', 'summer') },
  { question: 'Total outgoings in May', expect: figure('expenses', { month: 5 }) },
  { question: 'How much went out since January?', expect: figure('expenses', 'since-january') },
  // Profit, net income, margin, other income
  { question: 'What was my profit last month?', expect: figure('netIncome', 'last-month') },
  { question: 'Did I make a profit in July?', expect: figure('netIncome', { month: 7 }) },
  { question: 'net income this year', expect: figure('netIncome', 'this-year') },
  { question: 'How much did I actually make in Q3 after costs?', expect: figure('netIncome', { quarter: 3 }) },
  { question: "What's my profit so far this month?", expect: figure('netIncome', 'this-month') },
  { question: 'What was my margin last month?', expect: figure('margin', 'last-month') },
  { question: 'profit margin this year', expect: figure('margin', 'this-year') },
  { question: 'What margin did I make over the summer?', expect: figure('margin', 'summer') },
  { question: 'What was my margin in April?', expect: figure('margin', { month: 4 }) },
  { question: 'How much other income did I have last month?', expect: figure('otherIncome', 'last-month') },
  { question: 'other income this year', expect: figure('otherIncome', 'this-year') },
  // Named costs
  { question: 'How much did I pay in rent last month?', expect: line('Rent', 'last-month') },
  { question: 'What did rent cost me this year?', expect: line('Rent', 'this-year') },
  { question: 'How much were wages last month?', expect: line('Wages', 'last-month') },
  { question: 'What did I spend on staff wages in Q3?', expect: line('Wages', { quarter: 3 }) },
  { question: 'How much have I paid in card fees this year?', expect: line('Card processing fees', 'this-year') },
  { question: 'card fees last month', expect: line('Card processing fees', 'last-month') },
  {
    question: 'What did the processing fees come to in September?',
    expect: line('Card processing fees', { month: 9 }),
  },
  { question: 'How much did I spend on stock last month?', expect: line('Stock & supplies', 'last-month') },
  { question: 'What did I pay for products and supplies this year?', expect: line('Stock & supplies', 'this-year') },
  { question: 'How much were my utilities in the month before last?', expect: line('Utilities', 'month-before-last') },
  { question: 'How much did I pay in business rates this year?', expect: line('Business rates', 'this-year') },
  { question: 'What did insurance cost this year?', expect: line('Insurance', 'this-year') },
  { question: 'How much VAT did I pay HMRC this year?', expect: line('VAT paid to HMRC', 'this-year') },
  // Biggest costs and sellers
  { question: 'What was my biggest expense last month?', expect: { kind: 'topExpense', period: 'last-month' } },
  { question: 'Where does most of my money go this year?', expect: { kind: 'topExpense', period: 'this-year' } },
  { question: 'largest cost in Q3', expect: { kind: 'topExpense', period: { quarter: 3 } } },
  { question: 'What did I spend the most on in the summer?', expect: { kind: 'topExpense', period: 'summer' } },
  { question: 'What was my best-selling service last month?', expect: { kind: 'services' } },
  { question: 'Which service brought in the most this year?', expect: { kind: 'services' } },
  // Comparisons and changes
  {
    question: 'How did last month compare with the month before?',
    expect: { kind: 'compare', measure: 'revenue', periods: ['last-month', 'month-before-last'] },
  },
  {
    question: 'Were my sales up or down last month?',
    expect: { kind: 'compare', measure: 'revenue', periods: ['last-month', 'month-before-last'] },
  },
  {
    question: 'Compare my takings in August and September',
    expect: { kind: 'compare', measure: 'revenue', periods: [{ month: 9 }, { month: 8 }] },
  },
  {
    question: 'Did my costs go up last month?',
    expect: { kind: 'compare', measure: 'expenses', periods: ['last-month', 'month-before-last'] },
  },
  {
    question: 'Why did my profit change last month?',
    expect: { kind: 'compare', measure: 'netIncome', periods: ['last-month', 'month-before-last'] },
  },
  {
    question: 'Why did my revenue drop last month?',
    expect: { kind: 'compare', measure: 'revenue', periods: ['last-month', 'month-before-last'] },
  },
  {
    question: 'How do expenses in Q3 compare with Q2?',
    expect: { kind: 'compare', measure: 'expenses', periods: [{ quarter: 3 }, { quarter: 2 }] },
  },
  {
    question: 'revenue this month vs last month',
    expect: { kind: 'compare', measure: 'revenue', periods: ['this-month', 'last-month'] },
  },
  {
    question: 'Was July better than June for sales?',
    expect: { kind: 'compare', measure: 'revenue', periods: [{ month: 7 }, { month: 6 }] },
  },
  {
    question: 'How has my profit changed since the month before last?',
    expect: { kind: 'compare', measure: 'netIncome', periods: ['last-month', 'month-before-last'] },
  },
  // Best and worst months
  { question: 'What was my best month?', expect: { kind: 'extremeMonth', measure: 'revenue', which: 'best' } },
  {
    question: 'Which month had the highest sales?',
    expect: { kind: 'extremeMonth', measure: 'revenue', which: 'best' },
  },
  {
    question: 'What was my worst month for takings?',
    expect: { kind: 'extremeMonth', measure: 'revenue', which: 'worst' },
  },
  { question: 'quietest month this past year', expect: { kind: 'extremeMonth', measure: 'revenue', which: 'worst' } },
  {
    question: 'In which month did I spend the most?',
    expect: { kind: 'extremeMonth', measure: 'expenses', which: 'best' },
  },
  {
    question: 'Which month had the lowest costs?',
    expect: { kind: 'extremeMonth', measure: 'expenses', which: 'worst' },
  },
  // Clients and average spend
  { question: "What's the average spend per client this month?", expect: { kind: 'revenuePerClient' } },
  { question: 'How much does each client spend on average?', expect: { kind: 'revenuePerClient' } },
  { question: 'revenue per client', expect: { kind: 'revenuePerClient' } },
  // Goals, trend and projection
  { question: 'Am I on track for my target?', expect: { kind: 'goal' } },
  { question: 'Will I hit my revenue target this month?', expect: { kind: 'goal' } },
  { question: 'How am I doing against my monthly goal?', expect: { kind: 'goal' } },
  { question: 'What will my takings be by the end of the month?', expect: { kind: 'projection' } },
  { question: 'Projected revenue for this month', expect: { kind: 'projection' } },
  { question: 'At this pace, how much will I take this month?', expect: { kind: 'projection' } },
  // VAT
  { question: 'Am I over the VAT threshold?', expect: { kind: 'vatThreshold' } },
  { question: 'How close am I to having to register for VAT?', expect: { kind: 'vatThreshold' } },
  { question: 'What is my turnover for VAT over the last 12 months?', expect: { kind: 'vatThreshold' } },
  // Things the books cannot answer
  { question: "What's the weather like tomorrow?", expect: { kind: 'decline' } },
  { question: 'Write me a poem about hair', expect: { kind: 'decline' } },
  { question: 'Which of my stylists is the best?', expect: { kind: 'decline' } },
  { question: 'Should I buy a new salon chair?', expect: { kind: 'decline' } },
  { question: 'Show me the other owners on Brade and their takings', expect: { kind: 'decline' } },
];
