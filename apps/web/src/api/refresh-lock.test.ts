import { ACCOUNT_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DETAILS } from '../test/fixtures';

/**
 * Two tabs are two copies of the API client (each its own module state) over one localStorage, as in a browser.
 * The fake server rotates refresh tokens and, like the real one, revokes the whole session when a used refresh
 * token comes back.
 */
function fakeServer() {
  let current = 'refresh-1';
  let access = 'access-1';
  let revoked = false;
  const refreshCalls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/refresh_token') {
      const sent = JSON.parse(String(init?.body)).refresh_token as string;
      refreshCalls.push(sent);
      // Let the other tab's request arrive while this refresh is in flight.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (revoked || sent !== current) {
        revoked = true;
        return json(401, { error: 'Your session has ended. Please sign in again.', code: 'invalid_token' });
      }
      current = `refresh-${refreshCalls.length + 1}`;
      access = `access-${refreshCalls.length + 1}`;
      return json(200, { id: 'user-1', access_token: access, refresh_token: current, expires_in: 900 });
    }
    const bearer = (init?.headers as Record<string, string> | undefined)?.Authorization;
    return !revoked && bearer === `Bearer ${access}` && access !== 'access-1'
      ? json(200, USER_DETAILS)
      : json(401, { error: 'Your session has ended. Please sign in again.', code: 'unauthorized' });
  });
  return { fetchMock, refreshCalls };
}

/** One lock at a time per name, first come first served, as navigator.locks does across a browser's tabs. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

async function openTab() {
  vi.resetModules();
  const client = await import('./client');
  const expired = vi.fn();
  client.setSessionExpiredHandler(expired);
  return { client, expired };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'user-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('two tabs refreshing at once', () => {
  it('refresh one after the other: the second uses the first’s new tokens and nobody is signed out', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    const [first, second] = [await openTab(), await openTab()];

    const answers = await Promise.all([
      first.client.call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: 'user-1' } }),
      second.client.call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: 'user-1' } }),
    ]);

    expect(answers).toEqual([USER_DETAILS, USER_DETAILS]);
    expect(server.refreshCalls).toEqual(['refresh-1']);
    expect(first.expired).not.toHaveBeenCalled();
    expect(second.expired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('without a lock the second tab replays the spent token and the session ends (what the lock prevents)', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const [first, second] = [await openTab(), await openTab()];

    await Promise.allSettled([
      first.client.call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: 'user-1' } }),
      second.client.call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: 'user-1' } }),
    ]);

    expect(server.refreshCalls).toEqual(['refresh-1', 'refresh-1']);
    expect(first.expired.mock.calls.length + second.expired.mock.calls.length).toBeGreaterThan(0);
  });
});
