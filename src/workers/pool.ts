/**
 * The worker-thread pool (piscina): CPU-heavy pure work — parsing and checking a large submission, computing a
 * report — runs here instead of on the event loop, which serves every request (and, on the embedded engine, every
 * query: PGlite runs on the main thread, so a database never goes into a worker).
 *
 * A task is a named export of a module the worker imports by its file URL (`workerTask`). Task modules are pure:
 * their input and answer cross the thread boundary by structured clone, which is itself main-thread time, so tasks
 * take and give compact forms (a few long strings, columns, transferred bytes) rather than many small objects.
 *
 * The composition root opens one pool at start-up (src/app/runtime.ts; WORKER_THREADS threads, src/config/config.ts) and closes
 * it at shutdown. Threads start on the first task and stop after a while idle, so a process that never needs one
 * (the CLI, most tests) starts none; except that a pool given a `warm` task keeps one thread running from the start,
 * with that task's module loaded: starting a thread and loading a task's module costs a few hundred milliseconds,
 * which a large submission would otherwise wait for (WORKER_WARM, src/config/config.ts).
 */
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

/** A task the pool can run: module `filename` (a file URL), export `name`, from I to O. */
export interface WorkerTask<I, O> {
  readonly filename: string;
  readonly name: string;
  /** Never set: carries the types of the input and answer. */
  types?(input: I): O;
}

/** The task `name` exported by the module at `moduleUrl` (in the caller: `new URL('./x.task.ts', import.meta.url)`). */
export function workerTask<I, O>(moduleUrl: URL, name: string): WorkerTask<I, O> {
  return { filename: moduleUrl.href, name };
}

export interface WorkerPool {
  /** Runs `task` on a worker thread; `transfer`: buffers (or message ports) of the input moved, not copied, to it. */
  run<I, O>(task: WorkerTask<I, O>, input: I, transfer?: Array<ArrayBuffer | MessagePort>): Promise<O>;
  /** How many threads it may run at once. */
  readonly threads: number;
  /** Threads running now (started, not yet stopped). */
  running(): number;
  /** Settles once the `warm` task has run (at once without one); never fails. */
  readonly warmed: Promise<void>;
  /** Lets running tasks finish, then stops the threads. */
  close(): Promise<void>;
}

/**
 * The young generation of each thread's heap, in MB. V8 lets it grow to 48 MB or more on a thread that allocates a
 * lot (the default), and a streamed submission allocates about 2 KB of short-lived strings and objects per row: every thread
 * would then hold tens of MB of garbage between scavenges, and promote whatever a chunk still holds at each. A small
 * one is scavenged more often, each time quickly (little survives), and keeps the threads' memory near their live
 * data (docs/decisions/0078-one-row-one-reader.md, docs/performance.md). The report task runs under it too: what it
 * costs a report is measured by bench/worker-young-gen.bench.ts (docs/performance.md, the young-generation cap).
 */
export const YOUNG_GENERATION_MB = 16;

/** How long an idle thread stays (its imported task modules with it) before it stops. */
const IDLE_MS = 5 * 60_000;

/**
 * `warm`: a task that does nothing, of the module whose tasks must start at once; with it, one thread is started
 * now, kept (the pool's minimum), and runs it, so that module is loaded before the first real task.
 * `idleMs`: how long an idle thread beyond that one stays (tests shorten it).
 */
export function createWorkerPool(
  threads: number,
  { warm, idleMs = IDLE_MS }: { warm?: WorkerTask<object, unknown>; idleMs?: number } = {},
): WorkerPool {
  const pool = new Piscina({
    minThreads: warm ? 1 : 0,
    maxThreads: threads,
    idleTimeout: idleMs,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let closing: Promise<void> | null = null;
  function run<I, O>(task: WorkerTask<I, O>, input: I, transfer?: Array<ArrayBuffer | MessagePort>): Promise<O> {
    return pool.run(input, {
      filename: task.filename,
      name: task.name,
      ...(transfer ? { transferList: transfer } : {}),
    }) as Promise<O>;
  }
  // A module that fails to load fails the real task too, where it is reported.
  const warmed = warm
    ? run(warm, {}).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  return {
    threads,
    running: () => pool.threads.length,
    warmed,
    run,
    close() {
      closing ??= pool.close();
      return closing;
    },
  };
}
