import {
  AccessTokensResponseSchema,
  type ConnectableProcessor,
  type ConnectionSummary,
  DeleteTokensResponseSchema,
  SyncStatusResponseSchema,
} from '@brade/contract';
import { apiRequest } from '../../../api/client';

const forId = (call: string, id: string) => `${call}/${encodeURIComponent(id)}`;

/** GET /api/database/get-access-tokens/{id}: each processor's connection as a summary (never a token). */
export async function getAccessTokens(id: string): Promise<Partial<Record<ConnectableProcessor, ConnectionSummary>>> {
  const answer = AccessTokensResponseSchema.parse(await apiRequest(forId('/api/database/get-access-tokens', id)));
  return { ...answer.sales_access_tokens, ...answer.expenses_access_tokens };
}

/** GET /api/integrations/sync-status/{id}: every connection with its import progress. */
export async function getSyncStatus(id: string): Promise<ConnectionSummary[]> {
  return SyncStatusResponseSchema.parse(await apiRequest(forId('/api/integrations/sync-status', id))).connections;
}

/** POST /api/database/delete-tokens: disconnects; the imported history stays. */
export async function deleteTokens(id: string, processor: ConnectableProcessor): Promise<ConnectionSummary> {
  return DeleteTokensResponseSchema.parse(await apiRequest('/api/database/delete-tokens', { body: { id, processor } }))
    .connection;
}
