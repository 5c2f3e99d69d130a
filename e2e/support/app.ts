import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
  browser: Browser;
  newPage(width?: number): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** Newest e-mail to an address, waiting for it to arrive in the outbox. */
  latestMail(to: string, subject: RegExp): Promise<{ subject: string; text: string }>;
  stop(): Promise<void>;
}

/** The built app (npm run build) on a loopback port with a fresh data directory, and Debian's Chromium. */
export async function startApp(): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the app exited during start-up');
    if (Date.now() > deadline) throw new Error('the app did not become ready');
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });

  return {
    url,
    browser,
    async newPage(width = 1440) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, baseURL: url });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      return { page, context, errors };
    },
    async latestMail(to, subject) {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const mails = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as Array<{
          to: string;
          subject: string;
          text: string;
        }>;
        const mail = mails.find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no e-mail to ${to} matching ${subject}`);
    },
    async stop() {
      await browser.close();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let n = 0;
export function newOwnerEmail(): string {
  n += 1;
  return `e2e.${Date.now().toString(36)}.${n}@salon-test.co.uk`;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
