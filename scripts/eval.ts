/**
 * The evaluation (docs/evaluation.md): runs the insights engine over the hand-labelled personas of
 * test/fixtures/eval/ and prints category agreement, income-source, recurring-series and own-transfer
 * precision and recall, exact markers and monthly totals beside their targets (docs/evaluation.md).
 *
 *   npm run eval                 the report; exits 0
 *   npm run eval -- --verbose    also every mismatch (persona, transaction text, label → got)
 *   npm run eval -- --check      exits 1 when a target fails
 *   npm run eval -- --persona p07   only these personas (repeatable)
 *   npm run eval -- --labels corrections.json   score the engine on labels exported from the service's corrections
 */
import { AS_OF } from '../test/fixtures/eval/model.ts';
import { personas } from '../test/fixtures/eval/personas/index.ts';
import { incomeDetailRows, metricRows, passes, renderConfusions, renderPersonas, renderTable } from './eval/print.ts';
import { runEvaluation } from './eval/run.ts';
import { readFileSync } from 'node:fs';
import { readLabels, scoreLabels } from './eval/labels.ts';

const args = process.argv.slice(2);
const labelsAt = args.indexOf('--labels');
if (labelsAt >= 0) {
  // Labels from the service's corrections (docs/evaluation.md, "Labels from corrections"): category agreement only.
  const file = args[labelsAt + 1];
  if (!file) throw new Error('--labels needs a file: the body of GET /public/v3/category_corrections/labels');
  const s = scoreLabels(readLabels(readFileSync(file, 'utf8')));
  const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);
  console.log(`Labels from corrections: ${s.count} transactions (${file})`);
  console.log(`Category agreement by count: ${pct(s.agreeing, s.count)}; by money: ${pct(s.agreeingMoney, s.money)}`);
  if (args.includes('--verbose')) for (const m of s.mismatches) console.log(`  ${m.name}: ${m.label} → ${m.got}`);
  process.exit(0);
}
const verbose = args.includes('--verbose');
const check = args.includes('--check');
const only = args.flatMap((a, i) => (a === '--persona' && args[i + 1] ? [args[i + 1] as string] : []));
const selected = only.length ? personas.filter((p) => only.includes(p.id)) : personas;

// The held-out personas (docs/evaluation.md, "Held out") are scored apart and only as figures: their
// mismatches are not printed, so no tuning step looks at them.
const tuning = selected.filter((p) => !p.heldOut);
const heldOut = selected.filter((p) => p.heldOut);
const result = runEvaluation(tuning);
const rows = [...metricRows(result), ...incomeDetailRows(result)];
const transactions = result.personas.reduce((n, p) => n + p.transactions, 0);

console.log(`Evaluation of the insights engine ${result.engineVersion}, asOf ${new Date(AS_OF * 1000).toISOString()}`);
console.log(
  `Tuning set: ${result.personas.length} personas, ${transactions} transactions (test/fixtures/eval/personas)`,
);
console.log(
  result.incomeFallback
    ? 'Income sources: FALLBACK — employment.income_sources is not in the report; scored employment.expected_salary (salaries only, matched by amount within 10 %)'
    : 'Income sources: employment.income_sources',
);
console.log('');
for (const line of renderTable(rows)) console.log(line);
console.log('');
for (const line of renderConfusions(result, 15)) console.log(line);
console.log('');
for (const line of renderPersonas(result, verbose)) console.log(line);

let failed = rows.filter((row) => !passes(row));
if (heldOut.length > 0) {
  const held = runEvaluation(heldOut);
  const heldRows = [...metricRows(held), ...incomeDetailRows(held)];
  const heldTransactions = held.personas.reduce((n, p) => n + p.transactions, 0);
  console.log('');
  console.log(
    `Held-out set (kept out of every tuning step; figures only): ${held.personas.length} personas, ${heldTransactions} transactions`,
  );
  console.log('');
  for (const line of renderTable(heldRows)) console.log(line);
  failed = [...failed, ...heldRows.filter((row) => !passes(row))];
}
console.log('');
console.log(failed.length ? `${failed.length} target(s) not met.` : 'Every target met.');
if (check && failed.length) process.exitCode = 1;
