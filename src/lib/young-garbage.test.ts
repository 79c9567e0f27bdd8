/**
 * YoungGarbage (young-garbage.ts): a young-generation collection once `every` bytes are counted, and V8's `gc`
 * exposed to no one else (this context, and a worker thread started afterwards, see no `gc` global).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { YoungGarbage } from './young-garbage.ts';

test('a scavenge once `every` bytes are counted, and no gc global for anyone', async () => {
  const minor: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor.push(e);
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    const garbage = new YoungGarbage(1024 * 1024);
    garbage.add(512 * 1024);
    const before = minor.length;
    garbage.add(512 * 1024); // the threshold: a scavenge now
    // Entries arrive asynchronously: wait for them (a deadline of minutes, not a fixed time).
    const deadline = Date.now() + 120_000;
    while (minor.length === before && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    assert.ok(minor.length > before, 'a minor collection was observed');
  } finally {
    observer.disconnect();
  }
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  const worker = new Worker("require('node:worker_threads').parentPort.postMessage(typeof globalThis.gc)", {
    eval: true,
  });
  const seen = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  assert.equal(seen, 'undefined');
});
