// How much of the bank statement the ledger's rule table recognises, by value and by count, per category
// (docs/finance.md, "Classification of bank lines"):
//   1. the demo salon's statement for a calendar year as each bank simulator serves it (Enable Banking, GoCardless),
//      through the app's own bank adapter transform and classify(), against the generator's truth;
//   2. the held-out statement lines (apps/server/src/test/held-out-statement-lines.ts), written from UK statement
//      wording and never fitted to, against the category and kind written beside each.
// Every category must be recognised for at least 95 % of its value; the exit code is 1 otherwise.
//   npx tsx bench/classification-coverage.mjs [--year 2026]
import { parseArgs } from 'node:util';
import { bookedRows as enableBankingRows } from '../apps/server/src/integrations/open-banking/enable-banking/enable-banking-transform.ts';
import { bookedRows as goCardlessRows } from '../apps/server/src/integrations/open-banking/gocardless/gocardless-transform.ts';
import { classify } from '../apps/server/src/ledger/classify.ts';
import { HELD_OUT_LINES } from '../apps/server/src/test/held-out-statement-lines.ts';
import { DEMO_SALON } from '../packages/sandbox/src/demo/demo-salon.ts';
import { generateSalonData } from '../packages/sandbox/src/salon-data/generate.ts';
import { feedTransaction } from '../packages/sandbox/src/simulators/enable-banking/statement.ts';
import { bookedTransaction } from '../packages/sandbox/src/simulators/gocardless/bank-statement-feed.ts';

const THRESHOLD = 0.95;
const { values } = parseArgs({ options: { year: { type: 'string', default: '2026' } } });

/** The generator's truth category → what the app must call it (either of a list, by the line's sign). */
const EXPECTED = {
  'Card payouts': ['Card payouts'],
  Rent: ['Rent'],
  'Business rates': ['Business rates'],
  Wages: ['Wages'],
  Pension: ['Pension contributions'],
  'PAYE/NI': ['PAYE and National Insurance'],
  VAT: ['VAT paid to HMRC'],
  'Stock & supplies': ['Stock & supplies'],
  Utilities: ['Utilities'],
  Insurance: ['Insurance'],
  Software: ['Software and subscriptions'],
  'Card terminal': ['Card terminals'],
  'Bank charges': ['Bank charges'],
  'Professional fees': ['Professional fees'],
  'Premises costs': ['Premises costs'],
  Licences: ['Licences and memberships'],
  Refreshments: ['Refreshments and sundries'],
  "Owner's savings": ["To the owner's savings", "From the owner's savings"],
  'Owner drawings': ['Owner drawings'],
  'Self Assessment': ['Self Assessment'],
  'Other income': ['Room rent', 'Other income', 'Interest received'],
};

const pounds = (pence) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function table(title, items) {
  const byCategory = new Map();
  for (const { truth, amountPence, right } of items) {
    const entry = byCategory.get(truth) ?? { count: 0, right: 0, value: 0, rightValue: 0 };
    entry.count += 1;
    entry.value += Math.abs(amountPence);
    if (right) {
      entry.right += 1;
      entry.rightValue += Math.abs(amountPence);
    }
    byCategory.set(truth, entry);
  }
  console.log(`\n${title}`);
  console.log(`  ${'category'.padEnd(34)} ${'value recognised'.padStart(30)} ${'count'.padStart(11)}`);
  let ok = true;
  for (const [category, e] of [...byCategory].sort((a, b) => b[1].value - a[1].value)) {
    const share = e.rightValue / e.value;
    ok &&= share >= THRESHOLD;
    console.log(
      `  ${category.padEnd(34)} ${`${pounds(e.rightValue)} of ${pounds(e.value)}`.padStart(30)} ${(share * 100).toFixed(1).padStart(5)} % ${`${e.right}/${e.count}`.padStart(9)}${share >= THRESHOLD ? '' : '  BELOW 95 %'}`,
    );
  }
  const misses = items.filter((i) => !i.right);
  for (const miss of misses.slice(0, 12)) console.log(`    missed: ${miss.truth} ← ${miss.line} → ${miss.got}`);
  return ok;
}

function demoStatement(year) {
  const data = generateSalonData({
    seed: DEMO_SALON.seed,
    salesPerDayScale: DEMO_SALON.salesPerDayScale,
    legalForm: DEMO_SALON.legalForm,
    from: `${year}-01-01`,
    to: `${year}-12-31`,
  });
  return data.bank;
}

function judged(records, rows) {
  if (rows.length !== records.length) throw new Error(`the adapter kept ${rows.length} of ${records.length} lines`);
  return records.map((record, i) => {
    const got = classify(rows[i]);
    return {
      truth: record.category,
      amountPence: record.amountPence,
      right: EXPECTED[record.category].includes(got.category),
      line: `${record.description} (${record.counterparty})`,
      got: `${got.category} / ${got.kind}`,
    };
  });
}

const records = demoStatement(values.year);
const viaEnableBanking = enableBankingRows(
  records.map((r) => feedTransaction(r, 'coverage', false)),
  'demo-account',
);
const viaGoCardless = goCardlessRows({ transactions: { booked: records.map(bookedTransaction), pending: [] } });
let ok = table(
  `Demo salon ${values.year}, Enable Banking feed through the app's adapter (${records.length} lines)`,
  judged(records, viaEnableBanking),
);
ok =
  table(`Demo salon ${values.year}, GoCardless feed through the app's adapter`, judged(records, viaGoCardless)) && ok;
ok =
  table(
    `Held-out statement lines (${HELD_OUT_LINES.length})`,
    HELD_OUT_LINES.map((held) => {
      const got = classify({
        provider: 'bank',
        externalId: 'held-out',
        occurredAt: new Date(),
        amountPence: held.amountPence,
        description: held.description,
        counterparty: held.counterparty,
        ...(held.code ? { bankCode: held.code } : {}),
      });
      return {
        truth: held.expected.category,
        amountPence: held.amountPence,
        right: got.category === held.expected.category && got.kind === held.expected.kind,
        line: held.description,
        got: `${got.category} / ${got.kind}`,
      };
    }),
  ) && ok;
process.exit(ok ? 0 : 1);
