import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The SPA's layers (docs/architecture.md, "Inside the web app"), top to bottom: `app/` (the router and the root) composes
 * `features/` (one folder per part of the product), which use `shell/` (the signed-in frame), `ui/` (shared pieces,
 * the theme and the timings) and `api/` (the calls). A layer imports only its own layer or those below it.
 */
const LAYERS = ['api', 'ui', 'shell', 'features', 'app'] as const;
/** Leaf modules: they import nothing of the app, so anything may import them without a cycle. */
const LEAVES = ['ui/theme.ts', 'ui/timings.ts', 'ui/contrast.ts'];

const root = import.meta.dirname;
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return isSource(entry.name) ? [path.relative(root, full)] : [];
  });
}

/** Relative imports of a file (static, dynamic and type-only), as paths from the web source root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((spec) => path.normalize(path.join(path.dirname(file), spec)));
}

const layerOf = (target: string) => LAYERS.indexOf(target.split(path.sep)[0] as (typeof LAYERS)[number]);
const featureOf = (target: string) => (target.startsWith(`features${path.sep}`) ? target.split(path.sep)[1]! : null);

const files = sourceFiles();
const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

describe('the web app keeps its layers', () => {
  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(300);
  });

  it('imports only its own layer or the layers below it, and never test helpers', () => {
    const upward = edges
      .filter(({ from, to }) => layerOf(to) === -1 || layerOf(to) > layerOf(from))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it('keeps the theme and the timings as leaves', () => {
    expect(edges.filter(({ from }) => LEAVES.includes(from))).toEqual([]);
  });

  it('has no cycle between features (connect never imports onboarding)', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = featureOf(from);
      const b = featureOf(to);
      if (a && b && a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    expect(graph.get('connect')?.has('onboarding') ?? false).toBe(false);
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});
