import { ACCOUNT_ENDPOINTS, LEDGER_ENDPOINTS, SETTINGS_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DETAILS } from '../test/fixtures';
import { signIn } from './auth';
import { ApiError, call, setSessionExpiredHandler } from './client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authHeader(call: unknown[]): string | undefined {
  const init = call[1] as RequestInit;
  return (init.headers as Record<string, string>).Authorization;
}

const fetchMock = vi.fn<typeof fetch>();
const expired = vi.fn();
const params = { id: 'user-1' };
const GOALS = {
  financial_goals: { margin_goal: 9, revenue_target: 6500, retention_rate: 12 },
  saved: true,
  suggested_from: [],
};
const session = (access: string, refresh: string) => ({
  id: 'user-1',
  access_token: access,
  refresh_token: refresh,
  expires_in: 900,
});

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

describe('call', () => {
  it('builds the path, sends the stored access token as a Bearer header and returns the parsed answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, USER_DETAILS));
    await expect(call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: 'user 1/x' } })).resolves.toEqual(USER_DETAILS);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/database/get-user-details/user%201%2Fx');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
    expect(authHeader(fetchMock.mock.calls[0]!)).toBe('Bearer old-access');
  });

  it('on a 401 refreshes once, stores the new tokens and retries once with them', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Session expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(json(200, session('new-access', 'new-refresh')))
      .mockResolvedValueOnce(json(200, GOALS));

    await expect(call(SETTINGS_ENDPOINTS.getFinancialGoals, { params })).resolves.toEqual(GOALS);

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
      .mockResolvedValueOnce(json(200, session('new-access', 'new-refresh')))
      .mockResolvedValueOnce(json(401, { error: 'Still no', code: 'unauthorized' }));

    const error = await call(LEDGER_ENDPOINTS.getAllSales, { params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when the refresh is refused, clears the session keys and sends the user to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingState, '{"currentStep":"stripe_connect"}');
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Session expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(json(401, { error: 'Refresh token revoked', code: 'invalid_token' }));

    const error = await call(LEDGER_ENDPOINTS.getAllSales, { params }).catch((e: unknown) => e);

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
        return json(200, session('new-access', 'new-refresh'));
      }
      const bearer = (init!.headers as Record<string, string>).Authorization;
      return bearer === 'Bearer new-access' ? json(200, { sales: [{ description: url, amount: 1 }] }) : json(401, {});
    });

    const both = Promise.all([
      call(LEDGER_ENDPOINTS.getAllSales, { params }),
      call(LEDGER_ENDPOINTS.getAllSales, { params: { id: 'user-2' } }),
    ]);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u === '/api/refresh_token')).toHaveLength(1));
    release();

    await expect(both).resolves.toEqual([
      { sales: [{ description: '/api/database/get-all-sales/user-1', amount: 1 }] },
      { sales: [{ description: '/api/database/get-all-sales/user-2', amount: 1 }] },
    ]);
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

  it('treats a 200 carrying an error field as a refusal with the server\'s sentence (docs/product.md, "The calls")', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { error: 'That code has expired' }));
    const error = (await signIn('a@b.co', 'Wrong1234').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toBe('That code has expired');
  });

  it('carries status, error, code and fields of a failed call', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'Please check the form', code: 'validation_failed', fields: { postcode: 'Invalid' } }),
    );
    const { legal_form: _unsaid, ...details } = USER_DETAILS;
    const body = { ...details, id: 'user-1', salon_name: 'Hart', business_address: 'x', postcode: 'x' };
    const error = (await call(ACCOUNT_ENDPOINTS.recordBusinessInformation, {
      body: { ...body, state: 'England', country: 'United Kingdom' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      body: { error: 'Please check the form', code: 'validation_failed', fields: { postcode: 'Invalid' } },
    });
  });

  it('reports a non-JSON answer as an ApiError without a body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await call(LEDGER_ENDPOINTS.getAllSales, { params }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
  });
});
