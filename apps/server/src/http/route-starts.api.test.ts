import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import type { RouteStarts } from './route-starts.js';
import { DEMO_ACCOUNT_OFF_META } from './spa.js';

/** A build as apps/web/early-start.mjs leaves it: main-menu.html and route-starts.json beside index.html. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Brade</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'main-menu.html'), SIGNED_IN_PAGE);
  writeFileSync(
    path.join(dist, 'login.html'),
    '<!doctype html><title>Sign in · Brade</title><div id="root">Sign in</div>',
  );
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/login': 'login.html' }));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/main-menu-start-s1.js'), '// the start script');
  const starts: RouteStarts = { page: 'main-menu.html', addresses: ['/main-menu/dashboard', '/main-menu/reports'] };
  writeFileSync(path.join(dist, 'route-starts.json'), JSON.stringify(starts));
  return dist;
}

const START = '<script type="module" crossorigin src="/assets/main-menu-start-s1.js"></script>';
const SIGNED_IN_PAGE = `<!doctype html><html><head><title>Brade</title>${START}</head><body><div id="root"><div role="status">Loading</div></div></body></html>`;

describe('a signed-in page starts from its HTML', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIST: fakeBuild() } });
  });
  afterAll(() => server.close());

  it('sends the page the build wrote for the signed-in addresses it lists, compressed as the browser takes it', async () => {
    for (const page of ['/main-menu/dashboard', '/main-menu/dashboard?from=menu', '/main-menu/reports']) {
      const res = await server.request('GET', page, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding'), page).toBe('br');
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      expect(String(res.body), page).toBe(SIGNED_IN_PAGE);
    }
    const gzip = await server.request('GET', '/main-menu/dashboard', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(String(gzip.body)).toBe(SIGNED_IN_PAGE);
    const plain = await server.request('GET', '/main-menu/dashboard', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(String(plain.body)).toBe(SIGNED_IN_PAGE);
  });

  it('keeps the script policy: no inline script, only files of its own origin', async () => {
    const res = await server.get('/main-menu/dashboard');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256-)/);
  });

  it('leaves /login, the signed-out pages and addresses the build did not list as they were', async () => {
    expect(String((await server.get('/login')).body)).toBe(
      '<!doctype html><title>Sign in · Brade</title><div id="root">Sign in</div>',
    );
    for (const page of ['/signup', '/main-menu', '/main-menu/unknown', '/main-menu/dashboard/']) {
      const html = String((await server.get(page)).body);
      expect(html, page).toContain('<div id="root"></div>');
      expect(html, page).not.toContain('main-menu-start');
    }
  });
});

describe('without the demo account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_ACCOUNT: 'false', WEB_DIST: fakeBuild() } });
  });
  afterAll(() => server.close());

  it("a signed-in page is still the build's, and carries the demo account's off marker", async () => {
    const html = String((await server.get('/main-menu/dashboard')).body);
    expect(html).toContain(DEMO_ACCOUNT_OFF_META);
    expect(html).toContain(START);
    expect(html).toContain('<div role="status">Loading</div>');
  });
});
