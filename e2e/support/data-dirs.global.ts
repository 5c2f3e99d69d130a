import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import './app.js'; // its ProvidedContext names the data directories
import { APP_ENV, demoHistoryImported } from './demo-history.js';
import { startServerProcess, stopServerProcess } from './server-process.js';

/**
 * Global setup of the browser tests: each file starts its own app on a copy of a data directory made once here.
 * A first start makes its database (initdb, migrations: seconds), and the demo salon imports its 18 months from the
 * simulators (over ten seconds of both cores); nine files use the demo. Both happen once per run, then each app
 * is a restart, which tops the demo's books up to the minute as every restart in production does.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const made: string[] = [];
  const prepare = async (demo: boolean): Promise<string> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), demo ? 'brade-e2e-demo-' : 'brade-e2e-empty-'));
    made.push(dataDir);
    const server = await startServerProcess(dataDir, { ...APP_ENV, ...(demo ? {} : { DEMO_ACCOUNT: 'false' }) });
    try {
      if (!server.ready) throw new Error(`the app did not become ready:\n${server.output()}`);
      if (demo) await demoHistoryImported(server.url);
    } finally {
      await stopServerProcess(server.child);
    }
    return dataDir;
  };
  const removeAll = () => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  };
  // Both settle before a failure is reported, so neither app is left running nor its directory behind.
  const [demo, empty] = await Promise.allSettled([prepare(true), prepare(false)]);
  if (demo.status === 'rejected' || empty.status === 'rejected') {
    removeAll();
    throw demo.status === 'rejected' ? demo.reason : (empty as PromiseRejectedResult).reason;
  }
  project.provide('demoDataDir', demo.value);
  project.provide('emptyDataDir', empty.value);
  return removeAll;
}
