/**
 * A 24-month report, this engine against another checkout's, measured in the same run (docs/evaluation.md: "a 24-month
 * report stays under its current time"). The input is the evaluation set (test/fixtures/eval/, 32 personas over
 * 24 months); in each round both engines compute every report, back to back in alternating order, and the
 * figure is the median of the rounds' ratios of CPU time (user + system of this process: fairer than wall-clock
 * on a shared machine).
 *
 *   git worktree add /tmp/engine-base <commit>   # the baseline, e.g. the commit before a change
 *   npx node bench/engine-compare.bench.ts /tmp/engine-base
 *
 * The baseline checkout needs no node_modules of its own when it is a worktree of this repository (the engine
 * imports only typebox, resolved from here through the symlink below if missing).
 */
import { existsSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeReport } from '../src/analytics/compute-report.ts';
import type { ReportInput } from '../src/analytics/compute-report.ts';
import { itemAt } from '../src/lib/indexing.ts';
import { expandPersona } from '../test/fixtures/eval/expand.ts';
import { AS_OF } from '../test/fixtures/eval/model.ts';
import { personas } from '../test/fixtures/eval/personas/index.ts';

const basePath = process.argv[2];
if (!basePath) {
  console.error('usage: npx node bench/engine-compare.bench.ts <path to the baseline checkout>');
  process.exit(2);
}
const base = resolve(basePath);
const modules = resolve(base, 'node_modules');
if (!existsSync(modules)) symlinkSync(resolve(import.meta.dirname, '../node_modules'), modules);
const baseline = (await import(pathToFileURL(resolve(base, 'src/analytics/compute-report.ts')).href)) as {
  computeReport: typeof computeReport;
  ENGINE_VERSION: string;
};

const inputs: ReportInput[] = personas.map((p) => {
  const { accounts, transactions } = expandPersona(p);
  return { accounts, transactions, asOf: AS_OF };
});
const transactions = inputs.reduce((n, i) => n + i.transactions.length, 0);

function cpuMs(engine: (input: ReportInput) => unknown): number {
  const start = process.cpuUsage();
  for (const input of inputs) engine(input);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return itemAt(sorted, sorted.length >> 1);
}

for (let w = 0; w < 3; w++) {
  cpuMs(baseline.computeReport);
  cpuMs(computeReport);
}
const ROUNDS = 25;
const old: number[] = [];
const now: number[] = [];
const ratios: number[] = [];
// Each round runs both engines back to back, in alternating order, and its ratio pairs two runs that saw the same
// machine: the median of those ratios shrugs off a neighbour's burst better than a ratio of two medians.
for (let k = 0; k < ROUNDS; k++) {
  const baseFirst = k % 2 === 0;
  const a = baseFirst ? cpuMs(baseline.computeReport) : cpuMs(computeReport);
  const b = baseFirst ? cpuMs(computeReport) : cpuMs(baseline.computeReport);
  const [o, n] = baseFirst ? [a, b] : [b, a];
  old.push(o);
  now.push(n);
  ratios.push(n / o);
}
const o = median(old);
const n = median(now);
const ratio = median(ratios);
console.log(
  `24-month reports: ${inputs.length} personas, ${transactions} transactions, ${ROUNDS} rounds (CPU, medians)`,
);
console.log(
  `  baseline (engine ${baseline.ENGINE_VERSION}, ${base}): ${o.toFixed(1)} ms, ${(o / inputs.length).toFixed(2)} ms a report`,
);
console.log(`  this engine: ${n.toFixed(1)} ms, ${(n / inputs.length).toFixed(2)} ms a report`);
console.log(
  `  ratio this ÷ baseline (median of the rounds' ratios): ${ratio.toFixed(2)} (target ≤ 1.00: ${ratio <= 1 ? 'met' : 'NOT met'})`,
);
