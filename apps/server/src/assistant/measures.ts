import { formatPence } from '@brade/contract';
import type { Period } from './periods.js';
import type { Metric } from './reading.js';
import {
  cardFigures,
  clientCoverage,
  clients,
  expenseCategories,
  giftVouchers,
  matchingTransactions,
  monthSummary,
  otherIncomeLines,
  ownerMoney,
  STAFF_LINES,
  type ToolContext,
  takingsIncludingVat,
  vatOfPeriod,
  vatPaid,
} from './tools.js';

/**
 * One measure of one period, from the tools (docs/assistant.md, "Measures"): the figure, what it counts in words,
 * and any note the owner needs beside it (wages are net pay; drawings are not a cost).
 */
export interface Measured {
  /** Money (pence), a count, or a percentage: whichever the measure is. */
  pence?: number;
  count?: number;
  percent?: number | null;
  /** "takings (sales less refunds, net of VAT)". */
  name: string;
  /** A sentence that belongs with the figure. */
  note?: string;
  /** Extra figures the sentence may state (the parts of a total). */
  parts?: Array<{ name: string; pence: number }>;
}

export const money = (pence: number) => formatPence(Math.abs(Math.round(pence)));
export const signedMoney = (pence: number) => (pence < 0 ? `-${money(pence)}` : money(pence));
export const pct = (x: number) => `${Math.abs(x).toFixed(1)}%`;
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * What a client figure is measured on (docs/finance.md, "Clients"): clients are people known from the payer a
 * processor gives, so the share of takings for services that could be tied to a person is said beside it.
 */
export const coverageNote = (percent: number) =>
  percent >= 100
    ? 'Every payment for a service could be tied to a person.'
    : `Clients are people Brade recognises from their card payments: ${percent}% of your takings for services could be tied to a person, so anyone who paid otherwise (SumUp, cash) is not counted.`;

/** The short name of a measure, for lists and comparisons. */
export function metricName(m: Metric): string {
  switch (m.id) {
    case 'revenue':
      return 'takings';
    case 'grossTakings':
      return 'takings including VAT';
    case 'grossSales':
      return 'card sales before refunds';
    case 'netCardTakings':
      return 'card takings after fees';
    case 'otherIncome':
      return 'other income';
    case 'chairRent':
      return 'chair and room rent';
    case 'income':
      return 'income (takings plus other income)';
    case 'costs':
      return 'costs';
    case 'profit':
      return 'profit';
    case 'margin':
      return 'margin';
    case 'staffCosts':
      return 'staff costs';
    case 'wages':
      return 'wages';
    case 'category':
      return m.category === 'Card processing fees'
        ? 'card fees'
        : (m.category ?? 'that category').toLowerCase().replace(/^paye/, 'PAYE');
    case 'payee':
      return `payments to ${m.payee}`;
    case 'ownerMoney':
      return "owner's drawings";
    case 'afterDrawings':
      return 'profit after your drawings';
    case 'refunds':
      return 'refunds';
    case 'cardPayments':
      return 'card payments';
    case 'clients':
      return 'clients';
    case 'newClients':
      return 'new clients';
    case 'avgSpend':
      return 'revenue per client';
    case 'vouchersSold':
      return 'gift vouchers sold';
    case 'vouchersRedeemed':
      return 'gift vouchers spent';
    case 'vouchersOutstanding':
      return 'gift vouchers still to be spent';
    case 'vatPaid':
      return 'VAT paid to HMRC';
    case 'vatOutput':
      return 'VAT charged on sales';
    case 'vatInput':
      return 'VAT you can reclaim';
  }
}

/** A payee's words searched as typed, else word by word (longest first), as the transactions screen's search does. */
async function payeeSpend(ctx: ToolContext, text: string, period: Period) {
  const candidates = [
    text,
    ...text
      .split(' ')
      .filter((w) => w.length >= 4 && !GENERIC.has(w))
      .sort((a, b) => b.length - a.length),
  ];
  // Every candidate at once: the first that finds money paid out wins.
  const tried = [...new Set(candidates)];
  const results = await Promise.all(tried.map((c) => matchingTransactions(ctx, c, period)));
  for (const [i, r] of results.entries()) {
    const out = r.rows.filter((row) => row.pence < 0);
    if (r.count > 0 && out.length > 0) {
      const names = [...new Set(out.map((row) => row.counterparty ?? row.description))].slice(0, 3);
      return { matched: tried[i]!, pence: -r.totalPence, count: r.count, names };
    }
  }
  return null;
}
const GENERIC = new Set([
  'beauty',
  'salon',
  'salons',
  'services',
  'service',
  'limited',
  'ltd',
  'group',
  'company',
  'hair',
  'supplies',
  'direct',
  'the',
]);

/** The figure of one measure over one period. */
export async function measure(ctx: ToolContext, m: Metric, period: Period): Promise<Measured> {
  switch (m.id) {
    case 'revenue': {
      const s = await monthSummary(ctx, period, { clients: false });
      return { pence: s.revenuePence, name: 'takings (sales less refunds, net of VAT)' };
    }
    case 'grossTakings': {
      const g = await takingsIncludingVat(ctx, period);
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        pence: g.takingsPence,
        name: 'takings including VAT (what clients paid, less refunds)',
        note: `Net of VAT that is ${money(s.revenuePence)}.`,
        parts: [{ name: 'net of VAT', pence: s.revenuePence }],
      };
    }
    case 'grossSales': {
      const g = await takingsIncludingVat(ctx, period);
      return { pence: g.salesPence, name: 'sales before refunds (as paid)' };
    }
    case 'netCardTakings': {
      const c = await cardFigures(ctx, period);
      return {
        pence: c.landedPence,
        name: 'card takings after fees (card sales less refunds less card fees, as paid)',
        note: `That is ${money(c.salesGrossPence)} of card sales, less ${money(c.refundsGrossPence)} of refunds and ${money(c.feesPence)} of card fees.`,
        parts: [
          { name: 'card sales', pence: c.salesGrossPence },
          { name: 'refunds', pence: c.refundsGrossPence },
          { name: 'card fees deducted', pence: c.feesPence },
        ],
      };
    }
    case 'otherIncome': {
      const s = await monthSummary(ctx, period, { clients: false });
      const lines = await otherIncomeLines(ctx, period);
      return {
        pence: s.otherIncomePence,
        name: 'other income (money in that is not card takings: chair and room rent, interest)',
        ...(lines.length > 0
          ? { note: `By line: ${lines.map((l) => `${l.name} ${money(l.pence)}`).join(', ')}.` }
          : {}),
        parts: lines.map((l) => ({ name: l.name, pence: l.pence })),
      };
    }
    case 'chairRent': {
      const lines = await otherIncomeLines(ctx, period);
      return { pence: lines.find((l) => l.name === 'Room rent')?.pence ?? 0, name: 'chair and room rent received' };
    }
    case 'income': {
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        pence: s.incomePence,
        name: 'income (takings plus other income)',
        note: `That is ${money(s.revenuePence)} of takings and ${money(s.otherIncomePence)} of other income such as chair rent.`,
        parts: [
          { name: 'takings', pence: s.revenuePence },
          { name: 'other income', pence: s.otherIncomePence },
        ],
      };
    }
    case 'costs': {
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        pence: s.expensesPence,
        name: 'costs (every expense and card fees, net of reclaimable VAT; drawings and VAT paid to HMRC are not costs)',
      };
    }
    case 'profit': {
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        pence: s.netIncomePence,
        name: 'profit (takings and other income less costs, before tax; drawings are not deducted)',
        parts: [
          { name: 'income', pence: s.incomePence },
          { name: 'costs', pence: s.expensesPence },
        ],
      };
    }
    case 'margin': {
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        percent: s.marginPercent,
        name: "margin (profit as a share of takings, as Brade's reports work it out)",
        parts: [
          { name: 'profit', pence: s.netIncomePence },
          { name: 'takings', pence: s.revenuePence },
        ],
      };
    }
    case 'staffCosts':
    case 'wages': {
      const lines = await expenseCategories(ctx, period);
      const of = (name: string) => lines.find((l) => l.name === name)?.pence ?? 0;
      const [wages, paye, pension] = STAFF_LINES.map(of) as [number, number, number];
      const total = wages + paye + pension;
      const split = `wages (net pay) ${money(wages)}, PAYE and National Insurance ${money(paye)}, pension contributions ${money(pension)}`;
      if (m.id === 'wages') {
        return {
          pence: wages,
          name: 'wages (the net pay your staff received)',
          note: `PAYE and National Insurance (${money(paye)}) and pension contributions (${money(pension)}) are separate lines, so your full staff cost was ${money(total)}.`,
          parts: [
            { name: 'PAYE and National Insurance', pence: paye },
            { name: 'pension contributions', pence: pension },
            { name: 'staff costs', pence: total },
          ],
        };
      }
      return {
        pence: total,
        name: 'staff costs (wages, PAYE and National Insurance, and pension contributions)',
        note: `That is ${split}.`,
        parts: [
          { name: 'wages', pence: wages },
          { name: 'PAYE and National Insurance', pence: paye },
          { name: 'pension contributions', pence: pension },
        ],
      };
    }
    case 'category': {
      const lines = await expenseCategories(ctx, period);
      const line = lines.find((l) => l.name === m.category);
      const name =
        m.category === 'Card processing fees' ? 'card processing fees' : `${m.category} (the expense category)`;
      const count = line?.transactions ?? 0;
      return {
        pence: line?.pence ?? 0,
        name,
        ...(count > 0 ? { note: `That is ${plural(count, 'payment')}.` } : {}),
      };
    }
    case 'payee': {
      const found = await payeeSpend(ctx, m.payee ?? '', period);
      if (!found)
        return {
          pence: 0,
          name: `payments to “${m.payee}”`,
          note: `I found no payments to anyone matching “${m.payee}”.`,
        };
      return {
        pence: found.pence,
        name: `payments to ${found.names.join(', ')} (matching “${found.matched}”)`,
        note: `That is ${plural(found.count, 'transaction')}, as paid.`,
      };
    }
    case 'ownerMoney':
    case 'afterDrawings': {
      const lines = await ownerMoney(ctx, period);
      const out = lines.filter((l) => l.pence < 0);
      const drawings = -(lines.find((l) => l.name === 'Owner drawings')?.pence ?? 0);
      const toSavings = -(lines.find((l) => l.name === "To the owner's savings")?.pence ?? 0);
      const taken = -out.reduce((s, l) => s + l.pence, 0);
      const parts = out.map((l) => `${l.name.toLowerCase()} ${money(l.pence)}`).join(', ');
      const note = `${parts ? `By line: ${parts}. ` : ''}Drawings are not a business cost: they come out of profit, not before it.`;
      if (m.id === 'ownerMoney') {
        return {
          pence: taken,
          name: 'money taken out (drawings, transfers to your savings, Self Assessment)',
          note,
          parts: [
            { name: 'drawings', pence: drawings },
            { name: 'to savings', pence: toSavings },
          ],
        };
      }
      const s = await monthSummary(ctx, period, { clients: false });
      return {
        pence: s.netIncomePence - taken,
        name: 'profit left after the money you took out',
        note: `Profit was ${signedMoney(s.netIncomePence)} and you took out ${money(taken)}. Drawings are not a business cost, so they come out of profit.`,
        parts: [
          { name: 'profit', pence: s.netIncomePence },
          { name: 'taken out', pence: taken },
        ],
      };
    }
    case 'refunds': {
      const c = await cardFigures(ctx, period);
      return {
        pence: c.refundsGrossPence,
        count: c.refunds,
        name: 'refunds (as refunded, VAT included)',
        note: `${plural(c.refunds, 'refund')}; net of VAT ${money(c.refundsNetPence)}.`,
        parts: [{ name: 'net of VAT', pence: c.refundsNetPence }],
      };
    }
    case 'cardPayments': {
      const c = await cardFigures(ctx, period);
      return {
        count: c.payments,
        name: 'card payments (sales through Stripe, Square and SumUp; refunds not counted)',
        note: `They came to ${money(c.salesGrossPence)} as paid.`,
        parts: [{ name: 'card sales', pence: c.salesGrossPence }],
      };
    }
    case 'clients': {
      const c = await clientCoverage(ctx, period);
      return {
        count: c.clients,
        name: 'clients (people who had a service, recognised from their card payments)',
        ...(c.knownPayerPercent === null ? {} : { note: coverageNote(c.knownPayerPercent) }),
      };
    }
    case 'newClients': {
      const [c, coverage] = await Promise.all([clients(ctx, period), clientCoverage(ctx, period)]);
      return {
        count: c.newClients,
        name: 'new clients (people whose first recognised card payment was in the period)',
        ...(coverage.knownPayerPercent === null ? {} : { note: coverageNote(coverage.knownPayerPercent) }),
      };
    }
    case 'avgSpend': {
      const c = await clientCoverage(ctx, period);
      return {
        pence: c.revenuePerClientPence ?? 0,
        name: "revenue per client (the dashboard tile's figure: takings for services from the clients Brade recognises, net of VAT, divided by those clients)",
        note: `That is over ${plural(c.clients, 'client')}.${c.knownPayerPercent === null ? '' : ` ${coverageNote(c.knownPayerPercent)}`}`,
        count: c.clients,
      };
    }
    case 'vouchersSold': {
      const v = await giftVouchers(ctx, period);
      return {
        count: v.sold,
        pence: v.soldGrossPence,
        name: 'gift vouchers sold',
        note: `They came to ${money(v.soldGrossPence)} as paid.`,
      };
    }
    case 'vouchersRedeemed': {
      const v = await giftVouchers(ctx, period);
      return {
        count: v.redeemed,
        pence: v.redeemedPence,
        name: 'gift vouchers spent',
        note: `Services worth ${money(v.redeemedPence)} were paid with them.`,
      };
    }
    case 'vouchersOutstanding': {
      const v = await giftVouchers(ctx, period);
      return {
        pence: v.soldGrossPence - v.redeemedPence,
        name: 'gift vouchers sold but not yet spent',
        note: `${plural(v.sold, 'voucher')} sold for ${money(v.soldGrossPence)}, ${plural(v.redeemed, 'voucher')} spent for ${money(v.redeemedPence)}. Vouchers bought before your books began are not counted.`,
        parts: [
          { name: 'sold', pence: v.soldGrossPence },
          { name: 'spent', pence: v.redeemedPence },
        ],
      };
    }
    case 'vatPaid': {
      const v = await vatPaid(ctx, period);
      return {
        pence: v.pence,
        name: 'VAT paid to HMRC (less any repayments)',
        ...(v.payments.length > 0
          ? {
              note: `${plural(v.payments.length, 'payment')}, on ${v.payments.map((p) => p.day.split('-').reverse().join('/')).join(', ')}.`,
            }
          : {}),
      };
    }
    case 'vatOutput': {
      const v = await vatOfPeriod(ctx, period);
      return { pence: v.outputPence, name: 'VAT charged on your sales and other income (output VAT)' };
    }
    case 'vatInput': {
      const v = await vatOfPeriod(ctx, period);
      return { pence: v.inputPence, name: 'VAT you can reclaim on your costs (input VAT)' };
    }
  }
}
