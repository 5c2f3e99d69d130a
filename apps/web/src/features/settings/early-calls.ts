import { usePrefetchQueryWhen } from '../../shell/query-client';
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
