/**
 * Turns at the PDF printer, shared fairly between clients (docs/decisions/0045-a-fair-printer.md): each client has
 * its own queue, at most `perOwner` of its documents print at once and at most `queuePerOwner` wait, and a free turn
 * goes to the client served longest ago that has a document waiting, not to whoever queued most. So one client's
 * burst of twenty costs another client at most the document being printed when it arrives: its own document is
 * next. A document that has not started by `waitMs` is refused (503 with Retry-After), never left waiting silently.
 */
import { PdfUnavailableError } from './overview.printer-errors.ts';

export interface PrintQueueLimits {
  /** documents printed at once, all clients together */
  concurrency: number;
  /** documents of one client printed at once */
  perOwner: number;
  /** documents of one client waiting for a turn; more are refused at once */
  queuePerOwner: number;
  /** documents waiting, all clients together; more are refused at once */
  queueTotal: number;
  /** how long a document may wait for its turn before it is refused */
  waitMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** Seconds a refused caller is told to wait: about one document's printing. */
const BUSY_RETRY_AFTER_SECONDS = 10;
/** Clients whose last turn is remembered while idle (a client forgotten counts as never served: first in line). */
const MAX_REMEMBERED = 10_000;

export class PrintQueue {
  private active = 0;
  private waitingTotal = 0;
  private readonly running = new Map<string, number>();
  /** waiting documents per client */
  private readonly waiting = new Map<string, Waiter[]>();
  /** when each client last had a turn (a sequence number): the free turn goes to the one served longest ago */
  private readonly lastServed = new Map<string, number>();
  private turns = 0;
  private readonly limits: PrintQueueLimits;

  constructor(limits: PrintQueueLimits) {
    this.limits = limits;
  }

  /** How many documents wait, in all and for one client (tests and metrics). */
  waitingCount(owner?: string): number {
    return owner === undefined ? this.waitingTotal : (this.waiting.get(owner)?.length ?? 0);
  }

  /** A turn for one of `owner`'s documents: resolves with the function that ends it, or rejects (503). */
  acquire(owner: string): Promise<() => void> {
    if (this.canStart(owner)) return Promise.resolve(this.begin(owner));
    const queue = this.waiting.get(owner) ?? [];
    if (queue.length >= this.limits.queuePerOwner || this.waitingTotal >= this.limits.queueTotal)
      return Promise.reject(busy('Too many PDF reports are waiting to be printed; try again shortly.'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => resolve(this.begin(owner)),
        timer: setTimeout(() => {
          this.remove(owner, waiter);
          reject(busy('The PDF printer is busy and the report could not be started in time; try again shortly.'));
        }, this.limits.waitMs).unref(),
      };
      queue.push(waiter);
      this.waiting.set(owner, queue);
      this.waitingTotal++;
    });
  }

  private canStart(owner: string): boolean {
    return this.active < this.limits.concurrency && (this.running.get(owner) ?? 0) < this.limits.perOwner;
  }

  private begin(owner: string): () => void {
    this.active++;
    this.lastServed.set(owner, ++this.turns);
    this.running.set(owner, (this.running.get(owner) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active--;
      const left = (this.running.get(owner) ?? 1) - 1;
      if (left === 0) this.running.delete(owner);
      if (left === 0 && !this.waiting.has(owner) && this.lastServed.size > MAX_REMEMBERED)
        this.lastServed.delete(owner);
      else this.running.set(owner, left);
      this.dispatch();
    };
  }

  /** Starts waiting documents while there are turns, each to the client served longest ago that may print. */
  private dispatch(): void {
    while (this.active < this.limits.concurrency) {
      let chosen: string | null = null;
      for (const [owner, queue] of this.waiting) {
        if (queue.length === 0 || !this.canStart(owner)) continue;
        if (chosen === null || (this.lastServed.get(owner) ?? 0) < (this.lastServed.get(chosen) ?? 0)) chosen = owner;
      }
      if (chosen === null) return;
      const queue = this.waiting.get(chosen) as Waiter[];
      const next = queue.shift() as Waiter;
      if (queue.length === 0) this.waiting.delete(chosen);
      clearTimeout(next.timer);
      this.waitingTotal--;
      next.start();
    }
  }

  private remove(owner: string, waiter: Waiter): void {
    const queue = this.waiting.get(owner);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.waitingTotal--;
    if (queue.length === 0) this.waiting.delete(owner);
  }
}

function busy(message: string): PdfUnavailableError {
  return new PdfUnavailableError(message, BUSY_RETRY_AFTER_SECONDS);
}
