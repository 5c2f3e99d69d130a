import { londonDateOf } from '@brade/contract';

const LONDON = 'Europe/London';
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: LONDON });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: LONDON });
const dayOf = (day: string) => dayMonth.format(new Date(`${day}T12:00:00Z`));

/** The London day before `day` (YYYY-MM-DD). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * When the balance was read, in the owner's words: 'Read from your bank today at 14:05', 'yesterday at 08:00' or
 * 'on 17 November at 08:00', with the bank's own date when it is an earlier day ('balance of 19 November').
 */
export function readCaption(readAt: string, balanceDate: string | null, now: Date, accounts = 1): string {
  const read = new Date(readAt);
  const readDay = londonDateOf(read);
  const today = londonDateOf(now);
  const when = readDay === today ? 'today' : readDay === dayBefore(today) ? 'yesterday' : `on ${dayOf(readDay)}`;
  const across = accounts > 1 ? ` across ${accounts} accounts` : '';
  const dated = balanceDate && balanceDate < readDay ? ` (balance of ${dayOf(balanceDate)})` : '';
  return `Read from your bank ${when} at ${time.format(read)}${across}${dated}`;
}
