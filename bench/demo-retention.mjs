// The demo salon's new clients and retention, by the generator's truth and as the app measures them, in seconds
// (docs/sandbox.md, "Clients and retention"; definitions in docs/finance.md, "Clients" and "Retention"):
//   - truth: every service the generator made (a visit paid at the Square or SumUp till, a gift voucher spent),
//     keyed by the generator's own client id;
//   - as the app measures: the same payments with only the payer identity each processor's API shows (Stripe: its
//     customer id, the card's fingerprint and the billing e-mail; Square: its customer id, the fingerprint and the
//     buyer's e-mail when the client is in its directory; SumUp: nothing; a voucher tender: nothing), linked into
//     people by the app's own ledger/clients.ts and measured by its own ledger/retention.ts.
// The demo's books reach back to the first of the month 17 months before today, as the demo account imports them.
// bench/drivers/demo-retention.ts checks the "as the app measures" figures through a real import.
//   npx tsx bench/demo-retention.mjs [--today 2026-11-27] [--seed brade-demo-salon] [--scale 0.3]
import { parseArgs } from 'node:util';
import { assignClientIds } from '../apps/server/src/ledger/clients.ts';
import { retentionFromVisits } from '../apps/server/src/ledger/retention.ts';
import { DEMO_HISTORY_MONTHS, DEMO_SALON } from '../packages/sandbox/src/demo/demo-salon.ts';
import { generateSalonData } from '../packages/sandbox/src/salon-data/generate.ts';
import { londonDateOf } from '../packages/sandbox/src/salon-data/london-time.ts';
import { cardholderEmail } from '../packages/sandbox/src/simulators/common/card-sim-cardholders.ts';

export async function measureDemoRetention(options = {}) {
  const today = options.today ?? '2026-11-27';
  const seed = options.seed ?? DEMO_SALON.seed;
  const scale = options.scale ?? DEMO_SALON.salesPerDayScale;
  const [year, month] = today.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 1 - DEMO_HISTORY_MONTHS, 1)).toISOString().slice(0, 10);
  const started = performance.now();
  const data = generateSalonData({ seed, from: start, to: today, salesPerDayScale: scale });
  const generatedMs = performance.now() - started;

  // Every sale and voucher tender as client identity sees it.
  const rows = [];
  for (const p of data.payments) {
    const email =
      p.processor === 'stripe'
        ? cardholderEmail(p.clientId)
        : p.processor === 'square' && p.customerId
          ? cardholderEmail(p.clientId)
          : null;
    rows.push({
      id: p.id,
      provider: p.processor,
      externalId: p.id,
      payerCustomerKey: p.processor !== 'sumup' && p.customerId ? `${p.processor}:${p.customerId}` : null,
      payerCardKey: p.processor !== 'sumup' ? `${p.processor}:${p.cardFingerprint}` : null,
      payerEmailKey: email,
      service: p.purpose === null,
      truth: p.clientId,
      day: londonDateOf(p.occurredAt),
    });
  }
  for (const r of data.redemptions) {
    rows.push({
      id: r.id,
      provider: 'square',
      externalId: r.id,
      payerCustomerKey: null,
      payerCardKey: null,
      payerEmailKey: null,
      service: true,
      truth: r.clientId,
      day: londonDateOf(r.occurredAt),
    });
  }
  const ids = assignClientIds(rows);
  const services = rows.filter((r) => r.service);
  const identified = (r) => r.payerCustomerKey || r.payerCardKey || r.payerEmailKey;
  const truthVisits = services.map((r) => ({ client: r.truth, day: r.day }));
  const appVisits = services.filter(identified).map((r) => ({ client: ids.get(r.id), day: r.day }));
  const truth = retentionFromVisits(truthVisits, today);
  const measured = retentionFromVisits(appVisits, today);

  // Clients per month: people the generator knows, and the app's count (an anonymous payer is a client of their own).
  const perMonth = new Map();
  for (const r of services) {
    const m = r.day.slice(0, 7);
    const entry = perMonth.get(m) ?? { people: new Set(), app: new Set() };
    entry.people.add(r.truth);
    entry.app.add(ids.get(r.id));
    perMonth.set(m, entry);
  }
  // Who the new clients are (truth), by the kind of client id: booked (cl_), walk-in (wi_), bridal party (wd_), a
  // voucher's recipient (gr_); and how many of each came back within 90 days.
  const firstAndNext = new Map();
  for (const v of [...truthVisits].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    const entry = firstAndNext.get(v.client);
    if (!entry) firstAndNext.set(v.client, { first: v.day, next: null });
    else if (entry.next === null && v.day > entry.first) entry.next = v.day;
  }
  const within90 = (first, next) => next !== null && (Date.parse(next) - Date.parse(first)) / 86_400_000 <= 90;
  const shownMonths = new Set(truth.new_client.map((m) => m.month));
  const byKind = new Map();
  for (const [client, { first, next }] of firstAndNext) {
    if (!shownMonths.has(first.slice(0, 7))) continue;
    const kind = client.slice(0, 3);
    const entry = byKind.get(kind) ?? { count: 0, back: 0, later: 0 };
    entry.count += 1;
    if (within90(first, next)) entry.back += 1;
    else if (next !== null) entry.later += 1;
    byKind.set(kind, entry);
  }

  // Existing-client retention (the reference's third figure, not one the app shows): of the clients seen in the 90
  // days up to a month's end whose first visit was before those 90 days, the share seen again in the 90 days after.
  const existing = (visits, date) => {
    const days = new Map();
    for (const v of visits) days.set(v.client, [...(days.get(v.client) ?? []), v.day]);
    const end = Date.parse(date);
    const offset = (day) => (Date.parse(day) - end) / 86_400_000;
    let seen = 0;
    let again = 0;
    for (const list of days.values()) {
      const d = list.map(offset);
      if (!d.some((x) => x > -90 && x <= 0) || !d.some((x) => x <= -90)) continue;
      seen += 1;
      if (d.some((x) => x > 0 && x <= 90)) again += 1;
    }
    return seen === 0 ? null : (100 * again) / seen;
  };
  const pct = (x) => (x === null ? '  –  ' : `${x.toFixed(1).padStart(5)} %`);
  console.log(`Demo salon retention (seed ${seed}, scale ${scale}), history ${start} to ${today}`);
  console.log(`  generated in ${(generatedMs / 1000).toFixed(1)} s`);
  console.log('  month    people  app clients  (clients with a service)');
  for (const [m, e] of [...perMonth].sort())
    console.log(`  ${m}  ${String(e.people.size).padStart(6)}  ${String(e.app.size).padStart(11)}`);
  console.log('  new-client retention: truth (returned of new)   as the app measures');
  truth.new_client.forEach((t, i) => {
    const a = measured.new_client[i];
    console.log(
      `    ${t.month}  ${pct(t.percent)} (${t.returned} of ${t.new_clients})   ${pct(a?.percent ?? null)} (${a?.returned} of ${a?.new_clients})`,
    );
  });
  const sumOf = (list, key) => list.reduce((s, m) => s + m[key], 0);
  const yearTruth = (100 * sumOf(truth.new_client, 'returned')) / sumOf(truth.new_client, 'new_clients');
  const yearApp = (100 * sumOf(measured.new_client, 'returned')) / sumOf(measured.new_client, 'new_clients');
  console.log(`    6 months  ${pct(yearTruth)}   ${pct(yearApp)}`);
  console.log('  new clients of those months by kind (truth): back within 90 days, back later');
  for (const [kind, e] of [...byKind].sort())
    console.log(
      `    ${kind}  ${String(e.count).padStart(4)}  ${String(e.back).padStart(4)} (${pct((100 * e.back) / e.count)})  ${String(e.later).padStart(4)}`,
    );
  console.log('  overall retention: truth   as the app measures');
  truth.overall.forEach((t, i) => {
    const a = measured.overall[i];
    console.log(
      `    ${t.date}  ${pct(t.percent)} (${t.seen_again} of ${t.clients})   ${pct(a?.percent ?? null)} (${a?.seen_again} of ${a?.clients})`,
    );
  });
  console.log('  existing-client retention: truth   as the app measures');
  for (const t of truth.overall)
    console.log(`    ${t.date}  ${pct(existing(truthVisits, t.date))}   ${pct(existing(appVisits, t.date))}`);
  return { truth, measured, yearTruth, yearApp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { today: { type: 'string' }, seed: { type: 'string' }, scale: { type: 'string' } },
  });
  await measureDemoRetention({
    today: values.today,
    seed: values.seed,
    scale: values.scale === undefined ? undefined : Number(values.scale),
  });
}
