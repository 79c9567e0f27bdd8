/**
 * Insights engine benchmark. Run: npm run bench:insights
 * Targets (issue 5): classification ≥ 200,000 transactions/s on one core; a full report (computeReport) for
 * 10,000 transactions (about 5 years of one customer) < 300 ms and for 100,000 < 3 s. The comparison with the
 * time to read the same rows from the database is added where the database is (the report.compute job).
 *
 * Data: generateVolume from src/personas (a busy salaried customer with a side trade), fixed seed and asOf.
 * Each figure is the best and the median of several runs, wall-clock and CPU time of this process (user +
 * system: the fairer figure on a shared machine where other work steals the core). The engine runs on one
 * thread; CPU time includes the garbage collector's helper threads.
 */
import { classifyTransactions } from '../src/analytics/classify/classify.ts';
import { computeReport } from '../src/analytics/compute-report.ts';
import type { EngineAccount, EngineTransaction } from '../src/analytics/types.ts';
import { generateVolume, toEngineInput } from '../src/personas/index.ts';

const AS_OF = 1_768_404_600; // 14 January 2026, 15:30 UTC

interface Timing {
  bestMs: number;
  medianMs: number;
  medianCpuMs: number;
}

function time(runs: number, work: () => unknown): Timing {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    const started = process.hrtime.bigint();
    work();
    wall.push(Number(process.hrtime.bigint() - started) / 1e6);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return { bestMs: Math.min(...wall), medianMs: median(wall), medianCpuMs: median(cpu) };
}

function input(count: number, seed: number): { accounts: EngineAccount[]; transactions: EngineTransaction[] } {
  return toEngineInput(generateVolume({ asOf: AS_OF, seed, transactions: count }));
}

const ms = (n: number): string => `${n.toFixed(1)} ms`;
const perSecond = (count: number, millis: number): string => Math.round(count / (millis / 1000)).toLocaleString('en-GB');
const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

console.log(`insights engine benchmark, node ${process.version}, asOf ${new Date(AS_OF * 1000).toISOString()}`);

// Warm up the JIT on other data, so the measured runs start with cold per-batch caches.
const warm = input(20_000, 99);
for (let i = 0; i < 3; i++) computeReport({ ...warm, asOf: AS_OF });

const large = input(100_000, 1);
const distinct = new Set(large.transactions.map((t) => t.description)).size;
const classify = time(7, () => classifyTransactions(large.transactions, large.accounts));
const bestRate = 100_000 / (classify.bestMs / 1000);
console.log(`\nclassification, 100,000 transactions (${distinct.toLocaleString('en-GB')} distinct descriptions)`);
console.log(`  best ${ms(classify.bestMs)} → ${perSecond(100_000, classify.bestMs)} tx/s; median ${ms(classify.medianMs)} → ${perSecond(100_000, classify.medianMs)} tx/s`);
console.log(`  median CPU ${ms(classify.medianCpuMs)} → ${perSecond(100_000, classify.medianCpuMs)} tx/s per CPU-second`);
console.log(`  target ≥ 200,000 tx/s: ${verdict(bestRate >= 200_000)}`);

for (const [count, runs, targetMs] of [[10_000, 15, 300], [100_000, 5, 3000]] as const) {
  const data = count === 100_000 ? large : input(count, 1);
  let events = 0;
  let recurring = 0;
  const t = time(runs, () => {
    const report = computeReport({ ...data, asOf: AS_OF });
    events = report.events.length;
    recurring = report.insights.financial_patterns.recurrence.length;
  });
  console.log(`\nfull report, ${count.toLocaleString('en-GB')} transactions (${runs} runs; ${recurring} recurring, ${events} events)`);
  console.log(`  best ${ms(t.bestMs)}; median ${ms(t.medianMs)}; median CPU ${ms(t.medianCpuMs)}`);
  console.log(`  target < ${targetMs} ms: ${verdict(t.bestMs < targetMs)}`);
}
