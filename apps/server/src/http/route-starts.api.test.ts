import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import type { RouteStarts } from './route-starts.js';
import { DEMO_ACCOUNT_OFF_META } from './spa.js';

/** A build as apps/web/early-start.mjs leaves it: route-starts.json beside index.html and the rendered /login. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Brade</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'login.html'),
    '<!doctype html><title>Sign in · Brade</title><div id="root">Sign in</div>',
  );
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/login': 'login.html' }));
  mkdirSync(path.join(dist, 'assets'));
  const files = [
    'index-e1.js',
    'early-start-s1.js',
    'signed-in-a1.js',
    'overview-b2.js',
    'reports-c3.js',
    'signed-in-a1.css',
  ];
  for (const file of files) writeFileSync(path.join(dist, 'assets', file), '// a file of the build');
  const starts: RouteStarts = {
    script: '/assets/early-start-s1.js',
    pages: {
      '/main-menu/dashboard': {
        scripts: ['/assets/signed-in-a1.js', '/assets/overview-b2.js'],
        styles: ['/assets/signed-in-a1.css'],
      },
      '/main-menu/reports': { scripts: ['/assets/signed-in-a1.js', '/assets/reports-c3.js'], styles: [] },
    },
  };
  writeFileSync(path.join(dist, 'route-starts.json'), JSON.stringify(starts));
  return dist;
}

const START = '<script async fetchpriority="high" src="/assets/early-start-s1.js"></script>';

describe('a signed-in page starts from its HTML', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIST: fakeBuild() } });
  });
  afterAll(() => server.close());

  it("sends the route's chunks as module preloads and its stylesheets as preloads, with the early-start script", async () => {
    for (const page of ['/main-menu/dashboard', '/main-menu/dashboard?from=menu']) {
      const res = await server.request('GET', page, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding'), page).toBe('br');
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      const html = String(res.body);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(START);
      expect([...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual([
        '/assets/signed-in-a1.js',
        '/assets/overview-b2.js',
      ]);
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/signed-in-a1.css">');
      // Everything else is index.html as built: the entry, the empty root.
      expect(head).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(html).toContain('<div id="root"></div>');
    }
    const reports = String((await server.get('/main-menu/reports')).body);
    expect(reports).toContain('<link rel="modulepreload" crossorigin href="/assets/reports-c3.js">');
    expect(reports).not.toContain('overview-b2.js');
  });

  it('keeps the script policy: no inline script, only files of its own origin', async () => {
    const res = await server.get('/main-menu/dashboard');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256-)/);
    const html = String(res.body);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/assets\/[\w.-]+$/);
  });

  it('leaves /login, the signed-out pages and addresses the build did not list as they were', async () => {
    expect(String((await server.get('/login')).body)).toBe(
      '<!doctype html><title>Sign in · Brade</title><div id="root">Sign in</div>',
    );
    for (const page of ['/signup', '/main-menu', '/main-menu/unknown', '/main-menu/dashboard/']) {
      const html = String((await server.get(page)).body);
      expect(html, page).toContain('<div id="root"></div>');
      expect(html, page).not.toContain('early-start');
      expect(html, page).not.toContain('modulepreload');
    }
  });

  it('sends the page uncompressed or as gzip to a browser that takes no brotli', async () => {
    const gzip = await server.request('GET', '/main-menu/dashboard', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(String(gzip.body)).toContain(START);
    const plain = await server.request('GET', '/main-menu/dashboard', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(String(plain.body)).toContain(START);
  });
});

describe('without the demo account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_ACCOUNT: 'false', WEB_DIST: fakeBuild() } });
  });
  afterAll(() => server.close());

  it("a signed-in page still starts from its HTML, which carries the demo account's off marker", async () => {
    const html = String((await server.get('/main-menu/dashboard')).body);
    expect(html).toContain(DEMO_ACCOUNT_OFF_META);
    expect(html).toContain(START);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/overview-b2.js">');
  });
});
