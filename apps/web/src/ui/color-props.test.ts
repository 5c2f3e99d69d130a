import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * MUI 9's components read a `color` prop as one palette name ('primary', 'error', 'textSecondary'); a dotted path
 * such as "text.secondary" matches none of their variants and the text silently keeps the ink colour. Dotted paths
 * belong in `sx` only, where MUI's system resolves them.
 */
const root = path.join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe('color props', () => {
  it('never give a component a dotted palette path, which MUI 9 ignores', () => {
    const files = sources(root);
    expect(files.length).toBeGreaterThan(100);
    const dotted = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bcolor="([a-z]+\.[a-zA-Z]+)"/g)].map(
        (m) => `${path.relative(root, file)}: color="${m[1]}"`,
      ),
    );
    expect(dotted).toEqual([]);
  });
});
