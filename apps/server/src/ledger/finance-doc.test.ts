import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/finance.md names the function behind each figure it defines; a renamed or moved function must take the
// document with it.
const repo = path.join(import.meta.dirname, '../../../..');
const doc = readFileSync(path.join(repo, 'docs/finance.md'), 'utf8');
const section = doc.slice(doc.indexOf('### Where each figure is computed'), doc.indexOf('### The income statement'));
const named = [...section.matchAll(/`(\w+)` in `([\w/.-]+\.ts)`/g)].map(([, name, file]) => ({
  name: name!,
  file: file!.startsWith('packages/') ? file! : `apps/server/src/${file}`,
}));

describe('docs/finance.md names where each figure is computed', () => {
  it('names a function for each of its figures', () => {
    expect(named.length).toBeGreaterThanOrEqual(25);
  });

  it.each(named)('$name is exported by $file', ({ name, file }) => {
    const source = readFileSync(path.join(repo, file), 'utf8');
    expect(source).toMatch(new RegExp(`export (async )?function ${name}\\b`));
  });
});
