// Writes how a signed-in page starts (docs/architecture.md, "How a signed-in page starts"). Runs after
// build.mjs (its second pass writes .vite/ssr-manifest.json) and prerender.mjs:
// - dist/main-menu.html: the page the server sends for each signed-in address (dist/route-starts.json lists them):
//   index.html, whose #root already shows the splash screen (prerender.mjs), with, instead of the entry, a start script
//   (dist/assets/main-menu-start-<hash>.js). Once the page is on screen, that script asks the page's first GET calls
//   with the stored session (src/api/early-answers.ts), preloads the entry's modules and the chunks the address's
//   route needs (the signed-in shell's and the page's, with their static imports), and runs the entry, one module a
//   task. The route's chunks so download beside the entry instead of after it, and the calls beside both.
// The chunks per address are read from the build's manifests; which module each route loads is read from the router
// itself (src/app/router.tsx): built here with its dynamic imports replaced by a recorder, each route's `lazy` names
// its module instead of loading it. The calls per address come from the app's own query lists
// (src/app/first-calls.ts): each query's call is run against a recording fetch.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, minify } from 'vite';
import {
  entryFiles,
  runInTurnApart,
  startOrder,
  startScriptSource,
  withStartScript,
  writeCompressed,
} from './start-scripts.mjs';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.early-start');
const RECORDER = '__bradeRouteModule';

/** Replaces the router's dynamic imports by calls to the recorder, which names the module (relative to root). */
function recordRouteImports() {
  return {
    name: 'brade-record-route-imports',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/src/app/router.tsx')) return null;
      const specs = [...code.matchAll(/import\((['"])([^'"]+)\1\)/g)];
      let out = code;
      for (const [call, , spec] of specs) {
        const resolved = await this.resolve(spec, id);
        if (!resolved) throw new Error(`early-start: cannot resolve ${spec} from the router`);
        const module = path.relative(root, resolved.id).replaceAll('\\', '/');
        out = out.replace(call, () => `globalThis.${RECORDER}(${JSON.stringify(module)})`);
      }
      return { code: out, map: null };
    },
  };
}

/** Every route with its full address and the `lazy` functions from the root down to it. */
export function routesWithPaths(routes, parent = '', lazies = []) {
  const out = [];
  for (const route of routes) {
    const full = route.path === undefined ? parent : path.posix.join(parent || '/', route.path);
    const chain = route.lazy ? [...lazies, route.lazy] : lazies;
    if (!route.index && route.path !== undefined) out.push({ path: full, lazies: chain });
    if (route.children) out.push(...routesWithPaths(route.children, full, chain));
  }
  return out;
}

/** The modules a route's `lazy` functions load, as the recorder sees them (nothing is loaded). */
async function modulesOf(lazies) {
  const modules = [];
  globalThis[RECORDER] = (module) => {
    modules.push(module);
    return Promise.reject(new Error('recorded'));
  };
  for (const lazy of lazies) await lazy().catch(() => {});
  delete globalThis[RECORDER];
  return modules;
}

/**
 * The files (script chunks, stylesheets) that loading `modules` fetches beyond the entry's: each module's chunk
 * (the client's ssr-manifest says which chunk holds it) and the chunks it imports statically (manifest.json).
 */
export function filesOf(modules, manifest, ssrManifest) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`early-start: the build's manifest has no ${key}`);
      seen.add(key);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(['index.html']);
  const scripts = [];
  const styles = [];
  for (const module of modules) {
    const files = ssrManifest[module];
    const file = files?.find((f) => f.endsWith('.js'));
    if (!file || !byFile.has(file)) throw new Error(`early-start: no chunk of the build holds ${module}`);
    for (const key of closure([byFile.get(file)])) {
      if (entry.has(key)) continue;
      const chunk = manifest[key];
      const js = `/${chunk.file}`;
      if (!scripts.includes(js)) scripts.push(js);
      for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    }
  }
  return { scripts, styles };
}

/** The GET paths `queries` ask, run against a recording fetch with a stored session whose id is `marker`. */
async function pathsOf(queries) {
  const asked = [];
  globalThis.fetch = (url, init = {}) => {
    asked.push({ method: init.method ?? 'GET', url: String(url) });
    return new Promise(() => {});
  };
  for (const query of queries) {
    if (query.enabled === false) continue;
    const signal = new AbortController().signal;
    Promise.resolve()
      .then(() => query.queryFn({ queryKey: query.queryKey, signal, meta: query.meta }))
      .catch(() => {});
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const { method, url } of asked) {
    if (method !== 'GET' || !url.startsWith('/api/')) throw new Error(`early-start: a first call is ${method} ${url}`);
  }
  return [...new Set(asked.map((a) => a.url))];
}

/**
 * Runs in the browser, as the script a signed-in page loads instead of the app's entry (with start-scripts.mjs's
 * whenOnScreen and runInTurnApart, and the app's startEarlyCalls, beside it): once the splash is on screen, asks the
 * page's first calls, preloads the entry's modules (its own file, the largest, first) and the address's chunks and
 * stylesheets (`pages`), and runs the entry's files one task each and, before its own file, the route's chunks
 * that can run apart (`apart`, startOrder; waited for APART_WAIT_MS at most), as /login's start script runs the
 * entry's. Each link costs the main thread a few milliseconds on a phone: the first file and the calls are asked at
 * once, the other links PER_TASK a task.
 */
function startSignedIn(entry, pages, calls, config) {
  const PER_TASK = 4;
  // How long the entry waits for the route's chunks it runs before it: past that, the app starts without them.
  const APART_WAIT_MS = 3000;
  whenOnScreen(() => {
    const page = pages[location.pathname] ?? { scripts: [], styles: [], apart: [] };
    const preload = ([href, as]) => {
      const link = document.createElement('link');
      link.rel = as === 'style' ? 'preload' : 'modulepreload';
      if (as === 'style') link.as = 'style';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    };
    const [own, ...rest] = [...entry].reverse();
    preload([own]);
    startEarlyCalls(calls, config);
    const links = rest.concat(page.scripts).map((href) => [href]);
    for (const href of page.styles) links.push([href, 'style']);
    const next = () => {
      links.splice(0, PER_TASK).forEach(preload);
      if (links.length) setTimeout(next);
      else runInTurnApart([...entry.slice(0, -1), ...page.apart, ...entry.slice(-1)], page.apart, APART_WAIT_MS);
    };
    setTimeout(next);
  });
}

/**
 * index.html (with the splash screen prerender.mjs drew into #root) with the start script in place of the entry's
 * script and module preloads: the entry is loaded by the start script, once the splash is on screen.
 */
export function signedInPage(indexHtml, startSrc) {
  if (indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no splash screen in #root');
  return withStartScript(indexHtml, startSrc);
}

async function main() {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react(), recordRouteImports()],
    build: { ssr: 'src/app/early-start-entry.ts', outDir: ssrOut, emptyOutDir: true },
  });
  const storage = new Map();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => storage.set(key, String(value)),
      removeItem: (key) => storage.delete(key),
    },
  });
  const app = await import(path.join(ssrOut, 'early-start-entry.js'));
  const { marker } = app.earlyStartConfig;
  storage.set(app.earlyStartConfig.idKey, marker);
  storage.set(app.earlyStartConfig.tokenKey, 'recorded-at-build-time');

  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const ssrManifest = JSON.parse(readFileSync(path.join(dist, '.vite/ssr-manifest.json'), 'utf8'));
  const entry = entryFiles(manifest);
  const pages = {};
  const calls = {};
  for (const route of routesWithPaths(app.routes)) {
    if (!route.path.startsWith(app.SIGNED_IN_PREFIX)) continue;
    const files = filesOf(await modulesOf(route.lazies), manifest, ssrManifest);
    // The chunks run before the entry's own file, in startOrder's order: the script runs the entry's other files
    // before them (startSignedIn), which is startOrder's order as long as those chunks import nothing else.
    const order = startOrder(manifest, files.scripts);
    const apart = order.filter((file) => !entry.includes(file));
    if (order.join() !== [...entry.slice(0, -1), ...apart, ...entry.slice(-1)].join()) {
      throw new Error(`early-start: ${route.path}'s chunks would not run in the order they import each other`);
    }
    pages[route.path] = { ...files, apart };
    const paths = await pathsOf(app.firstCallsOf(route.path, marker));
    if (paths.length) calls[route.path] = paths;
  }
  const code = startScriptSource(startSignedIn, [entry, pages, calls, app.earlyStartConfig], {
    startEarlyCalls: app.startEarlyCalls,
    runInTurnApart,
  });
  const script = (await minify('main-menu-start.js', code)).code;
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  const scriptFile = `assets/main-menu-start-${hash}.js`;
  writeCompressed(path.join(dist, scriptFile), script);
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  writeCompressed(path.join(dist, 'main-menu.html'), signedInPage(indexHtml, `/${scriptFile}`));
  // The server sends main-menu.html for these addresses (apps/server/src/http/route-starts.ts).
  writeFileSync(
    path.join(dist, 'route-starts.json'),
    `${JSON.stringify({ page: 'main-menu.html', addresses: Object.keys(pages) }, null, 2)}\n`,
  );
  for (const [page, files] of Object.entries(pages)) {
    console.log(
      `${page}: ${files.scripts.length} chunks (${files.apart.length} run before the entry), ${files.styles.length} stylesheets, ${calls[page]?.length ?? 0} early calls`,
    );
  }
  // The recorders' pending promises would keep nothing alive, but the app's modules may have timers.
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
