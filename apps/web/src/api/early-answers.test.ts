import { ACCOUNT_ENDPOINTS, LEDGER_ENDPOINTS, SETTINGS_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DETAILS } from '../test/fixtures';
import { call, setSessionExpiredHandler } from './client';
import {
  EARLY_ANSWER_MAX_AGE_MS,
  EARLY_ANSWERS_GLOBAL,
  type EarlyStartConfig,
  OWNER_ID_MARKER,
  startEarlyCalls,
  takeEarlyAnswer,
} from './early-answers';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const config: EarlyStartConfig = {
  idKey: STORAGE_KEYS.id,
  tokenKey: STORAGE_KEYS.accessToken,
  global: EARLY_ANSWERS_GLOBAL,
  marker: OWNER_ID_MARKER,
  maxAgeMs: EARLY_ANSWER_MAX_AGE_MS,
};
const DETAILS = `/api/database/get-user-details/${OWNER_ID_MARKER}`;
const GOALS = `/api/database/get-financial-goals/${OWNER_ID_MARKER}`;
const CALLS = { '/main-menu/dashboard': [DETAILS, GOALS] };
const OWNER = 'owner-1';
const GOALS_ANSWER = {
  financial_goals: { margin_goal: 9, revenue_target: 6500, retention_rate: 12 },
  saved: true,
  suggested_from: [],
};

const fetchMock = vi.fn<typeof fetch>();
const authOf = (i: number) => (fetchMock.mock.calls[i]![1]!.headers as Record<string, string>).Authorization;
const pathOfCall = (i: number) => String(fetchMock.mock.calls[i]![0]);
/** The answers by path: each fetch gets its own Response. */
const answering = (byPath: Record<string, () => Response | Promise<Response>>) =>
  fetchMock.mockImplementation(async (url) => {
    const answer = Object.entries(byPath).find(([path]) => String(url).startsWith(path));
    if (!answer) throw new TypeError('no answer');
    return answer[1]();
  });

function signedIn(id = OWNER, token = 'access-1') {
  localStorage.setItem(STORAGE_KEYS.id, id);
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
}

const earlyAnswers = () =>
  (window as unknown as Record<string, Map<string, unknown> | undefined>)[EARLY_ANSWERS_GLOBAL];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSessionExpiredHandler(() => {});
  window.history.replaceState(null, '', '/main-menu/dashboard');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
  window.history.replaceState(null, '', '/');
});

describe("the early-start script (the page's first calls before the app has loaded)", () => {
  it("asks the address's calls with the stored id in the path and the stored token, as the client would", () => {
    signedIn('owner 1/x');
    answering({ '/api/': () => json(200, {}) });
    startEarlyCalls(CALLS, config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(pathOfCall(0)).toBe('/api/database/get-user-details/owner%201%2Fx');
    expect(pathOfCall(1)).toBe('/api/database/get-financial-goals/owner%201%2Fx');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer access-1' });
  });

  it('asks nothing for a signed-out visitor: no token, or no id', () => {
    startEarlyCalls(CALLS, config);
    localStorage.setItem(STORAGE_KEYS.id, OWNER);
    startEarlyCalls(CALLS, config);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    startEarlyCalls(CALLS, config);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(earlyAnswers()).toBeUndefined();
  });

  it('asks nothing on an address without listed calls', () => {
    signedIn();
    window.history.replaceState(null, '', '/main-menu/dashboard/x');
    startEarlyCalls(CALLS, config);
    window.history.replaceState(null, '', '/login');
    startEarlyCalls(CALLS, config);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never sends the token to another origin, whatever the list says', () => {
    signedIn();
    answering({ '/api/': () => json(200, {}) });
    const listed = ['https://evil.example/x', '//evil.example/x', 'evil.example/x', GOALS];
    startEarlyCalls({ '/main-menu/dashboard': listed }, config);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pathOfCall(0)).toBe(`/api/database/get-financial-goals/${OWNER}`);
  });

  it('drops the answers nobody claimed after a short time', async () => {
    vi.useFakeTimers();
    signedIn();
    answering({ '/api/': () => json(200, {}) });
    startEarlyCalls(CALLS, config);
    expect(earlyAnswers()?.size).toBe(2);
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_MAX_AGE_MS);
    expect(earlyAnswers()?.size).toBe(0);
  });
});

describe('the client adopts an early answer', () => {
  it('once, for the same GET with the same path and token: the call is not sent again', async () => {
    signedIn();
    answering({ [DETAILS.replace(OWNER_ID_MARKER, OWNER)]: () => json(200, USER_DETAILS) });
    startEarlyCalls({ '/main-menu/dashboard': [DETAILS] }, config);
    await expect(call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: OWNER } })).resolves.toEqual(USER_DETAILS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Asked again: sent, as every later call is.
    await expect(call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { id: OWNER } })).resolves.toEqual(USER_DETAILS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('not when another call is asked: each call goes its normal way', async () => {
    signedIn();
    answering({
      '/api/database/get-user-details/': () => json(200, USER_DETAILS),
      '/api/database/get-financial-goals/': () => json(200, GOALS_ANSWER),
    });
    startEarlyCalls({ '/main-menu/dashboard': [DETAILS] }, config);
    await call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(earlyAnswers()?.size).toBe(1);
  });

  it("not for another owner's id: the early call carried the id stored then, the app asks for its own", async () => {
    signedIn('other-owner');
    answering({
      '/api/database/get-financial-goals/other-owner': () => json(404, { error: 'Not found', code: 'not_found' }),
      [`/api/database/get-financial-goals/${OWNER}`]: () => json(200, GOALS_ANSWER),
    });
    startEarlyCalls(CALLS, config);
    await expect(call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } })).resolves.toEqual(GOALS_ANSWER);
    expect(pathOfCall(2)).toBe(`/api/database/get-financial-goals/${OWNER}`);
  });

  it('not when the stored token changed since (tampered with, refreshed, another sign-in): sent with the new one', async () => {
    signedIn(OWNER, 'tampered');
    answering({ '/api/database/get-financial-goals/': () => json(200, GOALS_ANSWER) });
    startEarlyCalls({ '/main-menu/dashboard': [GOALS] }, config);
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-2');
    await call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authOf(1)).toBe('Bearer access-2');
    // The early answer is spent: not kept for a later call, not even one with the token it carried.
    expect(takeEarlyAnswer(`/api/database/get-financial-goals/${OWNER}`, 'tampered')).toBeUndefined();
  });

  it('not a 401: the call is sent, refreshed and retried as always', async () => {
    signedIn(OWNER, 'expired');
    let goalsAsked = 0;
    answering({
      '/api/database/get-financial-goals/': () =>
        ++goalsAsked <= 2 ? json(401, { error: 'Session expired', code: 'unauthorized' }) : json(200, GOALS_ANSWER),
      '/api/refresh_token': () =>
        json(200, { id: OWNER, access_token: 'fresh', refresh_token: 'refresh-2', expires_in: 900 }),
    });
    startEarlyCalls({ '/main-menu/dashboard': [GOALS] }, config);
    await expect(call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } })).resolves.toEqual(GOALS_ANSWER);
    expect(fetchMock.mock.calls.map((_, i) => pathOfCall(i))).toEqual([
      `/api/database/get-financial-goals/${OWNER}`,
      `/api/database/get-financial-goals/${OWNER}`,
      '/api/refresh_token',
      `/api/database/get-financial-goals/${OWNER}`,
    ]);
    expect(authOf(3)).toBe('Bearer fresh');
  });

  it('not a call that failed on the network: sent again', async () => {
    signedIn();
    let asked = 0;
    answering({
      '/api/database/get-financial-goals/': () => {
        if (++asked === 1) throw new TypeError('network');
        return json(200, GOALS_ANSWER);
      },
    });
    startEarlyCalls({ '/main-menu/dashboard': [GOALS] }, config);
    await expect(call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } })).resolves.toEqual(GOALS_ANSWER);
    expect(asked).toBe(2);
  });

  it('not once it is older than the short time the answers are kept', async () => {
    signedIn();
    answering({ '/api/database/get-financial-goals/': () => json(200, GOALS_ANSWER) });
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    startEarlyCalls({ '/main-menu/dashboard': [GOALS] }, config);
    now.mockReturnValue(1_000 + EARLY_ANSWER_MAX_AGE_MS + 1);
    await call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('none after the app changes something: a write drops every answer left', async () => {
    signedIn();
    answering({
      '/api/database/get-financial-goals/': () => json(200, GOALS_ANSWER),
      '/api/database/update-financial-goals/': () => json(200, { message: 'Saved' }),
    });
    startEarlyCalls({ '/main-menu/dashboard': [GOALS] }, config);
    await call(SETTINGS_ENDPOINTS.updateFinancialGoals, {
      params: { id: OWNER },
      body: { financial_goals: { margin_goal: 9, revenue_target: 6500, retention_rate: 12 } },
    }).catch(() => {});
    expect(earlyAnswers()?.size).toBe(0);
    await call(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id: OWNER } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('not for a call with its own token or a signal to cancel it by', async () => {
    signedIn();
    answering({ '/api/database/get-current-month-sales-total/': () => json(200, { value: 1, compare: null }) });
    const revenue = `/api/database/get-current-month-sales-total/${OWNER_ID_MARKER}`;
    startEarlyCalls({ '/main-menu/dashboard': [revenue] }, config);
    const params = { id: OWNER };
    await call(LEDGER_ENDPOINTS.getCurrentMonthSalesTotal, { params }, { bearer: 'access-1' }).catch(() => {});
    await call(LEDGER_ENDPOINTS.getCurrentMonthSalesTotal, { params }, { signal: new AbortController().signal }).catch(
      () => {},
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
