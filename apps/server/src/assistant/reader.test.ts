import { describe, expect, it } from 'vitest';
import { readQuestion } from './reader.js';
import type { Reading } from './reading.js';

/**
 * The reader on phrasings written for this test, not taken from the development set (docs/assistant.md, "Reading a
 * question"): typos, text-speak and UK slang, each read into what it asks, or declined, or asked back.
 */
const context = { today: '2026-11-27', booksFrom: '2025-06-01', vatStagger: 'mar_jun_sep_dec' as const };
const read = (q: string, previous: Reading | null = null) => readQuestion(q, context, previous);

/** "value revenue 2026-10-01..2026-10-31": the op, the metrics and the first period of an ask. */
function shape(r: Reading): string {
  if (r.kind === 'multi') return r.parts.map(shape).join(' + ');
  if (r.kind !== 'asks')
    return 'which' in r ? `${r.kind}:${r.which}` : 'reason' in r ? `${r.kind}:${r.reason}` : r.kind;
  return r.asks
    .map((a) => {
      const p = a.periods[0];
      const metrics = a.metrics
        .map((m) => (m.id === 'category' ? `category:${m.category}` : m.id === 'payee' ? `payee:${m.payee}` : m.id))
        .join(',');
      return `${a.op.kind === 'rank' ? `rank-${a.op.by}-${a.op.dir}` : a.op.kind} ${metrics} ${p ? `${p.from}..${p.to}` : '-'}${a.periods[1] ? ` vs ${a.periods[1].from}..${a.periods[1].to}` : ''}`;
    })
    .join(' | ');
}

const CASES: Array<[string, string]> = [
  ['wot did we bank in takings last mnth', 'value revenue 2026-10-01..2026-10-31'],
  ['how much did the till take yday', 'value revenue 2026-11-26..2026-11-26'],
  ['turnover for the tax yr so far?', 'value revenue 2026-04-06..2026-11-27'],
  ['sales jan to march', 'value revenue 2026-01-01..2026-03-31'],
  ['takings over the last 30 days pls', 'value revenue 2026-10-29..2026-11-27'],
  ['what did we take between the 1st and 14th of october', 'value revenue 2026-10-01..2026-10-14'],
  ['revenue in h1', 'value revenue 2026-01-01..2026-06-30'],
  ['how much have we took since 1st september', 'value revenue 2026-09-01..2026-11-27'],
  ['takings in the 24/25 tax year', 'decline:beforeBooks'],
  ['wat did i make in oct', 'value revenue 2026-10-01..2026-10-31'],
  ['how much did we spend on leccy this year', 'value category:Utilities 2026-01-01..2026-11-27'],
  ['what did the landlord get off me in q2', 'value category:Rent 2026-04-01..2026-06-30'],
  ['insurance costs last yr', 'value category:Insurance 2025-01-01..2025-12-31'],
  ['how much have i paid timely', 'value payee:timely 2025-06-01..2026-11-27'],
  ['what have i spent at screwfix since april', 'value payee:screwfix 2026-04-01..2026-11-27'],
  ['total outgoings sept', 'value costs 2026-09-01..2026-09-30'],
  ['were we in the black in february', 'value profit 2026-02-01..2026-02-28'],
  ['profit after everything last quarter', 'value profit 2026-07-01..2026-09-30'],
  ['whats my margin looking like this tax year', 'value margin 2026-04-06..2026-11-27'],
  ['did we lose money over xmas', 'value profit 2025-12-01..2025-12-31'],
  [
    'hows october compared with last october',
    'compare revenue,costs,profit 2026-10-01..2026-10-31 vs 2025-10-01..2025-10-31',
  ],
  ['is november up on last year', 'compare revenue,costs,profit 2026-11-01..2026-11-27 vs 2025-11-01..2025-11-27'],
  ['why is my profit down this month', 'compare profit 2026-11-01..2026-11-27 vs 2026-10-01..2026-10-31'],
  ['have my wages gone up', 'compare wages 2026-08-01..2026-10-31 vs 2026-05-01..2026-07-31'],
  ['q2 vs q3 costs', 'compare costs 2026-07-01..2026-09-30 vs 2026-04-01..2026-06-30'],
  ['best month so far this year for takings', 'rank-month-top revenue 2026-01-01..2026-11-27'],
  ['which month had the worst profit last year', 'rank-month-bottom profit 2025-01-01..2025-12-31'],
  ['quietest day of the week', 'rank-weekday-bottom revenue 2025-11-01..2026-10-31'],
  ['where does most of my money go', 'rank-category-top costs 2025-11-01..2026-10-31'],
  ['what % of my turnover is rent', 'share category:Rent 2025-11-01..2026-10-31'],
  ['how much of my takings goes on wages', 'share staffCosts 2025-11-01..2026-10-31'],
  ['card fees as a percentage of sales in q3', 'share category:Card processing fees 2026-07-01..2026-09-30'],
  ['how many refunds did we do in october', 'count refunds 2026-10-01..2026-10-31'],
  ['number of card transactions last week', 'count cardPayments 2026-11-16..2026-11-22'],
  ['how many new customers in september', 'count newClients 2026-09-01..2026-09-30'],
  ['were there any refunds yesterday', 'list refunds 2026-11-26..2026-11-26'],
  ['breakdown of costs last month', 'breakdown costs 2026-10-01..2026-10-31'],
  ['stripe vs square vs sumup this month', 'breakdown revenue 2026-11-01..2026-11-27'],
  ['how much vat do i owe hmrc', 'vat:owed'],
  ['when do i have to pay my vat', 'vat:dueDate'],
  ['vat reclaimed this vat quarter', 'value vatInput 2026-10-01..2026-11-27'],
  ['am i over the vat limit', 'vat:threshold'],
  ['whats the balance of my account', 'cash:balance'],
  ['did my bank go up or down in september', 'cash:change'],
  ['am i gonna hit my target', 'goal:revenue'],
  ['how much a day do i need to reach my goal', 'goal:perDay'],
  ['am i hitting my goals', 'goal:all'],
  ['do my clients come back', 'retention:both'],
  ['who are my best customers', 'topClients'],
  ['hows business', 'overview'],
  ['how did the summer go', 'overview'],
  ['what if i take on a junior at £18k', 'whatIf'],
  ['if i put prices up by 3 percent what happens', 'whatIf'],
  ['what if we shut on sundays', 'whatIf'],
  ['what if i cut my stock bill by £200 a month', 'whatIf'],
  ['what did jess take on saturday', 'team:one'],
  ['which stylist brings in the most', 'team:rank'],
  ['who took the most in october', 'team:rank'],
  ['hows each stylist doing this month', 'team:breakdown'],
  ['what sells best', 'sold:rank'],
  ['which treatment makes me the most money', 'sold:rank'],
  ['how much did colour bring in last month', 'sold:one'],
  ['break down my sales by service for september', 'sold:breakdown'],
  ['how much did i spend on products this year', 'value category:Stock & supplies 2026-01-01..2026-11-27'],
  ['breakdown of my expenses by category', 'breakdown costs 2025-11-01..2026-10-31'],
  ['costs this vat quarter', 'value costs 2026-10-01..2026-11-27'],
  ["what were october's takings", 'value revenue 2026-10-01..2026-10-31'],
  ['how much did xmas take', 'value revenue 2025-12-01..2025-12-31'],
  ['hw much did i tak in octobr', 'value revenue 2026-10-01..2026-10-31'],
  ["what did sarah's salon take in october", 'decline:otherBusiness'],
  ['how much does the barbers next door make', 'decline:otherBusiness'],
  ['should i switch to a limited company', 'decline:advice'],
  ['move £500 to savings', 'decline:action'],
  ['what will i take next year', 'decline:forecast'],
  ['takings over half term', 'clarify:period'],
  ['qwerty asdf', 'clarify:unknown'],
  ['how much did we turn over in 2025', 'value revenue 2025-01-01..2025-12-31'],
  ['how much cash did we take on saturday', 'value revenue 2026-11-21..2026-11-21'],
  ['was september profitable', 'value profit 2026-09-01..2026-09-30'],
  ['why was september so bad', 'compare revenue,costs,profit 2026-09-01..2026-09-30 vs 2026-08-01..2026-08-31'],
  ['did we take more this summer or last summer', 'compare revenue 2026-06-01..2026-08-31 vs 2025-06-01..2025-08-31'],
  ['which month had the most refunds', 'rank-month-top refunds 2025-11-01..2026-10-31'],
  ['what did bt charge me this year', 'value payee:bt 2026-01-01..2026-11-27'],
  ['how much money did i have in the bank at the start of the month', 'cash:startOf'],
  ['how many customers have i lost', 'clientHabits:lapsed'],
  ['how many times do clients come back a year', 'clientHabits:frequency'],
  ['what did we make on black friday last year', 'value revenue 2025-11-28..2025-11-28'],
  ['total takings for the financial year', 'value revenue 2026-04-06..2026-11-27'],
  ['how much would i need to take to make 30k profit', 'whatIf'],
  ['who are my biggest suppliers this year', 'suppliers'],
  ["what was the retention of september's new clients", 'retention:new'],
];

describe('the reader', () => {
  it.each(CASES)('reads “%s”', (question, expected) => {
    expect(shape(read(question))).toBe(expected);
  });

  it('reads two-part questions part by part, the second keeping the first one’s period', () => {
    expect(shape(read('how much did we take in august and what did we spend'))).toBe(
      'value revenue 2026-08-01..2026-08-31 + value costs 2026-08-01..2026-08-31',
    );
  });

  it('keeps only what a follow-up leaves out', () => {
    const first = read('what were my costs in october');
    expect(shape(read('and september?', first))).toBe('value costs 2026-09-01..2026-09-30');
    expect(shape(read('what about takings?', first))).toBe('value revenue 2026-10-01..2026-10-31');
    expect(shape(read('and the quarter before?', read('wages in q3')))).toBe('value wages 2026-04-01..2026-06-30');
    expect(shape(read('and the month before?', first))).toBe('value costs 2026-09-01..2026-09-30');
    // A new question with its own period does not inherit the old one.
    expect(shape(read('profit last week', first))).toBe('value profit 2026-11-16..2026-11-22');
    // A follow-up about the team keeps the team and its period.
    const team = read('who took the most in october');
    const jade = read('and what about jade?', team);
    expect(jade).toMatchObject({ kind: 'team', which: 'one', name: 'jade' });
    expect(jade.kind === 'team' && jade.periods[0]?.from).toBe('2026-10-01');
  });
});
