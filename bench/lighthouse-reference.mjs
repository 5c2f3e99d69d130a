// The reference page bench/lighthouse.mjs measures beside Brade's pages: static HTML with the same fonts (Poppins
// 400/500/600, their @font-face rules inline as the app has them) and one Chart.js bar chart, no app code. Served by
// the same server from a copy of the web build, so a busy machine slows it as it slows the app: what the reference
// loses is noise, what the app loses beyond it is the app's.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './support.mjs';

export const REFERENCE_PATH = '/reference/index.html';

const ENTRY = `
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
const months = ['Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];
new Chart(document.getElementById('chart'), {
  type: 'bar',
  data: { labels: months, datasets: [{ label: 'Sales', data: months.map((_, i) => 4200 + ((i * 733) % 1900)), backgroundColor: '#C2185B' }] },
  options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } },
});
`;

const CSS = ['latin-400', 'latin-500', 'latin-600'].map((w) => `@import '@fontsource/poppins/${w}.css';`).join('\n');

/**
 * Copies the web build (LIGHTHOUSE_WEB_DIST names another, e.g. a copy kept from before a change) into `outDir` and
 * adds the reference page under /reference/ (its files hashed in assets/).
 */
export async function buildReferenceSite(outDir) {
  cpSync(process.env.LIGHTHOUSE_WEB_DIST ?? path.join(root, 'apps/web/dist'), outDir, { recursive: true });
  const dir = path.join(outDir, 'reference');
  mkdirSync(dir, { recursive: true });
  const result = await build({
    stdin: { contents: `${ENTRY}\n`, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    outdir: path.join(dir, 'assets'),
    entryNames: 'reference-[hash]',
    write: true,
    metafile: true,
    logLevel: 'error',
  });
  const script = Object.keys(result.metafile.outputs).find((f) => f.endsWith('.js'));
  const css = await build({
    stdin: { contents: CSS, resolveDir: root, loader: 'css' },
    bundle: true,
    minify: true,
    outdir: path.join(dir, 'assets'),
    entryNames: 'fonts-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: '/reference/assets',
    loader: { '.woff2': 'file', '.woff': 'file' },
    write: true,
    metafile: true,
    logLevel: 'error',
  });
  const cssFile = Object.keys(css.metafile.outputs).find((f) => f.endsWith('.css'));
  const fontFaces = readFileSync(path.resolve(cssFile), 'utf8');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A reference page for bench/lighthouse.mjs: fonts and one chart, no app code." />
    <title>Reference</title>
    <style>${fontFaces}
      body { margin: 0; font-family: Poppins, sans-serif; background: #fafafa; color: #1a1a1a; }
      main { max-width: 960px; margin: 0 auto; padding: 24px 16px; }
      h1 { font-weight: 600; font-size: 1.5rem; margin: 0 0 16px; }
      section { background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
      h2 { font-weight: 500; font-size: 1rem; margin: 0 0 8px; }
      p { font-weight: 400; margin: 0 0 12px; }
      .chart { position: relative; height: 260px; }
    </style>
  </head>
  <body>
    <main>
      <h1>Overview</h1>
      <section>
        <h2>Monthly sales</h2>
        <p>Sales for the last twelve months, in pounds.</p>
        <div class="chart"><canvas id="chart" role="img" aria-label="Monthly sales bar chart"></canvas></div>
      </section>
    </main>
    <script type="module" src="/reference/assets/${path.basename(script)}"></script>
  </body>
</html>
`,
  );
}
