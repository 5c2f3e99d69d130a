// Pre-renders the pages that look the same for every visitor (src/app/prerender-entry.tsx) into the client
// build: dist/login.html is dist/index.html with the sign-in screen's HTML in #root and its styles in <head>, which
// the server sends for /login (apps/server/src/http/spa.ts). Runs after `vite build`. The browser paints the page
// before any script has loaded; a small start script then loads the app, and src/app/main.tsx hydrates the page.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, minify } from 'vite';
import {
  chunkKeyOf,
  entryFiles,
  filesInOrder,
  runInTurn,
  startScriptSource,
  whenOnScreen,
  withStartScript,
  writeCompressed,
} from './start-scripts.mjs';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.prerender');

/** The pages rendered: the file each is written to, and the module of its route's screen. */
export const PRERENDERED = [{ path: '/login', file: 'login.html', screen: 'src/features/auth/LoginPage.tsx' }];

/** The marker on #root that tells main.tsx to hydrate the page rather than render it. */
export const PRERENDER_MARKER = 'data-prerendered';

/**
 * Emotion renders each component's styles in a <style> just before it. Gathered into <head> instead, as Emotion's
 * own server rendering writes them: one tag for the components' rules (in the order rendered) and one per global
 * style, which Emotion's client cache takes over as they are. Left in the body, the cache moves each of some thirty
 * tags to <head> before hydrating, every move parsing that stylesheet again.
 */
export function stylesIntoHead(html) {
  const ids = [];
  const rules = [];
  const globals = [];
  const body = html.replace(/<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g, (tag, attribute, css) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules.push(css);
    } else globals.push(tag);
    return '';
  });
  const styles = [
    ...globals,
    ...(ids.length ? [`<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>`] : []),
  ];
  return { body, styles: styles.join('') };
}

/**
 * Runs in the browser, as the script a rendered page loads instead of the app's entry (with start-scripts.mjs's
 * whenOnScreen and runInTurn beside it): once the page is on screen, it fetches the entry's and the screen's modules
 * together and runs the entry's files one task each. In <head>, the entry and its modules would be fetched while the
 * page is still being drawn, and the font files with them over a slow connection.
 */
function loadAfterPaint(entry, screen) {
  whenOnScreen(() => {
    // The entry's own file, the largest, is fetched first.
    for (const href of [...entry].reverse().concat(screen)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    runInTurn(entry);
  });
}

/** The start script of `page` (see loadAfterPaint), minified: it counts towards /login's JavaScript budget. */
export async function startScript(manifest, ssrManifest, page) {
  const entry = entryFiles(manifest);
  const screen = filesInOrder(manifest, ['index.html', chunkKeyOf(manifest, ssrManifest, page.screen)]).filter(
    (file) => !entry.includes(file),
  );
  return (await minify('start.js', startScriptSource(loadAfterPaint, [entry, screen]))).code;
}

export function intoIndex(indexHtml, { html, title }, startSrc, pagePath) {
  const { body, styles } = stylesIntoHead(html);
  // The HTML as React rendered it, nothing added inside #root: the client's first render must match it exactly.
  // (Replaced by functions, so a `$` in the page's text or styles is taken as it is.)
  const withRoot = indexHtml.replace(
    '<div id="root"></div>',
    // The marker names the page, so the app hydrates it only while the address is still that page's.
    () => `<div id="root" ${PRERENDER_MARKER}="${pagePath}">${body}</div>`,
  );
  if (withRoot === indexHtml) throw new Error('index.html has no empty #root to render into');
  return withStartScript(withRoot, startSrc)
    .replace('</head>', () => `${styles}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
}

/**
 * index.html with the splash screen in #root and its styles in <head>; its entry script stays, and, without the
 * marker, the app draws its first screen over the splash rather than hydrating it.
 */
export function splashIntoIndex(indexHtml, html) {
  const { body, styles } = stylesIntoHead(html);
  const withRoot = indexHtml.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  if (withRoot === indexHtml) throw new Error('index.html has no empty #root to render into');
  return withRoot.replace('</head>', () => `${styles}</head>`);
}

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: 'src/app/prerender-entry.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
  },
});
const { renderPage, renderSplash } = await import(path.join(ssrOut, 'prerender-entry.js'));
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const ssrManifest = JSON.parse(readFileSync(path.join(dist, '.vite/ssr-manifest.json'), 'utf8'));
// The server reads which page has a rendered file (apps/server/src/http/spa.ts).
writeFileSync(
  path.join(dist, 'prerendered.json'),
  `${JSON.stringify(Object.fromEntries(PRERENDERED.map((p) => [p.path, p.file])))}\n`,
);
for (const page of PRERENDERED) {
  const start = await startScript(manifest, ssrManifest, page);
  // Hashed like Vite's assets, which the server caches for a year.
  const hash = createHash('sha256').update(start).digest('base64url').slice(0, 8);
  const startFile = `assets/${path.basename(page.file, '.html')}-start-${hash}.js`;
  writeCompressed(path.join(dist, startFile), start);
  const html = intoIndex(indexHtml, await renderPage(page.path), `/${startFile}`, page.path);
  writeCompressed(path.join(dist, page.file), html);
  console.log(`pre-rendered ${page.path} → dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
}
// Last, as the pages above are made from the empty index.html.
writeCompressed(path.join(dist, 'index.html'), splashIntoIndex(indexHtml, renderSplash()));
console.log('splash screen → dist/index.html');
