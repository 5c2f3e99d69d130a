import { type ConnectableProcessor, type ConnectionSummary, INTEGRATION_ENDPOINTS as E } from '@brade/contract';
import { call } from './client';

/** GET /api/database/get-access-tokens/{id}: each processor's connection as a summary (never a token). */
export async function getAccessTokens(id: string): Promise<Partial<Record<ConnectableProcessor, ConnectionSummary>>> {
  const answer = await call(E.getAccessTokens, { params: { id } });
  return { ...answer.sales_access_tokens, ...answer.expenses_access_tokens };
}

/** GET /api/integrations/sync-status/{id}: every connection with its import progress. */
export async function getSyncStatus(id: string): Promise<ConnectionSummary[]> {
  return (await call(E.syncStatus, { params: { id } })).connections;
}

/** POST /api/database/delete-tokens: disconnects; the imported history stays. */
export async function deleteTokens(id: string, processor: ConnectableProcessor): Promise<ConnectionSummary> {
  return (await call(E.deleteTokens, { body: { id, processor } })).connection;
}
