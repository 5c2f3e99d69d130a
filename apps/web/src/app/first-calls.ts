import { overviewFirstQueries } from '../features/dashboard/early-calls';
import { settingsFirstQueries } from '../features/settings/early-calls';
import { syncStatusQuery } from '../features/settings/integrations/use-sync-status';
import type { FirstQuery } from '../shell/query-client';
import { userDetailsQuery } from '../shell/use-user-details';

/** The signed-in area: every page under it asks the shell's calls first. */
export const SIGNED_IN_PREFIX = '/main-menu/';

/**
 * The GET calls a signed-in page asks as it opens, by address, from the same query lists the pages use: the shell's
 * (the owner's details for the navigation) and the page's own (features/dashboard/early-calls.ts for the Overview).
 * Read only by the build (apps/web/early-start.mjs), which records each query's path for the page's early-start
 * script; the app itself never imports this file. A page not listed asks the shell's calls alone.
 * A page whose calls should start early exports its list beside its screen and is named here.
 */
export const PAGE_FIRST_CALLS: Record<string, (id: string) => FirstQuery[]> = {
  // The sync status too, which the Overview's hook asks as it mounts: asked then, it was the last call answered
  // before the page's figures were drawn.
  '/main-menu/dashboard': (id) => [...overviewFirstQueries(id), syncStatusQuery(id)],
  '/main-menu/settings': (id) => settingsFirstQueries(id),
};

export function firstCallsOf(path: string, id: string): FirstQuery[] {
  if (!path.startsWith(SIGNED_IN_PREFIX)) return [];
  return [userDetailsQuery(id), ...(PAGE_FIRST_CALLS[path]?.(id) ?? [])];
}
