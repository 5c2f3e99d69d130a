import { DEMO_ACCOUNT, type FinancialGoals, type UpdateVatSettingsRequest } from '@brade/contract';
import type { Logger } from 'pino';
import { findUserByEmail } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import type { TokenCipher } from '../integrations/token-cipher.js';
import { saveVatSettings } from '../ledger/vat-settings-change.js';
import type { DemoSandbox } from '../sandbox/demo-sandbox.js';
import { saveFinancialGoals } from '../settings/financial-goals.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { ensureDemoConnections } from './demo-connections.js';
import { seedDemoAccount } from './seed-demo-account.js';

/**
 * What the demo salon's owner would set (docs/sandbox.md): a 15% margin, the "healthy" end UK salon coaches aim
 * for (the spec's 7–9% reference reads as low but typical); £11,500 a month, a little above the salon's average
 * month net of VAT (about £11,200 in 2026; docs/sandbox.md); and 15% retention, the top of the spec's 10–15% reference.
 */
export const DEMO_GOALS: FinancialGoals = { margin_goal: 15, revenue_target: 11_500, retention_rate: 15 };

/**
 * The demo salon is VAT-registered on the standard scheme, with quarters ending March, June, September and December
 * (docs/sandbox.md), so its figures are net of VAT (docs/finance.md, "VAT").
 */
export const DEMO_VAT: UpdateVatSettingsRequest = {
  scheme: 'standard',
  registered_from: '2021-04-01',
  stagger: 'mar_jun_sep_dec',
};

/** The demo account, its goals, its VAT settings, and its connections to the demo's private simulators (imports follow by schedule). */
export async function prepareDemoAccount(
  db: Db,
  cipher: TokenCipher,
  sandbox: DemoSandbox,
  log: Logger,
  now: Date,
): Promise<void> {
  await seedDemoAccount(db, log);
  const owner = (await findUserByEmail(db, DEMO_ACCOUNT.email))!;
  await saveFinancialGoals(db, owner.id, DEMO_GOALS);
  // Saved once: saving re-derives the VAT of every row, which an unchanged setting does not need.
  const vat = await readVatSettings(db, owner.id);
  if (vat.scheme !== DEMO_VAT.scheme || vat.registered_from !== DEMO_VAT.registered_from)
    await saveVatSettings(db, owner.id, DEMO_VAT);
  await ensureDemoConnections(db, cipher, owner.id, sandbox, now);
}
