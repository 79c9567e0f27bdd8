/**
 * Buffers that die young, collected as they die (docs/decisions/0085-collect-short-lived-buffers.md).
 *
 * A big submission brings the main thread tens of megabytes of memory that lives outside V8's heap and dies within
 * milliseconds: the socket's 64 KB reads of the body (copied at once into shared memory, src/http/json-body.ts) and
 * the CSV chunks a worker thread hands over for COPY (src/modules/transactions/transactions.prepared.ts). Each is
 * held by a small JavaScript object, and V8 frees the memory only when a collection finds that object dead. The
 * thread's own heap barely grows meanwhile, so no collection comes until V8's external-memory limit (about 64 MB)
 * forces one: on a process's first big submission the dead buffers alone grew its resident set by 1.8× the body.
 *
 * `YoungGarbage` counts such bytes and, every `every` bytes, runs a young-generation collection (a scavenge: about
 * a millisecond with this thread's small young generation), which frees the dead ones. V8 offers no call for that
 * but its `gc` extension; it is taken once, in a context of its own, and the flag that exposes it is set back at
 * once, so no other context (nor any worker thread started later) sees a `gc` global.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type GcOptions = { type: 'minor' | 'major'; execution: 'sync' | 'async' };

let collect: ((options: GcOptions) => void) | null | undefined;

/** V8's collector, or null where it cannot be had (the flag refused): then nothing is collected early. */
function collector(): ((options: GcOptions) => void) | null {
  if (collect !== undefined) return collect;
  const own: unknown = (globalThis as { gc?: unknown }).gc; // started with --expose-gc: the flag stays as it is
  if (typeof own === 'function') return (collect = own as (options: GcOptions) => void);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as (options: GcOptions) => void) : null;
  } catch {
    collect = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

export class YoungGarbage {
  #since = 0;
  readonly #every: number;

  /** `every`: bytes made garbage between collections. */
  constructor(every: number) {
    this.#every = every;
  }

  /** `bytes` more are garbage (or about to be: the collection after next frees what the current one still sees). */
  add(bytes: number): void {
    this.#since += bytes;
    if (this.#since < this.#every) return;
    this.#since = 0;
    collector()?.({ type: 'minor', execution: 'sync' });
  }
}
