import { HMRC_SERVICES } from '@brade/contract';
import type { HmrcDeps } from '../access-token.js';
import type { HmrcConnectionRow } from '../connection-store.js';

export type IncomeTaxConnection = 'connected' | 'not_connected' | 'needs_reconnect' | 'no_scope' | 'unavailable';

/** Whether Brade may call HMRC's Income Tax APIs for the owner: connected with the Self Assessment scopes. */
export function incomeTaxConnection(
  deps: Pick<HmrcDeps, 'hmrc'>,
  row: HmrcConnectionRow | undefined,
): IncomeTaxConnection {
  if (!deps.hmrc.endpoint) return 'unavailable';
  if (!row) return 'not_connected';
  if (row.status !== 'connected') return 'needs_reconnect';
  return HMRC_SERVICES.incomeTax.scopes.every((scope) => row.scopes.includes(scope)) ? 'connected' : 'no_scope';
}
