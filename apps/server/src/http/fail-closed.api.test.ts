import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { DEMO_ACCOUNT_OFF_META } from './spa.js';

/**
 * A shared-looking instance: SMTP configured, the demo account off, and the switches the test server normally
 * turns on blanked, so config.ts's rule decides (its other cases: config.test.ts).
 */
let server: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><title>Brade</title></head><div id="root">');
  // A sign-in page the build rendered ahead offers Use Test Account: never sent without the demo account.
  writeFileSync(path.join(dist, 'login.html'), '<div id="root"><div data-prerendered>Use Test Account</div></div>');
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/login': 'login.html' }));
  server = await startTestServer({
    env: { SMTP_URL: 'smtp://127.0.0.1:9', DEV_MAILBOX: '', ALLOW_SANDBOX: '', DEMO_ACCOUNT: 'false', WEB_DIST: dist },
  });
});
afterAll(() => server.close());

describe('fail closed', () => {
  it('mounts neither the dev mailbox nor the sandbox once SMTP is configured', async () => {
    expect((await server.get('/dev/mailbox.json')).status).toBe(404);
    expect((await server.get('/dev/mailbox')).status).toBe(404);
    expect((await server.get('/sandbox/stripe/oauth/authorize?client_id=x')).status).toBe(404);
    expect((await server.get('/sandbox/gocardless/api/v2/institutions/')).status).toBe(404);
  });

  it('with DEMO_ACCOUNT=false, marks every page so the sign-in screen hides Use Test Account', async () => {
    for (const page of ['/', '/login', '/set-new-password']) {
      const html = String((await server.get(page)).body);
      expect(html).toContain('<div id="root">');
      expect(html).toContain(DEMO_ACCOUNT_OFF_META);
      expect(html).not.toContain('Use Test Account');
    }
  });
});
