import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.js';
import { type Owner, openAsOwner, signUpOwner } from './support/connect-owner.js';
import { signInWithTestAccount } from './support/demo-session.js';

/**
 * axe-core's default rules on every signed-in page view, at 1440 and 390 px: any violation fails, with each rule,
 * its help text and the elements it names in the message.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app: RunningApp;
let owner: Owner;
beforeAll(async () => {
  app = await startApp();
  owner = await signUpOwner(app, 'Rosa Diaz');
});
afterAll(() => app?.stop());

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (found as AxeViolation[]).map(
    (v) => `${v.id} (${v.help}): ${v.nodes.map((node) => node.html.slice(0, 160)).join(', ')}`,
  );
}

interface View {
  name: string;
  /** Who looks: the demo account (signed in through the login form) or a new owner. */
  as: 'demo' | 'owner';
  path: string;
  /** What shows once the view has settled. */
  ready: (page: Page) => Promise<unknown>;
  /** Steps after it settled (open a dialog, a drawer, a section). */
  open?: (page: Page) => Promise<unknown>;
  /** Only at this width. */
  width?: number;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();

const VIEWS: View[] = [
  {
    name: 'dashboard',
    as: 'demo',
    path: '/main-menu/dashboard',
    ready: (page) => page.getByTestId('goal-progress').getByTestId('sales-so-far').waitFor({ timeout: 30_000 }),
  },
  {
    name: 'dashboard with BradeBot expanded',
    as: 'demo',
    path: '/main-menu/dashboard',
    ready: (page) => page.getByTestId('goal-progress').getByTestId('sales-so-far').waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Expand BradeBot' }).click();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'navigation drawer open',
    as: 'demo',
    path: '/main-menu/dashboard',
    width: 390,
    ready: (page) => heading(page, 'Overview'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'reports', as: 'demo', path: '/main-menu/reports', ready: (page) => heading(page, 'Reports') },
  {
    name: 'a report on the page',
    as: 'demo',
    path: '/main-menu/reports',
    ready: (page) => heading(page, 'Reports'),
    open: async (page) => {
      await page
        .getByRole('button', {
          name: /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
        })
        .first()
        .click();
      await page.getByText('Select a line to see its transactions.').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'new owner dashboard',
    as: 'owner',
    path: '/main-menu/dashboard',
    ready: (page) => heading(page, 'Overview'),
  },
  { name: 'settings', as: 'owner', path: '/main-menu/settings', ready: (page) => heading(page, 'Financial Goals') },
  { name: 'profile', as: 'owner', path: '/main-menu/profile', ready: (page) => heading(page, 'Personal Information') },
  {
    name: 'profile while editing',
    as: 'owner',
    path: '/main-menu/profile',
    ready: (page) => heading(page, 'Personal Information'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit Change Password' }).click();
      await page.getByRole('textbox', { name: 'Current Password' }).waitFor();
    },
  },
  {
    name: 'log out dialog',
    as: 'owner',
    path: '/main-menu/profile',
    ready: (page) => heading(page, 'Personal Information'),
    open: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'business information',
    as: 'owner',
    path: '/business-information',
    ready: (page) => page.getByLabel('Salon Name').waitFor({ timeout: 15_000 }),
  },
  { name: 'link your POS', as: 'owner', path: '/link-your-pos', ready: (page) => page.getByText('Continue').waitFor() },
  {
    name: 'link business bank',
    as: 'owner',
    path: '/link-business-bank',
    ready: (page) => page.getByText('Link your business bank account').first().waitFor(),
  },
  {
    name: 'account created',
    as: 'owner',
    path: '/account-created-success',
    ready: (page) => page.getByText('Account Created Successfully!').waitFor(),
  },
];

async function openView(width: number, view: View) {
  if (view.as === 'demo') {
    const opened = await app.newPage(width);
    await signInWithTestAccount(opened.page);
    if (view.path !== '/main-menu/dashboard') await opened.page.goto(view.path);
    return opened;
  }
  const opened = await openAsOwner(app, owner, width);
  await opened.page.goto(view.path);
  return opened;
}

describe.each([1440, 390])('axe-core at %ipx', (width) => {
  const views = VIEWS.filter((view) => view.width === undefined || view.width === width);
  it.each(views.map((view) => [view.name, view] as const))('%s has no violations', async (_name, view) => {
    const { page, context } = await openView(width, view);
    await view.ready(page);
    await view.open?.(page);
    // Charts and cards settle; a transition half done would be judged on its way in.
    await page.waitForTimeout(500);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
