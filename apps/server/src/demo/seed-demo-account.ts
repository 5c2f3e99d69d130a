import { DEMO_ACCOUNT } from '@brade/contract';
import type { Logger } from 'pino';
import { createUser, findUserByEmail, recordBusinessDetails } from '../accounts/users.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';

/** The demo account signs in with the credentials shown on the login screen; it is created once. */
export async function seedDemoAccount(db: Db, log: Logger): Promise<void> {
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return;
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
  });
  log.info({ userId: user.id }, 'demo account created');
}
