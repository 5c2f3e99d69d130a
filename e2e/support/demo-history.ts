import { TEST_LIMITS } from '../../test-limits.js';

/** What every browser test's app runs with: two months of history per new connection keep imports quick. */
export const APP_ENV = { LOG_LEVEL: 'warn', SYNC_HISTORY_DAYS: '62' };

/**
 * The demo salon's books arrive after readiness (recent months first, then the older ones in the background):
 * tests that compare the dashboard with the API wait until its whole history is in, so neither moves under them.
 */
export async function demoHistoryImported(url: string, timeoutMs = TEST_LIMITS.e2e.background): Promise<void> {
  const signin = await fetch(`${url}/api/signin_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@brade.app', password: 'Brade2026' }),
  });
  const { id, access_token } = (await signin.json()) as { id: string; access_token: string };
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    const res = await fetch(`${url}/api/integrations/sync-status/${id}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const { connections } = (await res.json()) as {
      connections: Array<{ sync: { state: string }; history?: { complete: boolean } }>;
    };
    last = JSON.stringify(connections);
    if (connections.length === 4 && connections.every((c) => c.history?.complete && c.sync.state === 'idle')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the demo's history did not finish importing: ${last}`);
}
