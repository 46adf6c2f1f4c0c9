// Runs the browser suite (vitest run e2e) N times in a row beside a CPU hog, then prints the
// failures of each test and a total: a flaky browser test shows up here before it blocks a landing.
//
//   npm run test:e2e:soak                      5 runs of every e2e file
//   npm run test:e2e:soak -- 10                10 runs
//   npm run test:e2e:soak -- 3 e2e/contacts    3 runs of the files matching a filter (vitest's)
//   E2E_SOAK_RUNS=8 E2E_SOAK_HOGS=1 npm run test:e2e:soak
//
// The hog is one busy child process per core (E2E_SOAK_HOGS overrides the count, 0 for none),
// stopped when the runs end or the script is interrupted. Needs the built web (npm run build:web).
// Exits 1 when any test failed in any run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(/^\d+$/.test(args[0] ?? '') ? args.shift() : (process.env.E2E_SOAK_RUNS ?? 5));
const filters = args.length ? args : ['e2e'];
const hogCount = Number(process.env.E2E_SOAK_HOGS ?? os.availableParallelism());
if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a positive integer, got ${runs}`);
if (!Number.isInteger(hogCount) || hogCount < 0) throw new Error(`E2E_SOAK_HOGS must be a whole number, got ${process.env.E2E_SOAK_HOGS}`);
if (!fs.existsSync(path.join(root, 'web-shell/dist/index.html'))) {
  console.error('web-shell/dist is missing: run npm run build:web first');
  process.exit(1);
}

/** One busy process per core: the machine a loaded CI runner is. */
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-soak-'));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** Runs the suite once; resolves with vitest's JSON report (undefined when vitest wrote none). */
function runOnce(run) {
  const outputFile = path.join(reportDir, `run-${run}.json`);
  const child = spawn(process.execPath, [vitest, 'run', ...filters, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], {
    cwd: root,
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const report = fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, 'utf8')) : undefined;
      resolve({ code, report });
    });
  });
}

/** failures per test ("file › test"), and per run */
const failures = new Map();
const perRun = [];
const started = Date.now();
try {
  for (let run = 1; run <= runs; run++) {
    console.log(`\n=== e2e soak: run ${run} of ${runs} (${hogCount} busy process${hogCount === 1 ? '' : 'es'} beside it) ===\n`);
    const { code, report } = await runOnce(run);
    let failed = 0;
    let passed = 0;
    if (!report) {
      failed = 1;
      const key = `(run ${run}: vitest ended with code ${code} and no report)`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    } else {
      for (const file of report.testResults) {
        const name = path.relative(root, file.name);
        const tests = file.assertionResults ?? [];
        if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
          // A failure outside any test (set-up, tear-down, an import).
          failed++;
          const key = `${name} › (file: ${String(file.message ?? 'failed').split('\n')[0].slice(0, 120)})`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        for (const t of tests) {
          if (t.status === 'passed') passed++;
          if (t.status !== 'failed') continue;
          failed++;
          const key = `${name} › ${t.fullName ?? t.title}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }
    perRun.push({ run, passed, failed });
  }
} finally {
  stopHogs();
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n=== e2e soak: ${runs} run${runs === 1 ? '' : 's'} of ${filters.join(' ')} in ${minutes} min, ${hogCount} busy process${hogCount === 1 ? '' : 'es'} ===`);
for (const { run, passed, failed } of perRun) console.log(`run ${run}: ${passed} passed, ${failed} failed`);
const total = [...failures.values()].reduce((sum, n) => sum + n, 0);
if (failures.size) {
  console.log('\nfailures per test:');
  for (const [key, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count}/${runs}  ${key}`);
}
console.log(`\ntotal failures: ${total}`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(total ? 1 : 0);
