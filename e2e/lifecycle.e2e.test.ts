import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, startServerProcess, stopServerProcess } from './support/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-life-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const start = (env: Record<string, string> = {}) => startServerProcess(dataDir, env);

describe('process lifecycle', () => {
  it('drains and exits 0 on SIGTERM, and keeps its data across restarts', async () => {
    const first = await start();
    const signup = await fetch(`${first.url}/api/signup_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'persist@salon-test.co.uk',
        password: 'Chignon2026',
        options: { data: { full_name: 'Pat' } },
      }),
    });
    expect(signup.status).toBe(200);
    expect(await stopServerProcess(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(first.output()).toContain('demo account created');

    const second = await start();
    const mails = (await (await fetch(`${second.url}/dev/mailbox.json`)).json()) as Array<{ to: string }>;
    expect(mails.some((m) => m.to === 'persist@salon-test.co.uk')).toBe(true);
    expect(second.output()).not.toContain('demo account created');
    expect(await stopServerProcess(second.child)).toBe(0);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const bad = await start({ PORT: 'not-a-port' });
    expect(await exitOf(bad.child)).not.toBe(0);
    expect(bad.output()).toMatch(/PORT:/);
  });
});
