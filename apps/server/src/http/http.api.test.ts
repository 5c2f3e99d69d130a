import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { DEMO_ACCOUNT_OFF_META } from './spa.js';

let server: TestServer;

/** fetch sets Host itself; this asks for a path under another Host header, as a browser on another address does. */
function requestWithHost(method: string, pathAndQuery: string, host: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${pathAndQuery}`, { method, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Brade</title><div id="root"></div>');
  // A page the build rendered ahead (apps/web/prerender.mjs), with the list the server reads.
  writeFileSync(
    path.join(dist, 'login.html'),
    '<!doctype html><title>Sign in · Brade</title><div id="root"><div data-prerendered="">Sign in</div></div>',
  );
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/login': 'login.html', '/gone': 'gone.html' }));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'assets/app-abc123.js'),
    `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`,
  );
  // A file the build compressed itself: its copies say which one was sent.
  const padding = ' '.repeat(2000);
  writeFileSync(path.join(dist, 'assets/pre-def456.js'), `export const copy = 'plain';${padding}`);
  writeFileSync(path.join(dist, 'assets/pre-def456.js.br'), brotliCompressSync(`export const copy = 'br';${padding}`));
  writeFileSync(path.join(dist, 'assets/pre-def456.js.gz'), gzipSync(`export const copy = 'gzip';${padding}`));
  server = await startTestServer({ env: { WEB_DIST: dist } });
});
afterAll(() => server.close());

describe('bad input never gets a 500', () => {
  it('malformed JSON → 400 with a sentence', async () => {
    const res = await server.request('POST', '/api/signin_user', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.', code: 'bad_request' });
  });

  it('a body over 1 MB → 400', async () => {
    const res = await server.request('POST', '/api/signup_user', {
      raw: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('a missing body → 400', async () => {
    const res = await server.request('POST', '/api/signin_user', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body must be a JSON object.');
  });

  it('a non-JSON body → 400', async () => {
    const res = await server.request('POST', '/api/signin_user', {
      raw: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
  });

  it('wrong types → 400 with field messages', async () => {
    const res = await server.post('/api/signin_user', { email: ['a@b.co'], password: { x: 1 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'password']);
  });

  it('an unknown API path → JSON 404', async () => {
    const res = await server.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('health, docs and headers', () => {
  it('reports liveness and readiness', async () => {
    expect((await server.get('/api/health')).body).toEqual({ status: 'ok' });
    expect((await server.get('/api/ready')).body).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document generated from the contract schemas', async () => {
    const res = await server.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/signup_user',
        '/api/verify_otp',
        '/api/signin_user',
        '/api/database/get-user-details/{id}',
      ]),
    );
    const signup = res.body.paths['/api/signup_user'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['email', 'password', 'options']));
  });

  it('sends the security headers on pages and the API', async () => {
    for (const url of ['/login', '/api/health']) {
      const res = await server.get(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('the SPA', () => {
  it('serves index.html for any page path (history fallback), not for API paths', async () => {
    for (const page of ['/', '/login', '/main-menu/dashboard', '/some/unknown/route']) {
      const res = await server.get(page);
      expect(res.status).toBe(200);
      expect(String(res.body)).toContain('<div id="root">');
      // The demo account is on by default: the page carries no "off" marker.
      expect(String(res.body)).not.toContain(DEMO_ACCOUNT_OFF_META);
    }
    expect((await server.get('/assets/missing.js')).status).toBe(404);
  });

  it('sends a page the build rendered ahead for its path, and the empty index.html for every other page', async () => {
    for (const page of ['/login', '/login?next=%2Fmain-menu']) {
      const res = await server.get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(String(res.body), page).toContain('<div data-prerendered="">Sign in</div>');
    }
    // A listed file the build did not write, and pages it did not render, get the empty page.
    for (const page of ['/gone', '/signup', '/main-menu/dashboard']) {
      const body = String((await server.get(page)).body);
      expect(body, page).toContain('<div id="root"></div>');
      expect(body, page).not.toContain('data-prerendered');
    }
  });

  it("moves a page opened on another address to PUBLIC_URL's origin, keeping its path and query", async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.2:${port}`, 'brade.example']) {
      const res = await requestWithHost('GET', '/login?next=%2Fmain-menu', host);
      expect(res.status, host).toBe(302);
      expect(res.location).toBe(`${server.url}/login?next=%2Fmain-menu`);
    }
    // Its own address is served, and the API and the files are answered wherever they are asked for.
    expect((await requestWithHost('GET', '/login', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await requestWithHost('GET', '/api/health', `localhost:${port}`)).status).toBe(200);
    expect((await requestWithHost('GET', '/assets/app-abc123.js', `localhost:${port}`)).status).toBe(200);
  });

  it('compresses the SPA files and caches hashed assets, but never compresses API JSON', async () => {
    const asset = await server.request('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const api = await server.request('POST', '/api/signin_user', {
      body: { email: 'demo@brade.app', password: 'Brade2026' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets for a year and has every page, other file and API answer checked each time (docs/deployment.md)', async () => {
    for (const file of ['/assets/app-abc123.js', '/assets/pre-def456.js']) {
      const res = await server.get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
    for (const page of ['/login', '/main-menu/dashboard', '/main-menu/reports', '/', '/favicon.svg']) {
      const res = await server.get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
    }
    expect((await server.get('/api/health')).headers.get('cache-control')).toBe('no-store');
  });

  it("sends the build's own brotli or gzip copy of a file as it is, by what the browser accepts", async () => {
    const br = await server.request('GET', '/assets/pre-def456.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.body).toContain("copy = 'br'");
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await server.request('GET', '/assets/pre-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.body).toContain("copy = 'gzip'");
    const plain = await server.request('GET', '/assets/pre-def456.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toContain("copy = 'plain'");
  });

  it("serves /set-new-password and the providers' return pages (code and state in the address) with no referrer at all", async () => {
    const res = await server.get('/set-new-password');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    for (const page of ['/stripe-redirect', '/square-redirect', '/sumup-redirect', '/gocardless-redirect']) {
      const back = await server.get(`${page}?code=ac_secret&state=${'s'.repeat(43)}`);
      expect(back.status, page).toBe(200);
      expect(back.headers.get('referrer-policy'), page).toBe('no-referrer');
    }
    // Every other page keeps the strict default.
    expect((await server.get('/login')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('the dev mailbox', () => {
  it('lists stored e-mails outside production', async () => {
    await server.post('/api/signup_user', {
      email: 'mailbox@salon-test.co.uk',
      password: 'Chignon2026',
      options: { data: { full_name: 'Mo' } },
    });
    await server.ctx.afterReply.idle();
    const page = await server.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Your Brade confirmation code');
  });

  it('is not mounted in production', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production', DEV_MAILBOX: '', ALLOW_SANDBOX: '' } });
    try {
      expect((await prod.get('/dev/mailbox')).status).toBe(404);
      expect((await prod.get('/dev/mailbox.json')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
