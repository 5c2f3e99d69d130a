import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { TEST_LIMITS } from '../../test-limits.js';
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
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 844 },
        baseURL: url,
        reducedMotion: 'reduce',
      });
      // Every Playwright wait (a locator, a URL, an event, a navigation) waits this long (test-limits.ts).
      context.setDefaultTimeout(TEST_LIMITS.e2e.wait);
      context.setDefaultNavigationTimeout(TEST_LIMITS.e2e.wait);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      return { page, context, errors };
    },
    async latestMail(to, subject) {
      const until = Date.now() + TEST_LIMITS.e2e.wait;
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

/**
 * A full-page screenshot once the page is still: Playwright finishes every CSS transition and animation first, and the
 * contexts ask for reduced motion, so the charts draw at once instead of animating in.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Resolves once the page has handled what came before: two animation frames (so whatever an input or a message
 * started has begun: a navigation, a drawer's transition) and every finite animation running then. What a test checks did
 * not happen, it checks after this, not after a fixed sleep.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A spinner turns for ever: only the animations that end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
