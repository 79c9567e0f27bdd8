/**
 * The load of bench/small-reads.bench.ts, in a process of its own so neither its event loop nor its CPU time is the
 * server's: keeps `concurrency` GETs in flight on keep-alive connections for `durationMs`, counts the answers, and
 * prints the count as one JSON line. The job is the first argument (JSON).
 */
import { Pool } from 'undici';

interface Job {
  origin: string;
  path: string;
  headers: Record<string, string>;
  durationMs: number;
  concurrency: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const pool = new Pool(job.origin, { connections: job.concurrency, pipelining: 1 });
const until = performance.now() + job.durationMs;
let ok = 0;
let failed = 0;
let firstFailure: string | null = null;

async function loop(): Promise<void> {
  while (performance.now() < until) {
    const res = await pool.request({ method: 'GET', path: job.path, headers: job.headers });
    const text = await res.body.text();
    if (res.statusCode === 200) ok += 1;
    else {
      failed += 1;
      firstFailure ??= `${res.statusCode} ${text.slice(0, 200)}`;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: job.concurrency }, loop));
const seconds = (performance.now() - started) / 1000;
await pool.close();
process.stdout.write(`${JSON.stringify({ ok, failed, firstFailure, perSecond: ok / seconds })}\n`);
