import {
  type CardProcessor,
  type ComparedPeriod,
  PROCESSOR_NAMES,
  SALES_CATEGORIES,
  type TeamBreakdownResponse,
} from '@brade/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { toPounds } from './figures.js';
import { salesParts } from './sales-lines.js';

/** The categories whose items are services a team member did (not retail products or gift vouchers). */
const SERVICE_LINES = SALES_CATEGORIES.filter((c) => c.group === 'services').map((c) => c.key);

/** Processors that say who took a payment: Square's `team_member_id` (docs/providers.md, "Square"). */
const NAMING_PROCESSORS: readonly CardProcessor[] = ['square'];

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Sales by team member over a period (docs/finance.md, "Who sold it"): each member's sales net of VAT, the payments
 * they took, the services they did (items of a service category, by quantity), the distinct known clients they served
 * and their average ticket; the sales no processor attributed, so the lines add up to the period's sales (refunds are
 * not attributed: a refund names its payment, not who took it); and a sentence saying which processors name who
 * took a payment, or that none does.
 */
export async function teamBreakdown(
  db: Db,
  userId: string,
  period: ComparedPeriod,
): Promise<Omit<TeamBreakdownResponse, 'period'>> {
  const services = sql.join(
    SERVICE_LINES.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = rowsOf<{
    provider: string;
    member: string | null;
    name: string | null;
    net: string;
    payments: string;
    services: string;
    clients: string;
  }>(
    await db.execute(sql`
      select p.provider, p.team_member_id as member, min(m.name) as name, sum(p.net)::bigint as net,
        count(distinct p.transaction_id) as payments,
        coalesce(sum(p.quantity) filter (where p.line in (${services})), 0) as services,
        count(distinct p.client_id) filter (where p.payer_known and p.sale_purpose is null) as clients
      from ${salesParts(userId, period)} p
      left join ledger_team_members m on m.user_id = ${userId} and m.provider = p.provider
        and m.external_id = p.team_member_id
      where p.kind = 'sale'
      group by p.provider, p.team_member_id`),
  );
  const team = rows
    .filter((r) => r.member !== null)
    .map((r) => {
      const pence = Number(r.net);
      const payments = Number(r.payments);
      return {
        team_member_id: r.member!,
        name: r.name ?? `Team member …${r.member!.slice(-4)}`,
        provider: r.provider,
        sales: toPounds(pence),
        payments,
        services: Number(r.services),
        clients: Number(r.clients),
        average_ticket: payments === 0 ? null : toPounds(Math.round(pence / payments)),
      };
    })
    .sort((a, b) => b.sales - a.sales || a.name.localeCompare(b.name));
  const rest = rows.filter((r) => r.member === null);
  const withSales = [...new Set(rows.map((r) => r.provider))].filter((p): p is CardProcessor => p in PROCESSOR_NAMES);
  const naming = [...new Set(team.map((t) => t.provider))] as CardProcessor[];
  const silent = withSales.filter((p) => !naming.includes(p)).map((p) => PROCESSOR_NAMES[p]);
  const note =
    naming.length === 0
      ? `None of this month's sales says who took the payment. ${list(NAMING_PROCESSORS.map((p) => PROCESSOR_NAMES[p]))} names the team member who took each payment on its till; Stripe and SumUp never do.`
      : `${list(naming.map((p) => PROCESSOR_NAMES[p]))} names who took each payment on its till${silent.length > 0 ? `; ${list(silent)} ${silent.length === 1 ? 'does' : 'do'} not, so those sales are not attributed` : ''}.`;
  return {
    team,
    not_attributed: {
      sales: toPounds(rest.reduce((sum, r) => sum + Number(r.net), 0)),
      payments: rest.reduce((sum, r) => sum + Number(r.payments), 0),
    },
    note,
  };
}
