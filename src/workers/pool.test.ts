/**
 * The worker pool runs a task module by file URL, and once closed holds the process no longer: a child process that
 * opens the service's runtime, computes a report on the pool and closes the runtime exits by itself. A pool with a warm
 * task keeps one thread running with its module loaded (WORKER_WARM), and the runtime gives it one when it serves
 * the API.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createWorkerPool } from './pool.ts';
import { SUBMISSION_WARM_UP } from '../modules/transactions/index.ts';
import { loadConfig } from '../config/config.ts';
import { openRuntime } from '../app/runtime.ts';
import { openPglite } from '../db/pglite.ts';
import { fakeClock } from '../lib/clock.ts';

const CHILD = `
import { loadConfig } from './src/config/config.ts';
import { openRuntime } from './src/app/runtime.ts';
import { openPglite } from './src/db/pglite.ts';
import { fakeClock } from './src/lib/clock.ts';
import { workerTask } from './src/workers/pool.ts';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKERS: 'false', DATABASE_URL: '',
  OBI_SECRET_KEY: 'test-installation-key-not-for-production-use', WORKER_THREADS: '2' });
const runtime = await openRuntime(config, fakeClock(), { db: await openPglite(null) });
const task = workerTask(new URL('./src/modules/reports/reports.task.ts', import.meta.url), 'computeReportTask');
const report = await runtime.workerPool.run(task, { accounts: [], transactionSlices: ['[]'], asOf: 1_768_404_600 });
process.stdout.write(JSON.stringify({ threads: runtime.workerPool.threads, engineVersion: report.engineVersion }));
await runtime.close();
`;

describe('the worker pool', () => {
  test('runs a task, and after the runtime closes the process exits by itself', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A generous deadline: it catches a process held open, not a slow machine.
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (c, s) => resolve([c, s])),
    );
    clearTimeout(killer);
    assert.equal(signal, null, `the process did not exit by itself: ${err}`);
    assert.equal(code, 0, err);
    const answer = JSON.parse(out) as { threads: number; engineVersion: string };
    assert.equal(answer.threads, 2);
    assert.equal(typeof answer.engineVersion, 'string');
  });
});

describe('a pool with a warm task (WORKER_WARM)', () => {
  test('starts one thread at once, loads the module on it, and keeps it while idle threads stop', async () => {
    const idleMs = 100;
    const cold = createWorkerPool(2, { idleMs });
    const warm = createWorkerPool(2, { warm: SUBMISSION_WARM_UP, idleMs });
    try {
      assert.equal(cold.running(), 0, 'a pool without a warm task starts no thread');
      await warm.warmed;
      assert.equal(warm.running(), 1, 'one thread, started and warmed before any task');
      await cold.run(SUBMISSION_WARM_UP, {});
      assert.equal(cold.running(), 1);
      // The cold pool's thread stops once idle for idleMs; the warm pool's thread, idle at least as long, stays.
      const deadline = Date.now() + 120_000;
      while (cold.running() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(cold.running(), 0, 'an idle thread of a pool without a warm task stops');
      assert.equal(warm.running(), 1, 'the warm thread is kept');
      await warm.run(SUBMISSION_WARM_UP, {});
      assert.equal(warm.running(), 1, 'a task goes to the warm thread, no second thread starts');
    } finally {
      await Promise.all([cold.close(), warm.close()]);
    }
  });
});

describe('the runtime (src/app/runtime.ts) and WORKER_WARM', () => {
  test('a process that serves the API keeps a thread warm; WORKER_WARM=false keeps none', async () => {
    const open = async (env: Record<string, string>) =>
      openRuntime(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          WORKERS: 'false',
          DATABASE_URL: '',
          OBI_SECRET_KEY: 'test-installation-key-not-for-production-use',
          ...env,
        }),
        fakeClock(),
        { db: await openPglite(null), queue: false, sandboxBank: false },
      );
    const warm = await open({});
    try {
      await warm.workerPool.warmed;
      assert.equal(warm.workerPool.running(), 1);
    } finally {
      await warm.close();
    }
    const cold = await open({ WORKER_WARM: 'false' });
    try {
      await cold.workerPool.warmed;
      assert.equal(cold.workerPool.running(), 0);
    } finally {
      await cold.close();
    }
  });
});
