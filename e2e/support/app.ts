import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { APP_ENV, demoHistoryImported } from './demo-history.js';
import { startServerProcess, stopServerProcess } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose demo account has imported its whole history (data-dirs.global.ts). */
    demoDataDir?: string;
    /** A data directory of an app started once without the demo account: migrated, no owners. */
    emptyDataDir?: string;
  }
}

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

export interface RunningApp {
  url: string;
  browser: Browser;
  newPage(width?: number): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** Newest e-mail to an address, waiting for it to arrive in the outbox. */
  latestMail(to: string, subject: RegExp): Promise<{ subject: string; text: string }>;
  stop(): Promise<void>;
}

/**
 * The built app (npm run build) on a loopback port with a fresh data directory, and Debian's Chromium. Files that
 * never use the demo account pass `demo: false`: the app then runs without it (DEMO_ACCOUNT=false) instead of
 * importing its 18 months first, which costs each file tens of seconds and competes with the test for the CPU.
 * `env` adds variables (e.g. SANDBOX_CONTROLS to slow a simulator down).
 */
export async function startApp(options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<RunningApp> {
  const demo = options.demo ?? true;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-e2e-'));
  // The database was made, and the demo's 18 months imported, once for the run (data-dirs.global.ts): this
  // app restarts on a copy.
  const prepared = inject(demo ? 'demoDataDir' : 'emptyDataDir');
  if (prepared) cpSync(prepared, dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, {
    ...APP_ENV,
    ...(demo ? {} : { DEMO_ACCOUNT: 'false' }),
    ...options.env,
  });
  if (!server.ready) throw new Error(`the app did not become ready:\n${server.output()}`);
  const { url } = server;
  if (demo) await demoHistoryImported(url);
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
      await stopServerProcess(server.child);
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
