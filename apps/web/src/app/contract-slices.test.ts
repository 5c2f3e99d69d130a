import { describe, expect, it } from 'vitest';
import { contractSlices } from '../../vite.config';

const zod = (name: string) => `/repo/node_modules/zod/v4/${name}.js`;
const contract = (name: string) => `/repo/packages/contract/src/${name}.ts`;

describe("the contract group's chunks (vite.config.ts, contractSlices)", () => {
  it("gives zod and TanStack Query's core a chunk of their own, then cuts the schemas by size, in the plan's order", () => {
    const slices = contractSlices([
      [zod('core'), 60_000],
      ['/repo/node_modules/@tanstack/query-core/build/modern/index.js', 30_000],
      [contract('messages'), 2_000],
      [contract('ledger/schemas'), 9_000],
      [contract('auth/schemas'), 4_000],
      [contract('endpoints/endpoint'), 7_000],
      [contract('settings/vat'), 13_000],
      [contract('endpoints/settings'), 1_000],
    ]);
    expect(Object.fromEntries(slices)).toEqual({
      [zod('core')]: 'contract',
      '/repo/node_modules/@tanstack/query-core/build/modern/index.js': 'contract',
      [contract('messages')]: 'contract-2',
      [contract('ledger/schemas')]: 'contract-2',
      [contract('auth/schemas')]: 'contract-3',
      [contract('endpoints/endpoint')]: 'contract-3',
      // A module larger than a slice is a slice of its own; what follows it starts the next.
      [contract('settings/vat')]: 'contract-4',
      [contract('endpoints/settings')]: 'contract-5',
    });
  });

  it('starts with the schemas where no library comes first, and reads Windows paths', () => {
    const slices = contractSlices([
      ['C:\\repo\\packages\\contract\\src\\dates.ts', 3_000],
      ['C:\\repo\\packages\\contract\\src\\money.ts', 3_000],
    ]);
    expect([...slices.values()]).toEqual(['contract', 'contract']);
  });
});
