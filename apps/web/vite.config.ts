import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { PluginContext } from 'rolldown';
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
          return `${preloads.join('')}<style>${String(css.source)}</style>`;
        },
      );
    },
  };
}

/**
 * Fewer script files for the Overview (59 requests before, 41 after in bench/lighthouse.mjs): instead of a small
 * chunk per shared module, three: what it shares with /login (`common`), the signed-in shell with the libraries and
 * API code it needs (`signed-in`), and the Overview's own code (`overview`). Each page of a signed-in owner loads
 * `common` and `signed-in`; /login keeps only its own chunks. The entry's modules stay as Rolldown splits them.
 * Modules are sorted by the module graph, read once it is complete (buildEnd), before the chunks are made.
 */
function overviewChunking() {
  const reach = { entry: new Set<string>(), login: new Set<string>(), overview: new Set<string>() };
  const staticClosure = (ctx: PluginContext, start: string[]) => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const find = (ctx: PluginContext, suffix: string) => {
    const id = [...ctx.getModuleIds()].find((m) => m.replaceAll('\\', '/').endsWith(suffix));
    if (!id) throw new Error(`overviewChunking: no module ends with ${suffix}`);
    return id;
  };
  const plugin: Plugin = {
    name: 'brade-overview-chunks',
    apply: 'build',
    buildEnd() {
      reach.entry = staticClosure(this, [find(this, 'src/app/main.tsx')]);
      reach.login = staticClosure(this, [find(this, 'src/features/auth/LoginPage.tsx')]);
      reach.overview = staticClosure(this, [
        find(this, 'src/shell/MainMenuPage.tsx'),
        find(this, 'src/features/dashboard/DashboardPage.tsx'),
      ]);
    },
  };
  const overviewOnly = (id: string) => reach.overview.has(id) && !reach.entry.has(id);
  const ownCode = (id: string) => /[\\/]src[\\/]features[\\/](dashboard|assistant)[\\/]/.test(id);
  const groups = [
    { name: 'common', test: (id: string) => overviewOnly(id) && reach.login.has(id), priority: 3 },
    { name: 'overview', test: (id: string) => overviewOnly(id) && ownCode(id), priority: 2 },
    { name: 'signed-in', test: (id: string) => overviewOnly(id), priority: 1 },
  ].map((g) => ({ ...g, includeDependenciesRecursively: false }));
  return { plugin, groups };
}
const overviewChunks = overviewChunking();

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    muiWithoutCssVars(),
    reactRouterProduction(),
    hoistStaticsWithoutSideEffects(),
    inlineEntryCss(),
    overviewChunks.plugin,
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
    rolldownOptions: { output: { codeSplitting: { groups: overviewChunks.groups } } },
  },
});
