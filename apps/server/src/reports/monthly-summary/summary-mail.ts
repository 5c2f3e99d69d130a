import { addMonths, formatPence, formatPercentChange, monthName } from '@brade/contract';
import { dueWords } from '../../hmrc/income-tax/deadlines.js';
import { escapeHtml } from '../../mail/escape-html.js';
import { layout, type MailAttachment, type MailContent } from '../../mail/templates.js';
import type { GoalsMet, SummaryFigures } from './summary-figures.js';

/** 'November 2026' for '2026-11'. */
export function longMonth(month: string): string {
  return `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
}

/** '7 May 2026'. */
const longDay = (day: string) => `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;

const change = (value: number | null, previousMonth: string) =>
  value === null ? `nothing in ${previousMonth} to compare with` : `${formatPercentChange(value)} on ${previousMonth}`;

const margin = (percent: number | null) => (percent === null ? 'no revenue' : `${percent.toFixed(1)}%`);

function marginChange(points: number | null, previousMonth: string): string {
  if (points === null) return `nothing in ${previousMonth} to compare with`;
  // Same rounding and sign rule as the percent changes, but a margin moves in percentage points.
  return `${formatPercentChange(points).replace('%', '')} points on ${previousMonth}`;
}

const metWord = (met: boolean) => (met ? 'met' : 'not met');

/** 'room rent; October: £480.00': what the other income was, so the owner sees why net income exceeds the lines. */
function otherIncomeNote(categories: readonly string[], previousMonth: string, previousPence: number): string {
  const what = categories.map((category) => category.charAt(0).toLowerCase() + category.slice(1)).join(', ');
  const before = `${previousMonth}: ${formatPence(previousPence)}`;
  return what ? `${what}; ${before}` : before;
}

/** Said instead of the goal lines to an owner who never saved goals: nothing to judge the month against. */
export const NO_GOALS_SET = 'You have not set your goals yet: set them in Settings to see each month against them.';

/**
 * One line per goal (docs/finance.md, "Goal progress"): whether the month met it, with the figure against the goal.
 * Retention names its month: the latest whose new clients have had their 90 days, not the month summarised.
 */
export function goalLines(goals: GoalsMet): Array<[string, string, string]> {
  const { margin, revenue, retention } = goals;
  return [
    margin.met === null || margin.percent === null
      ? ['Margin goal', 'not measured', `no revenue, goal ${margin.goal}%`]
      : ['Margin goal', metWord(margin.met), `${margin.percent.toFixed(1)}% against a goal of ${margin.goal}%`],
    [
      'Revenue target',
      metWord(revenue.met),
      `${formatPence(revenue.revenuePence)} against a target of ${formatPence(revenue.targetPence)}`,
    ],
    retention === null
      ? ['New-client retention goal', 'not measured yet', 'clients need 90 days to come back']
      : [
          'New-client retention goal',
          metWord(retention.met),
          `${retention.percent.toFixed(1)}% of ${longMonth(retention.month)}'s new clients came back within 90 days, against a goal of ${retention.goal}%`,
        ],
  ];
}

const TABLE =
  '<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:8px 0 16px">';

const tableRows = (rows: Array<[string, string, string]>) =>
  rows
    .map(
      ([label, value, note]) => `<tr><td style="padding:8px 0;border-bottom:1px solid #f0c6d9">${escapeHtml(label)}</td>
<td style="padding:8px 0;border-bottom:1px solid #f0c6d9;text-align:right;font-weight:bold">${escapeHtml(value)}</td>
<td style="padding:8px 0 8px 12px;border-bottom:1px solid #f0c6d9;text-align:right;color:#6b5560;font-size:13px">${escapeHtml(note)}</td></tr>`,
    )
    .join('\n');

/**
 * The Monthly Summary (docs/architecture.md, "E-mails"): last month's revenue, expenses, net income and margin
 * (docs/finance.md), each against the month before, with the income statement PDF attached.
 */
export function monthlySummaryMail(
  input: { fullName: string; salonName: string; figures: SummaryFigures; settingsUrl: string },
  pdf: MailAttachment,
): MailContent {
  const first = input.fullName.split(' ')[0] ?? input.fullName;
  const { figures } = input;
  const month = longMonth(figures.month);
  const previous = monthName(Number(addMonths(figures.month, -1).slice(5, 7)));
  const lines: Array<[string, string, string]> = [
    ['Revenue', formatPence(figures.current.revenuePence), change(figures.change.revenue, previous)],
    // Net income counts other income too: shown whenever either month had any, so the lines add up.
    ...(figures.current.otherIncomePence !== 0 || figures.previous.otherIncomePence !== 0
      ? [
          [
            'Other income',
            formatPence(figures.current.otherIncomePence),
            otherIncomeNote(figures.current.otherIncomeCategories ?? [], previous, figures.previous.otherIncomePence),
          ] as [string, string, string],
        ]
      : []),
    ['Expenses', formatPence(figures.current.expensesPence), change(figures.change.expenses, previous)],
    ['Net income', formatPence(figures.current.netIncomePence), change(figures.change.netIncome, previous)],
    ['Margin', margin(figures.current.marginPercent), marginChange(figures.marginPoints, previous)],
    // Beyond the spec: a VAT quarter ended with the month (docs/finance.md, "VAT").
    ...(figures.vat
      ? [
          [
            'VAT due',
            formatPence(figures.vat.duePence),
            `for ${longDay(figures.vat.from)} to ${longDay(figures.vat.to)}, due by ${longDay(figures.vat.dueBy)}`,
          ] as [string, string, string],
        ]
      : []),
    // Beyond the spec: a VAT return HMRC shows open, due within the week (docs/hmrc.md, "Reminders").
    ...(figures.vatReturnDue
      ? [
          [
            'VAT return due in 7 days',
            `by ${longDay(figures.vatReturnDue.due)}`,
            `for ${longDay(figures.vatReturnDue.start)} to ${longDay(figures.vatReturnDue.end)}: file it from Brade`,
          ] as [string, string, string],
        ]
      : []),
    // Beyond the spec: a sole trader's quarterly updates to send (docs/finance.md, "Income Tax").
    ...(figures.updatesDue ?? []).map(
      (update) =>
        [
          dueWords(update),
          `${longDay(update.start)} to ${longDay(update.end)}`,
          'send it from Reports → Quarterly update',
        ] as [string, string, string],
    ),
  ];
  // Beyond the spec: which goals the month met (docs/finance.md, "Goal progress").
  const goals = figures.goals ? goalLines(figures.goals) : [];
  const goalsTitle = `Your goals in ${month}`;
  const unset = figures.goals === null;
  const goalsText = goals.length
    ? `\n\n${goalsTitle}:\n${goals.map(([label, value, note]) => `${label}: ${value} (${note})`).join('\n')}`
    : unset
      ? `\n\n${NO_GOALS_SET}`
      : '';
  const intro = `Here is how ${input.salonName} did in ${month}, in money received and paid.`;
  const attached = `The income statement for ${month} is attached (${pdf.filename}).`;
  const optOut = 'You can turn the Monthly Summary off in Settings';
  return {
    subject: `Your Brade summary for ${month}`,
    text: `Hello ${first},\n\n${intro}\n\n${lines.map(([label, value, note]) => `${label}: ${value} (${note})`).join('\n')}${goalsText}\n\n${attached}\n\n${optOut}: ${input.settingsUrl}\n`,
    html: layout(
      `Your Brade summary for ${month}`,
      `<p>Hello ${escapeHtml(first)},</p><p>${escapeHtml(intro)}</p>
${TABLE}
${tableRows(lines)}
</table>${
        goals.length
          ? `\n<p style="margin:16px 0 0;font-weight:bold">${escapeHtml(goalsTitle)}</p>\n${TABLE}\n${tableRows(goals)}\n</table>`
          : unset
            ? `\n<p>${escapeHtml(NO_GOALS_SET)}</p>`
            : ''
      }
<p>${escapeHtml(attached)}</p>
<p style="font-size:13px;color:#6b5560">${optOut} (<a href="${escapeHtml(input.settingsUrl)}">open Settings</a>).</p>`,
    ),
    attachments: [pdf],
  };
}
