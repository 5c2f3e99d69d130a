// The gzip size of the JavaScript a browser loads for /login (budget: 160 KB), measured in Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, startServer, stopServer } from './support.mjs';

const BUDGET_BYTES = 160 * 1024;

export async function measureLoginJavaScript() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  const server = await startServer(dataDir, await freePort());
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Use Test Account' }).waitFor();
    let raw = 0;
    let gzip = 0;
    let transferred = 0;
    const rows = [];
    for (const res of scripts) {
      const body = await res.body();
      const z = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gzip += z;
      transferred += (await res.request().sizes()).responseBodySize;
      rows.push(
        `  ${new URL(res.url()).pathname}  ${(body.length / 1024).toFixed(1)} KB raw, ${(z / 1024).toFixed(1)} KB gzip`,
      );
    }
    console.log(
      `JavaScript loaded by /login: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (level 9); the server sent ${(transferred / 1024).toFixed(1)} KB compressed`,
    );
    for (const row of rows) console.log(row);
    console.log(
      `  budget ${BUDGET_BYTES / 1024} KB gzip → ratio ${(gzip / BUDGET_BYTES).toFixed(2)} ${gzip <= BUDGET_BYTES ? '(within budget)' : '(OVER BUDGET)'}`,
    );
    return gzip <= BUDGET_BYTES;
  } finally {
    await browser.close();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLoginJavaScript()) ? 0 : 1);
