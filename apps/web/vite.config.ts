import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev` (scripts/dev.mjs) says where the server listens; Vite alone assumes the default port.
const apiServer = process.env.BRADE_SERVER_URL ?? 'http://localhost:3000';

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each text file of the build, which the server
 * sends as they are (docs/architecture.md): smaller than what it could compress per request, and no CPU spent
 * on it under load. Small files are left to the server, as its compression threshold does.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'brade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const br = promisify(brotliCompress);
      const gz = promisify(gzip);
      const names = [...Object.keys(bundle), 'index.html'].filter((name) => /\.(js|css|html|svg)$/.test(name));
      // libuv's threads compress the files side by side.
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file).catch(() => null);
          if (!body || body.length < 1024) return;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          };
          await writeFile(`${file}.br`, await br(body, { params }));
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider import its CSS-variables theming even for a theme without it; Brade's theme
 * has none (src/ui/theme.ts), so those two modules resolve to src/ui/mui/without-css-vars.ts, which fails loudly
 * if a theme ever asks for it. ~6 kB less JavaScript on every page's first load (bench/login-javascript.mjs).
 */
function muiWithoutCssVars(): Plugin {
  const stub = path.resolve(import.meta.dirname, 'src/ui/mui/without-css-vars.ts');
  return {
    name: 'brade-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMuiStyles = importer?.replaceAll('\\', '/').includes('/@mui/material/styles/');
      if (fromMuiStyles && /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/.test(source)) return stub;
      return null;
    },
  };
}

/**
 * React Router 7's package points every import at its development build, warnings and all
 * (remix-run/react-router#14102); the build takes its production one beside it, 0.4 KB less on /login.
 */
function reactRouterProduction(): Plugin {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  );
  return {
    name: 'brade-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? production : null),
  };
}

/**
 * hoist-non-react-statics (only Emotion's withTheme calls it, and nothing in Brade calls that) has no side effects,
 * but its package does not say so, so it stayed in the bundle unused: said here, ~1 KB less on every first load.
 */
function hoistStaticsWithoutSideEffects(): Plugin {
  return {
    name: 'brade-hoist-statics-without-side-effects',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'hoist-non-react-statics') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

/**
 * The entry's stylesheet is the fonts' @font-face rules, about a kilobyte: written into index.html instead of
 * linked, so no request holds back the first paint (Lighthouse's "render-blocking resources"). Their woff2 files
 * are preloaded: a page rendered at build time (prerender.mjs) shows text at once, and the font arriving sooner
 * swaps in before the owner reads it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'brade-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      html.source = String(html.source).replace(
        /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
        (tag, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') return tag;
          const fonts = [...String(css.source).matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]);
          const preloads = fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${f}">`);
          // The link, disabled, is never fetched; Vite's loader of lazily loaded chunks, which lists the entry's
          // stylesheet among their dependencies, finds it there and does not fetch the file either.
          const loaded = `<link rel="stylesheet" crossorigin href="/${file}" disabled>`;
          return `${preloads.join('')}<style>${String(css.source)}</style>${loaded}`;
        },
      );
    },
  };
}

/**
 * Which modules the build really puts on each page's path, read from a first pass of the build (build.mjs): the
 * entry's chunks, the /login screen's, and the signed-in shell's, each with what its chunks import statically.
 * A module graph's static imports say more than that: a module importing one name from a package's index (the
 * contract's, MUI's) reaches every module the index re-exports, though only the one it names is bundled.
 */
export interface ChunkPlan {
  /** The entry's modules, with its chunks' static imports. */
  entry: string[];
  /** The modules of the entry's own chunk, without what it imports from others. */
  entryOwn: string[];
  /** The same for each screen of SCREENS. */
  screens: Record<string, string[]>;
  /** The bundle's modules of CONTRACT's packages, each after those it imports, with its size as bundled. */
  contract: Array<[id: string, size: number]>;
  /** What each module of the entry and of /login imports statically (those the first pass bundled), for `core`. */
  imports: Record<string, string[]>;
}

/** The screens whose modules the plan follows: /login, and the signed-in shell with the main menu's pages. */
const SCREENS = {
  login: 'src/features/auth/LoginPage.tsx',
  shell: 'src/shell/MainMenuPage.tsx',
  dashboard: 'src/features/dashboard/DashboardPage.tsx',
  reports: 'src/features/reports/ReportsPage.tsx',
  vatReturn: 'src/features/reports/vat-return/VatReturnPage.tsx',
  quarterlyUpdate: 'src/features/income-tax/QuarterlyUpdatePage.tsx',
  settings: 'src/features/settings/SettingsPage.tsx',
  profile: 'src/features/profile/ProfilePage.tsx',
  // Parts of the Overview that load after its first screen: the assistant's panel (docs/assistant.md, "The panel"),
  // the navigation drawer and the sign-out confirmation (shell/OnDemand.tsx).
  bradeBot: 'src/features/assistant/BradeBotPanel.tsx',
  shellOnDemand: 'src/shell/OnDemand.tsx',
} as const;
type Screen = keyof typeof SCREENS;
const OVERVIEW_LATER: Screen[] = ['bradeBot', 'shellOnDemand'];

/**
 * The packages of the `contract` chunks: zod, the contract's schemas (declared as their modules load, each built on
 * first use: docs/api-contract.md, "Schemas built on first use") and TanStack Query's core, none of which imports
 * React or the app, so the chunks import nothing of the entry's own file.
 */
const CONTRACT = /\/(node_modules\/zod|node_modules\/@tanstack\/query-core|packages\/contract)\//;
const isContract = (id: string) => CONTRACT.test(id.replaceAll('\\', '/'));

/**
 * Built as their modules ran, the contract's schemas cost the main thread about 250 ms on a phone (4x slowed CPU),
 * zod's own definitions little; they are built on first use now, and the cut stays: the `contract` group's modules
 * (`modules`, each after those it imports) are cut into chunks of about SLICE_BYTES of the contract's code each,
 * which the start script runs one a task. Cut in that order, a chunk imports only the chunks before it. Returns the
 * chunk's name for each module.
 */
const SLICE_BYTES = 12_000;
export function contractSlices(modules: ChunkPlan['contract']): Map<string, string> {
  const names = new Map<string, string>();
  let slice = 1;
  let bytes = 0;
  let libraries = false;
  for (const [id, size] of modules) {
    const schemas = /\/packages\/contract\//.test(id.replaceAll('\\', '/'));
    if (schemas && (libraries || bytes + size > SLICE_BYTES) && (bytes > 0 || libraries)) {
      slice += 1;
      bytes = 0;
      libraries = false;
    }
    if (schemas) bytes += size;
    else libraries = true;
    names.set(id, slice === 1 ? 'contract' : `contract-${slice}`);
  }
  return names;
}

/** First pass: writes the plan to `file` from the chunks as they came out. */
function writeChunkPlan(file: string): Plugin {
  return {
    name: 'brade-chunk-plan',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (first: (typeof chunks)[number] | undefined, what: string) => {
        if (!first) throw new Error(`chunk plan: no chunk holds ${what}`);
        const modules = new Set<string>();
        const stack = [first];
        const seen = new Set<string>();
        while (stack.length) {
          const chunk = stack.pop()!;
          if (seen.has(chunk.fileName)) continue;
          seen.add(chunk.fileName);
          for (const id of chunk.moduleIds) modules.add(id);
          for (const imported of chunk.imports) stack.push(byFile.get(imported)!);
        }
        return [...modules];
      };
      const holding = (suffix: string) =>
        chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)));
      const entry = chunks.find((c) => c.isEntry);
      const sizes = new Map(
        chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength] as const)),
      );
      const contract: ChunkPlan['contract'] = [];
      const placed = new Set<string>();
      const place = (id: string) => {
        if (placed.has(id) || !sizes.has(id) || !isContract(id)) return;
        placed.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) place(imported);
        contract.push([id, sizes.get(id)!]);
      };
      for (const id of [...sizes.keys()].sort()) place(id);
      const screens: Record<string, string[]> = Object.fromEntries(
        Object.entries(SCREENS).map(([screen, module]) => [screen, closure(holding(module), module)]),
      );
      const entryModules = closure(entry, 'the entry');
      // A module's imports as bundled: through a module that bundles to nothing (an index that re-exports, such
      // as React Router's), to every module it re-exports.
      const importsOf = (id: string, seen = new Set<string>()): string[] =>
        (this.getModuleInfo(id)?.importedIds ?? []).flatMap((imported) => {
          if (seen.has(imported)) return [];
          seen.add(imported);
          return sizes.has(imported) ? [imported] : importsOf(imported, seen);
        });
      const imports = Object.fromEntries(
        [...new Set([...entryModules, ...screens.login!])].map((id) => [id, importsOf(id)]),
      );
      const plan: ChunkPlan = {
        entry: entryModules,
        entryOwn: entry?.moduleIds ?? [],
        screens,
        contract,
        imports,
      };
      await writeFile(file, JSON.stringify(plan));
    },
  };
}

/**
 * Second pass: fewer script files. Before, every module that several lazily loaded pages share was a chunk of its
 * own, most of them 1-2 KB (the Overview loaded 41 files, Settings 62, /login 10), and on a phone's connection each
 * round of requests costs a round trip; Lighthouse also counts each response's headers (about 1 KB over HTTP/1.1,
 * most of them the security headers) into /login's JavaScript, which has a budget (bench/login-javascript.mjs). The
 * entry's own chunk stays as Rolldown makes it; beside it:
 * - `core`: what the entry imports from beyond its own chunk (MUI's and Emotion's styling core), and the modules of
 *   /login that signed-in pages use too (the session, the text link and the form fields), with what they import from
 *   the entry's own chunk (React Router, the plain button), which every page loads anyway;
 * - `sign-in`: the rest of /login's screen, which only /login loads.
 * /login so loads five script files: its start script (prerender.mjs), Rolldown's runtime, the entry, `core` and
 * `sign-in`. Rolldown keeps its runtime (its helpers for CommonJS modules and namespaces) a chunk of its own: it is
 * placed before any group, no group's test ever sees it, and it joins a group's chunk only where that chunk is its
 * sole user (rolldown.rs, "Runtime Module Placement"), and the entry, `core` and `sign-in` all use it.
 * Of the rest:
 * - `contract`, `contract-2`, ...: of what every signed-in page loads, the contract's schemas with zod and TanStack
 *   Query's core (CONTRACT), which import nothing of the app: the signed-in start script runs these chunks each in a
 *   task of its own before the entry (early-start.mjs), rather than in the one long task that runs the route's
 *   chunks (contractSlices);
 * - `signed-in`: the rest of what the shell needs and what the Overview shares with another page; every signed-in
 *   page loads it;
 * - `later`: the rest of what the parts of the Overview drawn after its first screen need (OVERVIEW_LATER);
 * - `pages`: what two or more of the other pages share, which the Overview, the page owners open most, never loads;
 * - a chunk per page for what that page alone needs.
 * What a page loads on demand (a dialog, the charts, the PDF) stays apart.
 */
function chunkGroups(plan: ChunkPlan) {
  const entry = new Set(plan.entry);
  const entryOwn = new Set(plan.entryOwn);
  const fixed = new Set([...plan.entry, ...plan.screens.login!]);
  const pages = (Object.keys(SCREENS) as Screen[]).filter((s) => s !== 'login' && s !== 'shell');
  // /login's modules beyond the entry that a signed-in page uses too go to `core`: in `sign-in`, that page would load
  // /login's screen with them, and in a chunk of their own, they would be a request more of /login's. So does what
  // they import from the entry's own chunk, or `core` and the entry would import each other (build.mjs checks they
  // do not). Their imports are read from the module graph, which reaches through a package's index to all it
  // re-exports: a few more of the entry's modules (MUI's ThemeProvider) move with them, at no cost, as every page
  // loads both.
  const loginOwn = new Set(plan.screens.login!.filter((id) => !entry.has(id)));
  const signedIn = new Set([plan.screens.shell!, ...pages.map((p) => plan.screens[p]!)].flat());
  const intoCore = new Set<string>();
  const seen = new Set<string>();
  const moveToCore = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (entryOwn.has(id) || loginOwn.has(id)) intoCore.add(id);
    for (const imported of plan.imports[id] ?? []) moveToCore(imported);
  };
  for (const id of loginOwn) if (signedIn.has(id)) moveToCore(id);
  const usedBy = new Map<string, Screen[]>();
  for (const page of pages) {
    for (const id of plan.screens[page]!) if (!fixed.has(id)) usedBy.set(id, [...(usedBy.get(id) ?? []), page]);
  }
  const shell = new Set(plan.screens.shell!.filter((id) => !fixed.has(id)));
  const users = (id: string) => usedBy.get(id) ?? [];
  const everyPage = (id: string) => shell.has(id) || (users(id).includes('dashboard') && users(id).length > 1);
  const overviewLater = (id: string) => users(id).some((s) => OVERVIEW_LATER.includes(s)) && !everyPage(id);
  const contract = contractSlices(plan.contract.filter(([id]) => everyPage(id)));
  return [
    // What the entry imports beyond its own chunk (MUI's and Emotion's styling core, shared with lazily loaded pages):
    // left to Rolldown, it came in as many pieces as there are sets of pages sharing them, more with every lazily
    // loaded part a page gained, each a request of /login's; so did /login's own modules.
    // The contract's modules the entry uses itself (its messages) are there too, not in the entry's own chunk: the
    // contract's chunks import them, and a chunk importing the entry's own file could not run before it.
    {
      name: 'core',
      test: (id: string) => (entry.has(id) && (!entryOwn.has(id) || isContract(id))) || intoCore.has(id),
      priority: 5,
    },
    { name: 'sign-in', test: (id: string) => loginOwn.has(id) && !intoCore.has(id), priority: 5 },
    {
      name: (id: string) => contract.get(id) ?? null,
      debugName: 'contract',
      test: (id: string) => contract.has(id),
      priority: 6,
    },
    { name: 'signed-in', test: everyPage, priority: 4 },
    { name: 'later', test: overviewLater, priority: 3 },
    { name: 'pages', test: (id: string) => users(id).length > 1 && !everyPage(id) && !overviewLater(id), priority: 2 },
    {
      name: (id: string) => users(id)[0] ?? null,
      debugName: 'page',
      test: (id: string) => users(id).length === 1,
      priority: 1,
    },
  ].map((g) => ({ ...g, includeDependenciesRecursively: false }));
}

// build.mjs runs the two passes: BRADE_CHUNK_PLAN_OUT names where the first writes its plan (and nothing else),
// BRADE_CHUNK_PLAN where the second reads it. `vite build` alone splits as Rolldown does by default.
const planOut = process.env.BRADE_CHUNK_PLAN_OUT;
const planIn = process.env.BRADE_CHUNK_PLAN;
const plan: ChunkPlan | undefined = planIn ? JSON.parse(await readFile(planIn, 'utf8')) : undefined;

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    muiWithoutCssVars(),
    reactRouterProduction(),
    hoistStaticsWithoutSideEffects(),
    inlineEntryCss(),
    ...(planOut ? [writeChunkPlan(planOut)] : []),
  ],
  server: {
    // The SPA talks to its own origin only; in development Vite forwards those paths to the Fastify server: the
    // API, the dev mailbox and the provider simulators (whose consent pages the pop-ups open on this origin).
    proxy: { '/api': apiServer, '/dev': apiServer, '/sandbox': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed chunk names (Vite's default) let the server cache /assets/* forever; the manifest lets
    // measure-login-bundle.mjs follow the /login chunk's imports.
    manifest: true,
    // Every browser the app supports preloads modules itself (docs/architecture.md); the polyfill is dead weight.
    modulePreload: { polyfill: false },
    write: !planOut,
    rolldownOptions: { output: { codeSplitting: plan ? { groups: chunkGroups(plan) } : {} } },
  },
});
