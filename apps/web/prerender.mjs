// Pre-renders the pages that look the same for every visitor (src/app/prerender-entry.tsx) into the client
// build: dist/login.html is dist/index.html with the sign-in screen's HTML and styles in #root, which the server
// sends for /login (apps/server/src/http/spa.ts). Runs after `vite build`; the browser paints the page before its
// script has loaded, then src/app/main.tsx renders the same screen over it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.prerender');

/** The pages rendered, and the file each is written to. */
export const PRERENDERED = [{ path: '/login', file: 'login.html' }];

/** The marker main.tsx looks for; inert (and read-only fields) until the app takes over, so nothing typed is lost. */
export const PRERENDER_MARKER = 'data-prerendered';

export function intoIndex(indexHtml, { html, title }) {
  const body = html.replace(/<input(?![^>]*\sreadonly)/g, '<input readonly=""');
  const withRoot = indexHtml.replace(
    '<div id="root"></div>',
    `<div id="root"><div ${PRERENDER_MARKER}="" inert="">${body}</div></div>`,
  );
  if (withRoot === indexHtml) throw new Error('index.html has no empty #root to render into');
  return withRoot.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
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
const { renderPage } = await import(path.join(ssrOut, 'prerender-entry.js'));
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The server reads which page has a rendered file (apps/server/src/http/spa.ts).
writeFileSync(
  path.join(dist, 'prerendered.json'),
  `${JSON.stringify(Object.fromEntries(PRERENDERED.map((p) => [p.path, p.file])))}\n`,
);
for (const page of PRERENDERED) {
  const file = path.join(dist, page.file);
  const html = intoIndex(indexHtml, await renderPage(page.path));
  writeFileSync(file, html);
  // Beside it, the brotli and gzip copies the server sends (as vite.config.ts writes for the rest of the build).
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`pre-rendered ${page.path} → dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
}
