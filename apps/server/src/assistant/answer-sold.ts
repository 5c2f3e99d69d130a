import { addMonths, monthOf } from '@brade/contract';
import { catalogueCategoryOf, DEFAULT_CATEGORY_NAMES } from '../ledger/service-catalogue.js';
import { when, withinBooks } from './answer-asks.js';
import { money, pct, plural } from './measures.js';
import { lastTwelveMonths, monthsPeriod, type Period, thisMonth } from './periods.js';
import type { Reading } from './reading.js';
import { type BooksContext, soldLines, type ToolContext, teamSales } from './tools.js';

/**
 * Answers on what was sold and who sold it (docs/assistant.md, "What was sold, who sold it"): from the sales report's
 * own lines (`salesByCategory`) and the Team breakdown (`teamBreakdown`), net of VAT, always with the honest part:
 * sales no processor itemised, and sales no processor says who took.
 */

type Sold = Extract<Reading, { kind: 'sold' }>;
type Team = Extract<Reading, { kind: 'team' }>;
type Lines = Awaited<ReturnType<typeof soldLines>>;

const capital = (t: string) => t.replace(/^./, (c) => c.toUpperCase());

/** Periods asked, else the default for the kind (docs/assistant.md, "Periods"), within the books. */
function periodsFor(asked: Period[], ranking: boolean, ctx: ToolContext, books: BooksContext) {
  const last = addMonths(monthOf(ctx.today), -1);
  const ps =
    asked.length > 0
      ? asked
      : ranking
        ? [lastTwelveMonths(ctx.today)]
        : [thisMonth(ctx.today), monthsPeriod(last, last, ctx.today, 'month')];
  return ps.map((p) => withinBooks(p, books.booksFrom, ctx.today));
}

/** What the lines without items mean, for the share of sales it is. */
function noItemsNote(l: Lines): string {
  if (l.noItemsPence <= 0 || l.salesPence <= 0) return '';
  const share = (l.noItemsPence / l.salesPence) * 100;
  const lines = l.lines.filter((x) => x.group === 'noItems' || x.group === 'payouts');
  return ` ${money(l.noItemsPence)} of your sales (${pct(share)}) came without item detail (${lines.map((x) => `${x.name} ${money(x.pence)}`).join(', ')}): card payments keyed as an amount, so no service can be named for them.`;
}

const stem = (w: string) =>
  w
    .toLowerCase()
    .replace(/\bcolor/g, 'colour')
    .replace(/\bhaircut/g, 'cut')
    .replace(/[^a-z ]/g, ' ')
    .replace(/(?:ies)\b/g, 'y')
    .replace(/(?<=[a-z]{3})s\b/g, '')
    .trim();

/** The category or items an owner's word names: a category whose name holds it, else items, else the catalogue's. */
function findNamed(l: Lines, word: string) {
  const w = stem(word);
  const words = (name: string) => stem(name).split(/\s+/);
  const category = l.lines.find(
    (x) => (x.group === 'services' || x.group === 'retail') && (stem(x.name) === w || words(x.name).includes(w)),
  );
  if (category) return { kind: 'category' as const, line: category };
  if (/^(?:retail|product)$/.test(w)) {
    const retail = l.lines.find((x) => x.group === 'retail');
    if (retail) return { kind: 'category' as const, line: retail };
  }
  const items = l.lines.flatMap((x) =>
    x.items.filter((i) => stem(i.name).includes(w)).map((i) => ({ ...i, category: x.name })),
  );
  if (items.length > 0) return { kind: 'items' as const, items };
  const key = catalogueCategoryOf(word);
  const byKey = key === 'other_services' ? undefined : l.lines.find((x) => x.key === key);
  if (byKey) return { kind: 'category' as const, line: byKey };
  return { kind: 'none' as const, name: key === 'other_services' ? word : DEFAULT_CATEGORY_NAMES[key] };
}

export async function soldAnswer(
  ctx: ToolContext,
  r: Sold,
  books: BooksContext,
): Promise<{ text: string; declined: boolean }> {
  const ranking = r.which !== 'one';
  const periods = periodsFor(r.periods, ranking, ctx, books);
  const texts: string[] = [];
  let declined = true;
  for (const { period, note } of periods) {
    const l = await soldLines(ctx, period);
    const tail = `${noItemsNote(l)}${note ? ` ${note}` : ''}`;
    if (l.salesPence === 0) {
      texts.push(`You had no sales ${when(period)}.${note ? ` ${note}` : ''}`);
      continue;
    }
    // Nothing itemised: no figure names a service, so none is given (docs/assistant.md, "What was sold, who sold it").
    if (l.itemisedPence === 0) {
      texts.push(
        `None of your sales ${when(period)} say what was sold: your card processors sent each payment as an amount without item detail, so I can't say which service or product it was. Square's till, SumUp's products and a booking page's service name it when they are used.`,
      );
      continue;
    }
    declined = false;
    if (r.which === 'one') {
      const parts = r.names.map((name) => {
        const found = findNamed(l, name);
        if (found.kind === 'category') {
          const top = found.line.items.slice(0, 3);
          return `${found.line.name} brought in ${money(found.line.pence)} ${when(period)} (${plural(found.line.transactions, 'sale')}, net of VAT, ${pct((found.line.pence / l.salesPence) * 100)} of your sales)${top.length > 0 ? `; its biggest items: ${top.map((i) => `${i.name} ${money(i.pence)}`).join(', ')}` : ''}.`;
        }
        if (found.kind === 'items') {
          const total = found.items.reduce((s, i) => s + i.pence, 0);
          return `${found.items.map((i) => `${i.name} (in ${i.category}) ${money(i.pence)}, ${plural(i.sold, 'sold', 'sold')}`).join('; ')}${found.items.length > 1 ? `: ${money(total)} together` : ''} ${when(period)}, net of VAT.`;
        }
        return `I can't see any ${found.name} sold ${when(period)}: no item or category of your sales has that name.`;
      });
      texts.push(`${parts.join(' ')}${tail}`);
      continue;
    }
    const groups =
      r.scope === 'services' ? ['services'] : r.scope === 'retail' ? ['retail'] : ['services', 'retail', 'vouchers'];
    const cats = l.lines.filter((x) => groups.includes(x.group) && x.pence > 0);
    const items = cats.flatMap((x) => x.items.filter((i) => i.pence > 0).map((i) => ({ ...i, category: x.name })));
    const order = <T extends { pence: number }>(xs: T[]) =>
      [...xs].sort((a, b) => (r.dir === 'bottom' ? a.pence - b.pence : b.pence - a.pence));
    const what = r.scope === 'services' ? 'services' : r.scope === 'retail' ? 'retail products' : 'sales';
    if (cats.length === 0) {
      texts.push(`None of your ${what} ${when(period)} were itemised, so I can't say what sold.${tail}`);
      continue;
    }
    if (r.which === 'breakdown') {
      texts.push(
        `Your ${what} ${when(period)} by category, net of VAT: ${cats.map((x) => `${x.name} ${money(x.pence)} (${plural(x.transactions, 'sale')})`).join('; ')}.${tail}`,
      );
      continue;
    }
    const n = r.n;
    const topCats = order(cats).slice(0, n);
    const topItems = order(items).slice(0, n);
    const word = r.dir === 'bottom' ? 'smallest' : 'biggest';
    texts.push(
      `${capital(when(period))}, by takings net of VAT, your ${word} ${r.scope === 'retail' ? 'retail lines' : 'categories'} were ${topCats.map((x, i) => `${i + 1}. ${x.name} ${money(x.pence)} (${plural(x.transactions, 'sale')})`).join(', ')}${topItems.length > 0 ? `; the ${word} single ${r.scope === 'retail' ? 'products' : 'items'}: ${topItems.map((x) => `${x.name} ${money(x.pence)} (${x.sold.toLocaleString('en-GB')} sold)`).join(', ')}` : ''}.${tail}`,
    );
  }
  return { text: texts.join(' '), declined };
}

/** Whether a name is a team member's: their first name, or their whole name. */
const matches = (member: string, name: string) => {
  const m = member.toLowerCase();
  return m === name || m.split(' ')[0] === name;
};

export async function teamAnswer(
  ctx: ToolContext,
  r: Team,
  books: BooksContext,
): Promise<{ text: string; declined: boolean }> {
  const periods = periodsFor(r.periods, r.which !== 'one', ctx, books);
  const texts: string[] = [];
  let declined = true;
  for (const { period, note } of periods) {
    const t = await teamSales(ctx, period);
    const total = t.team.reduce((s, m) => s + m.salesPence, 0) + t.notAttributedPence;
    const unnamed =
      t.notAttributedPence > 0
        ? ` ${money(t.notAttributedPence)} of sales${total > 0 ? ` (${pct((t.notAttributedPence / total) * 100)})` : ''} name nobody: only Square's till records who took a payment; Stripe and SumUp do not.`
        : '';
    const tail = `${unnamed}${note ? ` ${note}` : ''}`;
    if (t.team.length === 0) {
      texts.push(
        `None of your sales ${when(period)} say who took the payment, so I can't give takings by person. Square's till names the team member who takes each payment; Stripe and SumUp never do.`,
      );
      continue;
    }
    if (r.which === 'one') {
      const name = (r.name ?? '').toLowerCase();
      const member = t.team.find((m) => matches(m.name, name));
      if (!member) {
        texts.push(
          `I can't find anyone called ${capital(name)} among the team members your card processors name ${when(period)} (${t.team.map((m) => m.name).join(', ')}), so I can't give their takings.`,
        );
        continue;
      }
      declined = false;
      texts.push(
        `${member.name} took ${money(member.salesPence)} ${when(period)} (net of VAT): ${plural(member.payments, 'payment')}${member.services > 0 ? `, ${plural(member.services, 'service')}` : ''}${member.averageTicketPence === null ? '' : `, an average ticket of ${money(member.averageTicketPence)}`}, at the Square till.${tail}`,
      );
      continue;
    }
    declined = false;
    const order = [...t.team].sort((a, b) =>
      r.dir === 'bottom' ? a.salesPence - b.salesPence : b.salesPence - a.salesPence,
    );
    texts.push(
      `${capital(when(period))}, by sales taken (net of VAT): ${order.map((m, i) => `${i + 1}. ${m.name} ${money(m.salesPence)} (${plural(m.payments, 'payment')})`).join(', ')}.${tail}`,
    );
  }
  return { text: texts.join(' '), declined };
}
