import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRADE_VERSION } from './version.js';

describe('the version HMRC is told', () => {
  it('is the release the root package.json names', () => {
    const root = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(BRADE_VERSION).toBe(root.version);
  });
});
