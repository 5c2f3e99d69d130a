import { addDays, type DayRange } from '@brade/contract';
import { generateSalonData } from '@brade/sandbox';
import type { Db } from '../db/client.js';
import { importTransactions } from '../ledger/import.js';
import { squareTeamOfSalon, toSourceTransactions } from './salon-rows.js';
import { TEST_IMPORT } from './test-ledger.js';

/**
 * Fills an owner's books straight from the salon-data generator, a quarter at a time (as bench/drivers/seed-owner.ts
 * does): tests that need a whole salon's history in seconds rather than through the providers' imports.
 */
export async function seedSalon(
  db: Db,
  userId: string,
  options: { seed: string; salesPerDayScale: number; days: DayRange; asAdapters?: boolean },
): Promise<number> {
  let imported = 0;
  for (let from = options.days.from; from <= options.days.to; from = addDays(from, 92)) {
    const to = addDays(from, 91) < options.days.to ? addDays(from, 91) : options.days.to;
    const data = generateSalonData({ seed: options.seed, from, to, salesPerDayScale: options.salesPerDayScale });
    imported += await importTransactions(
      db,
      userId,
      toSourceTransactions(data, { asAdapters: options.asAdapters ?? false }),
      // As the adapters do: Square's team directory names who took each payment at its till.
      options.asAdapters
        ? {
            ...TEST_IMPORT,
            team: { provider: 'square', members: squareTeamOfSalon(data), seenAt: new Date(`${to}T23:00:00Z`) },
          }
        : TEST_IMPORT,
    );
  }
  return imported;
}
