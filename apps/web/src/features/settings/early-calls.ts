import { chooseABank } from '../../api/connect';
import { type FirstQuery, usePrefetchQueryWhen } from '../../shell/query-client';
import { hmrcConnectionQuery } from '../hmrc/use-hmrc-connect';
import { accessTokensQuery } from './integrations/use-integrations';
import { syncStatusQuery } from './integrations/use-sync-status';
import { goalsQuery, notificationsQuery, vatQuery } from './settings-queries';

/**
 * The calls of Settings' first screen, started as the page renders rather than once its cards are committed (as the
 * Overview's, features/dashboard/early-calls.ts): the same calls the cards make, asked once each, and none without a
 * signed-in id. The VAT settings say whether Notifications offers the VAT reminder; the cards further down (HMRC,
 * the connections, category rules) ask for theirs as they mount.
 */
export function useStartSettingsCalls(id: string | null): void {
  const signedIn = Boolean(id);
  const owner = id ?? '';
  usePrefetchQueryWhen(goalsQuery(owner), signedIn);
  usePrefetchQueryWhen(notificationsQuery(owner), signedIn);
  usePrefetchQueryWhen(vatQuery(owner), signedIn);
}

/**
 * What the page's early-start script asks before the app has loaded (app/first-calls.ts): the calls above, and
 * those of the integrations' cards further down, which their hooks ask as they mount (read afresh at every mount,
 * they take an early answer only on the page's first load).
 */
export function settingsFirstQueries(id: string): FirstQuery[] {
  return [
    goalsQuery(id),
    notificationsQuery(id),
    vatQuery(id),
    accessTokensQuery(id),
    syncStatusQuery(id),
    hmrcConnectionQuery(id),
    // The bank list of the bank's card (connect/use-bank-list.ts, which asks it as it mounts, outside the cache).
    { queryKey: ['connect', 'banks'], queryFn: () => chooseABank() },
  ];
}
