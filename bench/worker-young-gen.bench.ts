/**
 * What the worker threads' young-generation cap (YOUNG_GENERATION_MB, src/workers/pool.ts) costs a report.
 * Run: npm run bench:young-gen [-- rounds]
 *
 * The cap was chosen for the streamed submission (src/modules/transactions/transactions.task.ts), but every task on
 * the pool runs under it, the report computation too (computeReportTask, src/modules/reports/reports.task.ts). This
 * starts two worker threads, one with the cap and one with V8's default, and runs the same report task on each in
 * alternating rounds (ABBA order, so drift in the machine's load falls on both), for the data bench/insights.bench.ts
 * uses (generateVolume, seed 1, 10 000 and 100 000 transactions) as the task receives it (JSON slices, as
 * loadEngineTransactionSlices makes them). Each run is timed inside its thread: wall time, the thread's own CPU
 * time (process.threadCpuUsage), the process's CPU time over it (the thread's and the GC's helper threads'; the main
 * thread only waits) and its collections. Printed: each thread's medians, the median of the per-round ratios capped /
 * uncapped, and the ratios of the totals over all rounds (fairer when a thread collects in some runs only).
 */
import os from 'node:os';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, type ResourceLimits } from 'node:worker_threads';
import {
  computeReportTask,
  encodeEngineTransactions,
  type ReportTaskInput,
} from '../src/modules/reports/reports.task.ts';
import { YOUNG_GENERATION_MB } from '../src/workers/pool.ts';
import { generateVolume, toEngineInput } from '../src/personas/index.ts';
import { median } from './bench-process.ts';

const AS_OF = 1_768_404_600; // 14 January 2026, 15:30 UTC, as bench/insights.bench.ts
const SLICE_ROWS = 10_000;

interface RunTiming {
  wallMs: number;
  /** the worker thread's own CPU time */
  threadCpuMs: number;
  /** the whole process's (the thread's, the GC's helper threads', the idle main thread's) */
  processCpuMs: number;
  scavenges: number;
  scavengeMs: number;
  majors: number;
  majorMs: number;
}

/** The report task's input for `count` transactions: the engine's rows as the database's JSON slices. */
function taskInput(count: number, seed: number): ReportTaskInput {
  const { accounts, transactions } = toEngineInput(generateVolume({ asOf: AS_OF, seed, transactions: count }));
  const sorted = [...transactions].sort((a, b) => a.bookedAt - b.bookedAt || (a.id < b.id ? -1 : 1));
  const transactionSlices = encodeEngineTransactions(sorted, SLICE_ROWS);
  return { accounts, transactionSlices, asOf: AS_OF };
}

if (!isMainThread) {
  // A worker: keeps the inputs it is given and runs the report task on one when asked, timing it on its own thread.
  const port = parentPort;
  if (!port) throw new Error('no parent port');
  const inputs = new Map<string, ReportTaskInput>();
  // GC entries arrive after the collection, on the thread's loop: collected here, read after a short wait.
  const collections: Array<{ kind: number; ms: number }> = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      collections.push({ kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration });
  }).observe({ entryTypes: ['gc'] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  port.on('message', async (m: { input: string; data?: ReportTaskInput }) => {
    if (m.data) {
      inputs.set(m.input, m.data);
      port.postMessage(null);
      return;
    }
    const input = inputs.get(m.input);
    if (!input) throw new Error(`no input ${m.input}`);
    await settle();
    collections.length = 0;
    const cpu = process.threadCpuUsage();
    const started = performance.now();
    const answer = computeReportTask(input);
    const wallMs = performance.now() - started;
    const used = process.threadCpuUsage(cpu);
    if (answer.categories.transactionId.length === 0) throw new Error('empty report');
    await settle();
    const minor = collections.filter((c) => c.kind === constants.NODE_PERFORMANCE_GC_MINOR);
    const major = collections.filter((c) => c.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    const timing: RunTiming = {
      wallMs,
      threadCpuMs: (used.user + used.system) / 1000,
      processCpuMs: 0,
      scavenges: minor.length,
      scavengeMs: minor.reduce((a, c) => a + c.ms, 0),
      majors: major.length,
      majorMs: major.reduce((a, c) => a + c.ms, 0),
    };
    port.postMessage(timing);
  });
} else {
  const rounds = Number(process.argv[2] ?? 9);

  /** A worker thread answering one message at a time. */
  class Thread {
    readonly #worker: Worker;
    #waiting: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
    constructor(resourceLimits: ResourceLimits) {
      this.#worker = new Worker(new URL(import.meta.url), { resourceLimits });
      this.#worker.on('message', (v: unknown) => {
        this.#waiting?.resolve(v);
      });
      this.#worker.on('error', (e) => this.#waiting?.reject(e));
    }
    ask<T>(message: object): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        this.#waiting = { resolve: resolve as (v: unknown) => void, reject };
        this.#worker.postMessage(message);
      });
    }
    /** Runs the report task on input `name`; the process's CPU time over it is the thread's and the GC's helpers'. */
    async run(name: string): Promise<RunTiming> {
      const before = process.cpuUsage();
      const t = await this.ask<RunTiming>({ input: name });
      const used = process.cpuUsage(before);
      return { ...t, processCpuMs: (used.user + used.system) / 1000 };
    }
    stop() {
      return this.#worker.terminate();
    }
  }

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `worker young generation benchmark, node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${rounds} rounds`,
  );
  const inputs: Array<[string, number, ReportTaskInput]> = [
    ['warm', 20_000, taskInput(20_000, 99)],
    ['10k', 10_000, taskInput(10_000, 1)],
    ['100k', 100_000, taskInput(100_000, 1)],
  ];
  const capped = new Thread({ maxYoungGenerationSizeMb: YOUNG_GENERATION_MB });
  const uncapped = new Thread({});
  for (const t of [capped, uncapped]) for (const [name, , data] of inputs) await t.ask({ input: name, data });
  // Warm up the JIT on other data in both threads, as bench/insights.bench.ts does.
  for (let i = 0; i < 3; i++) for (const t of [capped, uncapped]) await t.ask({ input: 'warm' });

  for (const [name, count] of inputs.slice(1)) {
    const a: RunTiming[] = [];
    const b: RunTiming[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // ABBA: capped first on even rounds, uncapped first on odd ones.
      let x: RunTiming;
      let y: RunTiming;
      if (r % 2 === 0) {
        x = await capped.run(name);
        y = await uncapped.run(name);
      } else {
        y = await uncapped.run(name);
        x = await capped.run(name);
      }
      a.push(x);
      b.push(y);
      ratios.push(x.wallMs / y.wallMs);
      cpuRatios.push(x.processCpuMs / y.processCpuMs);
    }
    const med = (s: RunTiming[], f: (t: RunTiming) => number) => median(s.map(f));
    const sum = (s: RunTiming[], f: (t: RunTiming) => number) => s.reduce((total, t) => total + f(t), 0);
    const line = (label: string, s: RunTiming[]) =>
      `  ${label}: wall ${ms(med(s, (t) => t.wallMs))} (best ${ms(Math.min(...s.map((t) => t.wallMs)))}); ` +
      `CPU thread ${ms(med(s, (t) => t.threadCpuMs))}, process ${ms(med(s, (t) => t.processCpuMs))} (medians); ` +
      `over all rounds ${sum(s, (t) => t.scavenges)} scavenges (${ms(sum(s, (t) => t.scavengeMs))}), ` +
      `${sum(s, (t) => t.majors)} mark-compacts (${ms(sum(s, (t) => t.majorMs))})`;
    const total = (f: (t: RunTiming) => number) => (sum(a, f) / sum(b, f)).toFixed(3);
    console.log(`\nreport task, ${count.toLocaleString('en-GB')} transactions (${rounds} rounds)`);
    console.log(line(`capped (${YOUNG_GENERATION_MB} MB)`, a));
    console.log(line('uncapped (V8 default)', b));
    // A thread whose young generation outlasts a run collects in some runs only: the totals share that cost out.
    console.log(
      `  capped / uncapped: median of the rounds' ratios, wall ${median(ratios).toFixed(3)} ` +
        `(rounds ${Math.min(...ratios).toFixed(2)}…${Math.max(...ratios).toFixed(2)}), process CPU ${median(cpuRatios).toFixed(3)}; ` +
        `of the totals, wall ${total((t) => t.wallMs)}, thread CPU ${total((t) => t.threadCpuMs)}, process CPU ${total((t) => t.processCpuMs)}`,
    );
  }
  console.log(
    `\nload at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await Promise.all([capped.stop(), uncapped.stop()]);
}
