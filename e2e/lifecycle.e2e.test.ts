import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-life-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function start(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, output: () => output };
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
}

describe('process lifecycle', () => {
  it('drains and exits 0 on SIGTERM, and keeps its data across restarts', async () => {
    const first = await start();
    const signup = await fetch(`${first.url}/api/signup_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'persist@salon-test.co.uk',
        password: 'Fringe2026',
        options: { data: { full_name: 'Pat' } },
      }),
    });
    expect(signup.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(first.output()).toContain('demo account created');

    const second = await start();
    const mails = (await (await fetch(`${second.url}/dev/mailbox.json`)).json()) as Array<{ to: string }>;
    expect(mails.some((m) => m.to === 'persist@salon-test.co.uk')).toBe(true);
    expect(second.output()).not.toContain('demo account created');
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const bad = await start({ PORT: 'not-a-port' });
    expect(await exitOf(bad.child)).not.toBe(0);
    expect(bad.output()).toMatch(/PORT:/);
  });
});
