import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.js';
import { DEMO_ACCOUNT_OFF_META } from './spa.js';

/** The test server switches both on explicitly; blanking the switches leaves the decision to config.ts's rule. */
const ruleDecides = { DEV_MAILBOX: '', ALLOW_SANDBOX: '' };

async function mounted(env: Record<string, string>) {
  const server = await startTestServer({ env: { ...ruleDecides, ...env } });
  try {
    const mailbox = (await server.get('/dev/mailbox.json')).status;
    const sandbox = (await server.get('/sandbox/stripe/oauth/authorize?client_id=x')).status;
    return { mailbox, sandbox };
  } finally {
    await server.close();
  }
}

describe('fail closed', () => {
  it('mounts neither the dev mailbox nor the sandbox once SMTP is configured', async () => {
    expect(await mounted({ SMTP_URL: 'smtp://127.0.0.1:9' })).toEqual({ mailbox: 404, sandbox: 404 });
  });

  it('mounts neither when the app is addressed from outside', async () => {
    expect(await mounted({ PUBLIC_URL: 'https://brade.example' })).toEqual({ mailbox: 404, sandbox: 404 });
  });

  it('mounts both when switched on explicitly', async () => {
    const on = await mounted({ SMTP_URL: 'smtp://127.0.0.1:9', DEV_MAILBOX: 'true', ALLOW_SANDBOX: 'true' });
    expect(on.mailbox).toBe(200);
    expect(on.sandbox).toBe(400);
  });

  it('with DEMO_ACCOUNT=false, marks every page so the sign-in screen hides Use Test Account', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'brade-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><title>Brade</title></head><div id="root">');
    for (const [demo, marked] of [
      ['false', true],
      ['true', false],
    ] as const) {
      const server = await startTestServer({ env: { WEB_DIST: dist, DEMO_ACCOUNT: demo } });
      try {
        for (const page of ['/', '/login', '/set-new-password']) {
          const html = String((await server.get(page)).body);
          expect(html).toContain('<div id="root">');
          expect(html.includes(DEMO_ACCOUNT_OFF_META)).toBe(marked);
        }
      } finally {
        await server.close();
      }
    }
  });
});
