import { DEMO_ACCOUNT } from '@brade/contract';
import type { Logger } from 'pino';
import { createUser, findUserByEmail, recordBusinessDetails, setLegalForm } from '../accounts/users.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';

/** The demo account signs in with the credentials shown on the login screen; it is created once. */
export async function seedDemoAccount(db: Db, log: Logger): Promise<void> {
  const existing = await findUserByEmail(db, DEMO_ACCOUNT.email);
  if (existing) {
    // An account seeded before the legal form existed learns it (docs/sandbox.md, "The demo account").
    if (existing.legalForm === null) await setLegalForm(db, existing.id, DEMO_ACCOUNT.legalForm);
    return;
  }
  const user = await createUser(db, {
    email: DEMO_ACCOUNT.email,
    fullName: DEMO_ACCOUNT.fullName,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    confirmed: true,
    isDemo: true,
  });
  await recordBusinessDetails(db, user.id, {
    fullName: DEMO_ACCOUNT.fullName,
    salonName: DEMO_ACCOUNT.salonName,
    businessAddress: '14 Market Street, Harrogate',
    postcode: 'HG1 1BT',
    state: 'England',
    country: 'United Kingdom',
    legalForm: DEMO_ACCOUNT.legalForm,
  });
  log.info({ userId: user.id }, 'demo account created');
}
