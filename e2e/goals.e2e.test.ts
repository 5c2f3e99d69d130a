import { formatPounds } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { apiAnswer, signInWithTestAccount } from './support/demo-session.js';

// Issue 17: retention against its goal and this month's goal progress on the demo salon's Overview.
let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

describe('goals with visible progress on the demo dashboard', () => {
  for (const width of [1440, 390]) {
    it(`shows retention and goal progress at ${width}px without sideways scrolling`, async () => {
      const { page, errors, context } = await app.newPage(width);
      await signInWithTestAccount(page);
      const goals = page.getByRole('region', { name: "This month's goals", exact: true });
      const retention = page.getByRole('region', { name: 'Client retention', exact: true });
      await goals.getByTestId('sales-pace').waitFor();
      await retention.getByTestId('retention-new-client').waitFor();

      const progress = await apiAnswer<{ sales: { to_date: number; target: number }; margin: { percent: number } }>(
        page,
        app.url,
        'get-goal-progress',
      );
      expect(await goals.getByTestId('sales-so-far').textContent()).toBe(formatPounds(progress.sales.to_date));
      expect(await goals.getByTestId('sales-target').textContent()).toBe(
        `of the ${formatPounds(progress.sales.target)} target`,
      );
      expect(await goals.getByTestId('margin-so-far').textContent()).toBe(`${progress.margin.percent.toFixed(1)}%`);

      // The demo salon has more than 90 days of history: six measured months, the latest shown unclipped.
      const measured = await apiAnswer<{ new_client: Array<{ percent: number | null }> }>(
        page,
        app.url,
        'get-retention',
      );
      expect(measured.new_client).toHaveLength(6);
      const latest = measured.new_client.findLast((m) => m.percent !== null)!;
      expect(await retention.getByTestId('retention-new-client').textContent()).toBe(`${latest.percent!.toFixed(1)}%`);
      expect(await retention.getByRole('listitem').count()).toBe(6);
      expect(await retention.getByTestId('retention-goal').textContent()).toContain('National figure: about 30%');
      await retention.getByTestId('retention-overall').waitFor();

      // Side by side at 1440px, stacked at 390px; nothing wider than the window.
      const [g, r] = [await goals.boundingBox(), await retention.boundingBox()];
      if (width > 1024) expect(Math.round(g!.y)).toBe(Math.round(r!.y));
      else expect(r!.y).toBeGreaterThan(g!.y + g!.height);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await goals.scrollIntoViewIfNeeded();
      await screenshot(page, `goals-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
