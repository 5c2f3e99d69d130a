import type { ConnectionSummary } from '@brade/contract';
import type { TestServer } from '../../test/test-server.js';

/** Polls sync-status until `done` says so (import jobs run in the background), or fails after `timeoutMs`. */
export async function waitForSync(
  server: TestServer,
  owner: { id: string; access_token: string },
  done: (connections: ConnectionSummary[]) => boolean,
  timeoutMs = 20_000,
): Promise<ConnectionSummary[]> {
  const until = Date.now() + timeoutMs;
  let last: ConnectionSummary[] = [];
  while (Date.now() < until) {
    const res = await server.get(`/api/integrations/sync-status/${owner.id}`, owner.access_token);
    last = res.body.connections;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sync did not settle: ${JSON.stringify(last)}`);
}
