import { STORAGE_KEYS } from '@brade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './auth';
import { ApiError, apiRequest, setSessionExpiredHandler } from './client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authHeader(call: unknown[]): string | undefined {
  const init = call[1] as RequestInit;
  return (init.headers as Record<string, string>).Authorization;
}

const fetchMock = vi.fn<typeof fetch>();
const expired = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSessionExpiredHandler(expired);
  localStorage.setItem(STORAGE_KEYS.id, 'user-1');
  localStorage.setItem(STORAGE_KEYS.fullName, 'Amelia Hart');
  localStorage.setItem(STORAGE_KEYS.email, 'amelia@example.com');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'old-access');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'old-refresh');
});

afterEach(() => {
  fetchMock.mockReset();
  expired.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the stored access token as a Bearer header and returns the JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { full_name: 'Amelia Hart' }));
    await expect(apiRequest('/api/database/get-user-details/user-1')).resolves.toEqual({ full_name: 'Amelia Hart' });
    expect(authHeader(fetchMock.mock.calls[0]!)).toBe('Bearer old-access');
  });

  it('on a 401 refreshes once, stores the new tokens and retries once with them', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Session expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(
        json(200, { id: 'user-1', access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 900 }),
      )
      .mockResolvedValueOnce(json(200, { ok: true }));

    await expect(apiRequest('/api/database/get-financial-goals/user-1')).resolves.toEqual({ ok: true });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1]!;
    expect(refreshUrl).toBe('/api/refresh_token');
    expect(JSON.parse(refreshInit!.body as string)).toEqual({ refresh_token: 'old-refresh' });
    expect(authHeader(fetchMock.mock.calls[1]!)).toBeUndefined();
    expect(authHeader(fetchMock.mock.calls[2]!)).toBe('Bearer new-access');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the retry is also refused', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Session expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(json(200, { id: 'user-1', access_token: 'new-access', refresh_token: 'new-refresh' }))
      .mockResolvedValueOnce(json(401, { error: 'Still no', code: 'unauthorized' }));

    const error = await apiRequest('/api/database/get-all-sales/user-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when the refresh is refused, clears the session keys and sends the user to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingState, '{"currentStep":"stripe_connect"}');
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Session expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(json(401, { error: 'Refresh token revoked', code: 'invalid_token' }));

    const error = await apiRequest('/api/database/get-all-sales/user-1').catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledTimes(1);
    for (const key of ['id', 'fullName', 'email', 'access_token', 'refresh_token']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.onboardingState)).not.toBeNull();
  });

  it('shares one refresh between calls that fail together (refresh tokens are single use)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/refresh_token') {
        await gate;
        return json(200, { id: 'user-1', access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      const bearer = (init!.headers as Record<string, string>).Authorization;
      return bearer === 'Bearer new-access' ? json(200, { url }) : json(401, { error: 'expired' });
    });

    const both = Promise.all([apiRequest('/api/a'), apiRequest('/api/b')]);
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u === '/api/refresh_token')).toHaveLength(1));
    release();

    await expect(both).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/refresh_token')).toHaveLength(1);
  });

  it('never refreshes for auth calls such as sign-in', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Invalid email or password', code: 'invalid_credentials' }));

    const error = (await signIn('a@b.co', 'Wrong1234').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(error.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    expect(error.serverMessage).toBe('Invalid email or password');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authHeader(fetchMock.mock.calls[0]!)).toBeUndefined();
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access');
  });

  it('carries status, error, code and fields of a failed call', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'Please check the form', code: 'validation_failed', fields: { postcode: 'Invalid' } }),
    );
    const error = (await apiRequest('/api/record_business_information', { body: {} }).catch((e) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      body: { error: 'Please check the form', code: 'validation_failed', fields: { postcode: 'Invalid' } },
    });
  });

  it('reports a non-JSON answer as an ApiError without a body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiRequest('/api/x').catch((e) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
  });
});
