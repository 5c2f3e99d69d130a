import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitConsent } from '../common/consent-form-reader';
import { readJson } from '../common/loose-json';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import { gocardlessSimulator } from './index';

// Mounted the way the app mounts it: under /sandbox/gocardless on a server that has its own routes.
const app = Fastify();
const options: SimulatorOptions = {
  publicBaseUrl: '',
  controls: true,
  now: () => new Date('2026-03-02T10:00:00Z'),
  redirectUris: ['http://localhost:5173/cb?x=1'],
};
let base = '';

beforeAll(async () => {
  app.get('/health', async () => ({ ok: true }));
  await app.register(gocardlessSimulator(options), { prefix: '/sandbox/gocardless' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  base = `${address}/sandbox/gocardless`;
  options.publicBaseUrl = base;
});
afterAll(() => app.close());

const call = (path: string, init: RequestInit = {}, token = '') =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

it('runs the whole flow under a prefix, with links that keep the prefix, and obeys HTTP controls', async () => {
  const { access } = await readJson(
    call('/api/v2/token/new/', { method: 'POST', body: '{"secret_id":"a","secret_key":"b"}' }),
  );
  const requisition = await readJson(
    call(
      '/api/v2/requisitions/',
      {
        method: 'POST',
        body: JSON.stringify({ redirect: 'http://localhost:5173/cb?x=1', institution_id: 'MONZO_MONZGB2L' }),
      },
      access,
    ),
  );
  expect(requisition.link.startsWith(`${base}/psd2/start/`)).toBe(true);
  expect(requisition.reference).toBe(requisition.id);
  const redirect = await submitConsent(await (await fetch(requisition.link)).text(), 'approve');
  expect(redirect.searchParams.get('x')).toBe('1');
  expect(redirect.searchParams.get('ref')).toBe(requisition.id);

  await call('/__control/inject-faults', { method: 'POST', body: '{"status":429,"count":2,"retryAfterSeconds":3}' });
  const first = await call('/api/v2/requisitions/', {}, access);
  expect(first.status).toBe(429);
  expect(first.headers.get('retry-after')).toBe('3');
  expect((await call('/api/v2/requisitions/', {}, access)).status).toBe(429);
  const list = await readJson(call('/api/v2/requisitions/', {}, access));
  expect(list).toMatchObject({ count: 1, results: [{ status: 'LN' }] });
  // The host's own routes are untouched by the simulator's hooks.
  expect((await fetch(`${base.replace('/sandbox/gocardless', '')}/health`)).status).toBe(200);
});
