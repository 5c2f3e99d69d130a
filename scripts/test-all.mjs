// The README's test command: types, lint, build, unit + API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests against the built app. Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const started = Date.now();
/** Each stage's wall time, printed at the end (README, "Tests on a busy machine"). */
const stages = [];

/** CPU seconds used by the finished child processes and theirs (Linux: /proc/self/stat, cutime + cstime). */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const t0 = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, seconds: (Date.now() - t0) / 1000 });
  return res.status === 0;
}

function printTimes() {
  const wall = (Date.now() - started) / 1000;
  console.log('\nTimes:');
  for (const s of stages) console.log(`  ${s.seconds.toFixed(0).padStart(5)} s  ${s.label}`);
  const cpu = childrenCpuSeconds();
  const share = cpu === undefined ? '' : `, CPU ${cpu.toFixed(0)} s (${((100 * cpu) / wall).toFixed(0)} % of one core)`;
  console.log(
    `  ${wall.toFixed(0).padStart(5)} s  in all${share}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}

/** A check that is not a test runner (types, lint, build) counts as one test. */
function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${label} failed`);
  }
}

function vitest(label, projects, file) {
  const out = path.join(results, file);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  const ok = run(label, 'npx', args);
  if (!existsSync(out)) {
    failed += 1;
    console.log(`✗ ${label}: the runner produced no report`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails before any test runs (an import error, a failed beforeAll) has no failed tests of its own.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  );
  failed += brokenFiles.length;
  if (report.numTotalTests === 0) failed += 1;
  if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) failed += 1;
}

check('types (server, packages, tests)', 'npx', ['tsc', '-p', 'tsconfig.json']);
check('types (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']);
check('types (browser tests)', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']);
check('lint and format (biome)', 'npx', ['biome', 'check', '.']);
const projects = ['unit', 'web', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('api-postgres');
else console.log('\nTEST_DATABASE_URL is not set: the API tests run on PGlite only.');
vitest('unit, web and API tests', projects, 'vitest.json');
const built = run('build', 'npm', ['run', 'build']);
if (built) {
  passed += 1;
  vitest('browser tests (Chromium)', ['e2e'], 'e2e.json');
} else {
  failed += 1;
  console.log('✗ build failed: browser tests not run');
}

printTimes();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
