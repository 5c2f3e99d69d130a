// Time from process start to a 200 from /api/ready with an existing data directory (budget: 3 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer, stopServer } from './support.mjs';

const BUDGET_MS = 3000;
const RUNS = 5;

export async function measureStartup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  try {
    const first = await startServer(dataDir, await freePort());
    await stopServer(first.child);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await startServer(dataDir, await freePort());
      times.push(run.readyMs);
      await stopServer(run.child);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `start-up to /api/ready (existing data dir, ${RUNS} runs): median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms; first start (new data dir) ${first.readyMs.toFixed(0)} ms`,
    );
    console.log(
      `  budget ${BUDGET_MS} ms → ratio ${(median / BUDGET_MS).toFixed(2)} ${median <= BUDGET_MS ? '(within budget)' : '(OVER BUDGET)'}`,
    );
    return median <= BUDGET_MS;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureStartup()) ? 0 : 1);
