import { getHmrcConnection } from '../../api/hmrc';
import { usePrefetchQueryWhen } from '../../shell/query-client';
import { hmrcKeys } from '../hmrc/use-hmrc-connect';
import { categoryRulesQuery, goalsQuery, notificationsQuery, vatQuery } from './settings-queries';

/**
 * The calls Settings makes when it opens, started as the page renders rather than once its cards are committed (as the
 * Overview's, features/dashboard/early-calls.ts): the same calls the cards make, asked once each; none without a
 * signed-in id, and the category rules not for the demo account, whose page has no such card. The connections and
 * their sync status, read afresh at every mount, and the bank list are left to their hooks.
 */
export function useStartSettingsCalls(id: string | null, demo: boolean): void {
  const signedIn = Boolean(id);
  const owner = id ?? '';
  usePrefetchQueryWhen(goalsQuery(owner), signedIn);
  usePrefetchQueryWhen(notificationsQuery(owner), signedIn);
  usePrefetchQueryWhen(vatQuery(owner), signedIn);
  // HmrcIntegrationCard's call.
  usePrefetchQueryWhen({ queryKey: hmrcKeys.connection(owner), queryFn: () => getHmrcConnection(owner) }, signedIn);
  usePrefetchQueryWhen(categoryRulesQuery(owner), signedIn && !demo);
}
