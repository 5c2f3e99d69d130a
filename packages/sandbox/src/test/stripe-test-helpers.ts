import type { RunningCardSimulator } from '../simulators/common/card-sim-types';

/** Test helpers: drive the consent page and token exchange the way the app and a browser would. */
export const REDIRECT_URI = 'http://127.0.0.1:5173/stripe-redirect';

export async function openConsent(sim: RunningCardSimulator, params: Record<string, string> = {}): Promise<Response> {
  const query = new URLSearchParams({
    client_id: sim.control.credentials.clientId,
    response_type: 'code',
    scope: 'read_only',
    redirect_uri: REDIRECT_URI,
    state: 'state-123',
    ...params,
  });
  return fetch(`${sim.url}/oauth/authorize?${query}`);
}

export async function answerConsent(
  sim: RunningCardSimulator,
  html: string,
  decision: 'approve' | 'deny',
  login = 'owner@salon.example',
): Promise<URL> {
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  if (!requestId) throw new Error('no request_id in the consent page');
  const response = await fetch(`${sim.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, decision, login }),
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(response.headers.get('location')!);
}

export async function exchangeCode(
  sim: RunningCardSimulator,
  code: string,
  secret = sim.control.credentials.clientSecret,
): Promise<Response> {
  return fetch(`${sim.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code }),
  });
}

export interface StripeConnection {
  access_token: string;
  refresh_token: string;
  stripe_user_id: string;
  scope: string;
}

export async function connect(sim: RunningCardSimulator, login = 'owner@salon.example'): Promise<StripeConnection> {
  const page = await openConsent(sim);
  const location = await answerConsent(sim, await page.text(), 'approve', login);
  const response = await exchangeCode(sim, location.searchParams.get('code')!);
  if (response.status !== 200) throw new Error(`token exchange failed: ${await response.text()}`);
  return (await response.json()) as StripeConnection;
}

export async function stripeGet(
  sim: RunningCardSimulator,
  path: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
}
