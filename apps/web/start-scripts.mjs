// What prerender.mjs (/login's start script) and early-start.mjs (the signed-in pages' start script) share: the
// entry's files in the order they run, the browser code both scripts are made of, and writing a page of the build.
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The files of the manifest's `keys` and what they import, dependencies first, each once (of chunks importing each
 * other, the one reached first comes last).
 */
export function filesInOrder(manifest, keys) {
  const inOrder = [];
  const seen = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) add(imported);
    inOrder.push(`/${chunk.file}`);
  };
  for (const key of keys) add(key);
  return inOrder;
}

/**
 * The manifest's key of the chunk that holds `module`: the module itself where its chunk is its own (Rolldown's
 * default split), otherwise the key of the grouped chunk (vite.config.ts, chunkGroups) that the ssr-manifest names.
 */
export function chunkKeyOf(manifest, ssrManifest, module) {
  if (manifest[module]) return module;
  const file = ssrManifest[module]?.find((f) => f.endsWith('.js'));
  const key = file && Object.keys(manifest).find((k) => `/${manifest[k].file}` === file);
  if (!key) throw new Error(`no chunk of the build holds ${module}`);
  return key;
}

/** The entry's files, dependencies first and the entry's own file last. */
export const entryFiles = (manifest) => filesInOrder(manifest, ['index.html']);

/**
 * The files a signed-in page's start script runs, one a task: the entry's, and before the entry's own file (whose
 * module starts the app) those of `files` (a route's chunks) that can run apart, dependencies first. A chunk can run
 * apart when its static imports, followed to the end, do not reach the entry's own file: importing one that does
 * would run the entry, and start the app, in its task. The others run, as before, when the router loads the route.
 */
export function startOrder(manifest, files) {
  const entry = manifest['index.html'];
  if (!entry) throw new Error("the build's manifest has no index.html");
  const own = `/${entry.file}`;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const apart = [];
  for (const file of files) {
    const key = keyOf.get(file);
    if (!key) throw new Error(`the build's manifest has no ${file}`);
    if (!filesInOrder(manifest, [key]).includes(own)) apart.push(key);
  }
  return filesInOrder(manifest, [...(entry.imports ?? []), ...apart, 'index.html']);
}

/**
 * Runs in the browser (serialised into a start script, so it uses nothing but its arguments): calls `start` once
 * the page is on screen, at the first contentful paint, or where the browser does not report it, the next frame.
 * Started before, every file the script fetches would be counted into the first paint by Lighthouse.
 */
export function whenOnScreen(start) {
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
}

/**
 * Runs in the browser: runs the entry's files one task each, dependencies first, letting the browser answer in
 * between; run by the entry's import, the modules' top-level code (React, MUI's themes) would be one long task.
 */
export async function runInTurn(files) {
  for (const file of files) {
    await import(file);
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/**
 * Runs in the browser, as runInTurn for a signed-in page (early-start.mjs passes it to startScriptSource, /login's
 * script goes without it): `files` also holds, before the entry's own file, the route's chunks that can run apart
 * (startOrder), listed again in `apart`. Those are waited for only until `waitMs` have passed since the start, and
 * one that fails to load stops nothing: the app then starts without them and its router loads them as it would
 * have, with its own time limit and error page; a stalled chunk never holds the app back.
 */
export async function runInTurnApart(files, apart, waitMs) {
  const until = performance.now() + waitMs;
  for (const file of files) {
    if (apart.includes(file)) {
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, Math.max(0, until - performance.now()));
      });
      await Promise.race([import(file).catch(() => {}), late]);
      clearTimeout(timer);
    } else {
      await import(file);
    }
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/**
 * A start script's source: `main` called with `args` (JSON), beside the browser functions above and `more`
 * (name → function), which it uses by name.
 */
export function startScriptSource(main, args, more = {}) {
  const helpers = Object.entries({ whenOnScreen, runInTurn, ...more }).map(([name, fn]) => `const ${name} = ${fn};\n`);
  // In a block, so the minifier may shorten the names.
  return `{\n${helpers.join('')}(${main})(${args.map((a) => JSON.stringify(a)).join(', ')});\n}\n`;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="[^"]+"><\/script>(\s*<link rel="modulepreload"[^>]*>)*/;

/** index.html with a start script in place of the entry's script and its module preloads. */
export function withStartScript(indexHtml, startSrc) {
  if (!ENTRY_SCRIPT.test(indexHtml)) throw new Error("index.html's entry script is not where the build looks for it");
  return indexHtml.replace(ENTRY_SCRIPT, () => `\n    <script type="module" crossorigin src="${startSrc}"></script>`);
}

/**
 * Writes a file of the build with the brotli and gzip copies the server sends (as vite.config.ts does), even under
 * the server's 1 KB threshold: a start script is about that, and sent as brotli counts half as much.
 */
export function writeCompressed(file, text) {
  writeFileSync(file, text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}
