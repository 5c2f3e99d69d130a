// The JavaScript a browser loads for /login, as the server sends it (brotli or gzip, whichever Chromium accepts
// and the build precompressed) and at gzip level 9 for comparison; budget: 120 KB on the wire. Also prints what
// the page loads once the owner starts on the form (the sign-in calls and their schemas).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, startServer, stopServer } from './support.mjs';

const BUDGET_BYTES = 120 * 1024;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function sizesOf(responses) {
  const rows = [];
  const total = { raw: 0, gzip: 0, wire: 0, encodings: new Set() };
  for (const res of responses) {
    const body = await res.body();
    const gzip = gzipSync(body, { level: 9 }).length;
    const wire = (await res.request().sizes()).responseBodySize;
    const encoding = (await res.allHeaders())['content-encoding'] ?? 'none';
    total.raw += body.length;
    total.gzip += gzip;
    total.wire += wire;
    total.encodings.add(encoding);
    rows.push(
      `  ${new URL(res.url()).pathname}  ${kb(body.length)} raw, ${kb(gzip)} gzip, ${kb(wire)} sent (${encoding})`,
    );
  }
  return { rows, total };
}

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
    const { rows, total } = await sizesOf(scripts.splice(0));
    console.log(
      `JavaScript loaded by /login: ${rows.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip (level 9); the server sent ${kb(total.wire)} (${[...total.encodings].join(', ')})`,
    );
    for (const row of rows) console.log(row);
    const within = total.wire <= BUDGET_BYTES;
    console.log(
      `  budget ${BUDGET_BYTES / 1024} KB on the wire → ratio ${(total.wire / BUDGET_BYTES).toFixed(2)} ${within ? '(within budget)' : '(OVER BUDGET)'}`,
    );
    // Not part of the page's load: what the first focus on the form fetches, before the owner can press Login.
    const callsLoaded = page.waitForResponse((res) => /sign-in-calls/.test(res.url()), { timeout: 30_000 });
    await page.getByLabel('Email').focus();
    await callsLoaded;
    // Its imports follow it; a quiet moment says they are all in.
    await page.waitForTimeout(1000);
    const later = await sizesOf(scripts.splice(0));
    console.log(
      `  once the owner focuses the form: ${later.rows.length} more files, ${kb(later.total.wire)} sent (${kb(later.total.gzip)} gzip)`,
    );
    return within;
  } finally {
    await browser.close();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLoginJavaScript()) ? 0 : 1);
