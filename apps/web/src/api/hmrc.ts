import { HMRC_ENDPOINTS as E, type HmrcConnection } from '@brade/contract';
import { call } from './client';

/** GET /api/hmrc/connection/{id}: the owner's HMRC grant, never a token. */
export async function getHmrcConnection(id: string): Promise<HmrcConnection> {
  return (await call(E.connection, { params: { id } })).connection;
}

/** POST /api/hmrc/authorization-url: HMRC's grant-authority page and the state it carries. */
export function requestHmrcAuthorizationUrl(id: string) {
  return call(E.authorizationUrl, { body: { id } });
}

/** POST /api/hmrc/connect after HMRC sent the owner back to /hmrc-redirect with a code, or an error. */
export async function finishHmrcConnection(
  id: string,
  state: string,
  returned: URLSearchParams,
): Promise<HmrcConnection> {
  const code = returned.get('code');
  const error = returned.get('error');
  return (
    await call(E.connect, {
      body: { id, state, ...(code ? { code } : {}), ...(error || !code ? { error: error ?? 'no_code' } : {}) },
    })
  ).connection;
}

/** POST /api/hmrc/disconnect: forgets the grant; the returns filed stay. */
export async function disconnectHmrc(id: string): Promise<HmrcConnection> {
  return (await call(E.disconnect, { body: { id } })).connection;
}
