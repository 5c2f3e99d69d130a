import { INCOME_TAX_MESSAGES } from '@brade/contract';
import { findUserById, type User } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../http/http-error.js';

/**
 * The owner of an Income Tax call: a sole trader (docs/finance.md, "Income Tax"). A limited company pays Corporation
 * Tax and partnerships are not in Making Tax Digital for Income Tax yet; an owner who has not said is asked first.
 */
export async function soleTraderOwner(db: Db, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.legalForm === null)
    throw new HttpError(409, 'income_tax_legal_form_needed', INCOME_TAX_MESSAGES.legalFormNeeded);
  if (user.legalForm !== 'sole_trader')
    throw new HttpError(409, 'income_tax_not_sole_trader', INCOME_TAX_MESSAGES.notSoleTrader);
  return user;
}
