import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself: outside docs/, no tracked file cites a document that is not in it (the design
// notes, the product spec and the reference notes it was built from, or a path on the machine that built it).
// Comments cite the docs/ file that states the rule instead (docs/architecture.md, "Where each rule lives").
const root = path.resolve(import.meta.dirname, '..');

const OUTSIDE = [
  /(?<![\w/-])DESIGN\.md/,
  /product-spec(\.md)?/,
  /(?<![\w/-])(providers|security|salon-economics)\.md/,
  /\breference\/(providers|security|salon-economics)/,
  /\b[Ss]pec(?:'s)?\s+(?:sections?|§)\s*\d/,
  /\bsection \d+ of the spec\b/,
  /\/work\//,
  /\.\.\/shared\b/,
];

function citationsIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE.some((rule) => rule.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

const trackedTexts = () =>
  execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('docs/') && file !== 'scripts/citations.test.ts')
    .filter((file) => !/\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf)$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** `docs/x.md, "Section"` and `docs/x.md ("Section")`, a comment's line breaks and `*` undone. */
function sectionCitations(text: string): Array<{ doc: string; section: string }> {
  const flat = text.replace(/\n\s*(?:\*|\/\/)?\s*/g, ' ');
  return [...flat.matchAll(/(docs\/[\w-]+\.md),? \(?"([^"]+)"/g)].map((m) => ({ doc: m[1]!, section: m[2]! }));
}

describe('citations', () => {
  it('no tracked file outside docs/ cites a document outside the repository', () => {
    const found = trackedTexts().flatMap(({ file, text }) => citationsIn(file, text));
    expect(found).toEqual([]);
  });

  it('every docs/ section a file names is a heading of that document', () => {
    const missing = trackedTexts().flatMap(({ file, text }) =>
      sectionCitations(text)
        .filter(({ doc, section }) => {
          const target = path.join(root, doc);
          if (!existsSync(target)) return true;
          return !readFileSync(target, 'utf8')
            .split('\n')
            .some((line) => /^#{1,4} /.test(line) && line.replace(/^#+ /, '').trim() === section);
        })
        .map(({ doc, section }) => `${file}: ${doc} "${section}"`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('recognises each kind of outside citation, and leaves the docs/ ones alone', () => {
    // Samples of what the rule forbids, put together at run time so this file itself cites nothing outside docs/.
    const outside = (...parts: string[]) => parts.join('');
    const cited = [
      outside('DESIGN', '.md section 8'),
      outside('(reference/', 'providers.md section 4)'),
      outside('security', '.md section 6'),
      outside('salon-economics', '.md'),
      outside('spec', ' section 7'),
      outside("the spec's", ' section 5'),
      outside('section 2', ' of the spec'),
      outside('/work/', 'shared/', 'product-spec', '.md'),
      outside('see ../', 'shared/reference'),
    ];
    for (const line of cited) expect(citationsIn('x.ts', line)).toHaveLength(1);
    const fine = [
      'docs/providers.md, "Stripe"',
      'docs/security-decisions.md',
      'docs/product.md, "The calls"',
      'RFC 6749 section 4.1.2',
      "the spec's success sentence",
    ];
    for (const line of fine) expect(citationsIn('x.ts', line)).toEqual([]);
    expect(
      sectionCitations('/**\n * the rule (docs/product.md, "The\n * calls"); docs/sandbox.md ("The demo account")'),
    ).toEqual([
      { doc: 'docs/product.md', section: 'The calls' },
      { doc: 'docs/sandbox.md', section: 'The demo account' },
    ]);
  });
});
