import type { ConnectionSummary } from '@brade/contract';
import { TEST_LIMITS } from '../../../../test-limits.js';
import type { SyncDeps } from '../integrations/sync/sync-deps.js';
import type { FakeCardProvider } from './fake-providers.js';
import type { TestServer } from './test-server.js';

/** Polls sync-status until `done` says so (import jobs run in the background), or fails after `timeoutMs`. */
export async function waitForSync(
  server: TestServer,
  owner: { id: string; access_token: string },
  done: (connections: ConnectionSummary[]) => boolean,
  timeoutMs: number = TEST_LIMITS.api.wait,
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

/** What a test needs to run an import by hand with the server's own database, cipher and providers. */
export function syncDepsOf(server: TestServer, clock: () => Date, overrides: Partial<SyncDeps> = {}): SyncDeps {
  return {
    db: server.ctx.database.db,
    cipher: server.ctx.integrations.cipher,
    providers: server.ctx.integrations.providers,
    hashPayer: server.ctx.integrations.hashPayer,
    clock,
    log: server.ctx.log,
    leaseSeconds: 30,
    ...overrides,
  };
}

/** Connects a fake card provider the way the pop-up flow does: authorisation URL, then the code with its state. */
export async function connectFakeCard(
  server: TestServer,
  owner: { id: string; access_token: string },
  provider: FakeCardProvider,
): Promise<void> {
  const { body } = await server.post(
    '/api/integrations/authorization-url',
    { id: owner.id, processor: provider.provider },
    owner.access_token,
  );
  const res = await server.post(
    `/api/${provider.provider}/record-${provider.provider}-transactions`,
    { id: owner.id, code: provider.issueCode(), state: body.state },
    owner.access_token,
  );
  if (res.status !== 200) throw new Error(`connecting ${provider.provider} failed: ${JSON.stringify(res.body)}`);
}
