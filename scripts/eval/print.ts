/**
 * Renders an evaluation result as plain, aligned text: the figures beside their targets, the largest category
 * confusions, and a line per persona with failures (every mismatch with --verbose).
 */
import { fromMonthIndex } from './windows.ts';
import { precision, recall, ratio, topConfusions, type PrecisionRecall, type Ratio } from './score.ts';
import { kindOfVerifiedType, type TypeScore } from './score-income.ts';
import type { EvalResult, PersonaResult } from './run.ts';

export interface Row {
  metric: string;
  value: number | null;
  detail: string;
  /** the figure must be at least this (a share, 0–1); undefined = no target */
  target?: number;
}

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`;
const frac = (hit: number, of: number): string => `${hit}/${of}`;
const pad = (s: string, n: number): string => s.padEnd(n);
const lpad = (s: string, n: number): string => s.padStart(n);

export const passes = (row: Row): boolean => row.target === undefined || (row.value ?? 0) >= row.target - 1e-12;

function incomeRows(type: string, s: TypeScore): Row[] {
  return [
    { metric: `${type}: precision`, value: ratio({ hit: s.predictedRight, of: s.predicted }), detail: frac(s.predictedRight, s.predicted), target: 1 },
    { metric: `${type}: recall`, value: ratio({ hit: s.found, of: s.truth }), detail: frac(s.found, s.truth) },
    { metric: `${type}: recall, right frequency`, value: ratio({ hit: s.foundRightFrequency, of: s.truth }), detail: frac(s.foundRightFrequency, s.truth), target: 1 },
  ]; // prettier-ignore
}

const prRows = (name: string, pr: PrecisionRecall, target: number, truthFound?: Ratio): Row[] => [
  { metric: `${name}: precision`, value: precision(pr), detail: frac(pr.truePositives, pr.predicted), target },
  truthFound
    ? { metric: `${name}: recall`, value: ratio(truthFound), detail: frac(truthFound.hit, truthFound.of), target }
    : { metric: `${name}: recall`, value: recall(pr), detail: frac(pr.truePositives, pr.truth), target },
];

export function metricRows(r: EvalResult): Row[] {
  const c = r.categories;
  const groups = r.recurring.pr.predicted;
  return [
    { metric: 'Category agreement, by money', value: ratio(c.byMoney), detail: `£${Math.round(c.byMoney.hit)}/£${Math.round(c.byMoney.of)}`, target: 0.97 },
    { metric: 'Category agreement, by count', value: ratio(c.byCount), detail: frac(c.byCount.hit, c.byCount.of) },
    ...Object.entries(r.income).flatMap(([type, s]) => incomeRows(`Income ${type}`, s)),
    ...prRows('Recurring series', r.recurring.pr, 0.95, r.recurring.truthFound),
    { metric: 'Recurring: subscriptions recall', value: ratio(r.recurring.subscriptions), detail: frac(r.recurring.subscriptions.hit, r.recurring.subscriptions.of), target: 0.9 },
    { metric: 'Recurring recall, a collection rejected', value: ratio(r.recurring.rejected), detail: frac(r.recurring.rejected.hit, r.recurring.rejected.of), target: 0.9 },
    { metric: 'Recurring recall, never rejected', value: ratio(r.recurring.clean), detail: frac(r.recurring.clean.hit, r.recurring.clean.of) },
    { metric: 'Recurring: groups mostly fees/returns', value: groups ? r.recurring.feeGroups / groups : 0, detail: frac(r.recurring.feeGroups, groups) },
    ...prRows('Own transfers (rows)', r.ownTransfers, 0.98),
    { metric: 'Markers exact (persona × marker)', value: ratio(r.markers), detail: frac(r.markers.hit, r.markers.of), target: 1 },
    { metric: 'Monthly totals right (customer-months)', value: ratio(r.months), detail: frac(r.months.hit, r.months.of), target: 0.98 },
  ]; // prettier-ignore
}

/** Pension and benefit recognition per payer type, and income_verification's streams by type. */
export function incomeDetailRows(r: EvalResult): Row[] {
  const rows = (prefix: string, m: Record<string, Ratio>, target?: number): Row[] =>
    Object.entries(m)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, x]) => ({ metric: `${prefix}${key}`, value: ratio(x), detail: frac(x.hit, x.of), target }));
  // rental, self-employed and other streams carry no income label to check them against: counted, not scored
  const reported = rows('Verification: reported ', r.verification.reported).map((row) =>
    kindOfVerifiedType(row.metric.split(' ').pop() ?? '') === null
      ? { ...row, value: null, detail: `${row.detail.split('/')[1]} reported` }
      : row,
  );
  return [
    ...rows('Recognised: ', r.incomeByPayer, 0.95),
    ...rows('Verification: labelled ', r.verification.labelled, 0.95),
    ...reported,
  ];
}

export function renderTable(rows: readonly Row[]): string[] {
  const w = Math.max(...rows.map((row) => row.metric.length)) + 2;
  const head = `${pad('metric', w)}${lpad('value', 9)}  ${pad('detail', 20)}${pad('target', 9)}result`;
  const lines = rows.map((row) => {
    const value = row.value === null ? '—' : pct(row.value);
    const target = row.target === undefined ? '' : `≥ ${Math.round(row.target * 100)} %`;
    const result = row.target === undefined ? '' : passes(row) ? 'PASS' : 'FAIL';
    return `${pad(row.metric, w)}${lpad(value, 9)}  ${pad(row.detail, 20)}${pad(target, 9)}${result}`.trimEnd();
  });
  return [head, '-'.repeat(head.length + 4), ...lines];
}

export function renderConfusions(r: EvalResult, n: number): string[] {
  const top = topConfusions(r.categories.mismatches, n);
  if (top.length === 0) return ['No category confusions.'];
  const w = Math.max(...top.map((c) => `${c.label} → ${c.got}`.length)) + 2;
  return [
    `Top ${top.length} category confusions (label → got, money, count, example):`,
    ...top.map(
      (c) =>
        `  ${pad(`${c.label} → ${c.got}`, w)}${lpad(`£${c.money.toFixed(2)}`, 11)}${lpad(String(c.count), 6)}  ${c.example}`,
    ),
  ];
}

function personaSummary(p: PersonaResult): string | null {
  const parts: string[] = [];
  const money = ratio(p.categories.byMoney);
  if (money < 0.97) parts.push(`categories ${pct(money)} by money`);
  if (p.incomeProblems.length) parts.push(`income ${p.incomeProblems.length} problem(s)`);
  if (p.recurring.missed.length || p.recurring.falseGroups.length) {
    parts.push(`recurring ${p.recurring.missed.length} missed, ${p.recurring.falseGroups.length} false`);
  }
  if (p.markers.mismatches.length) parts.push(`markers ${p.markers.mismatches.map((m) => m.marker).join(', ')}`);
  const wrongMonths = p.months.filter((m) => !m.right).length;
  if (wrongMonths) parts.push(`monthly totals ${wrongMonths}/12 wrong`);
  return parts.length ? `  ${p.personaId}: ${parts.join('; ')}` : null;
}

/** Category mismatches, identical ones (same text, amount and labels) once with a count. */
function categoryLines(p: PersonaResult): string[] {
  const counts = new Map<string, number>();
  for (const m of p.categories.mismatches) {
    const line = `category  ${m.text} (${m.amount}): ${m.label} → ${m.got}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => (n > 1 ? `${line}  ×${n}` : line));
}

function personaDetails(p: PersonaResult): string[] {
  const lines = [
    ...categoryLines(p),
    ...p.incomeProblems.map((s) => `income    ${s}`),
    ...p.recurring.missed.map((s) => `recurring missed ${s.streamId} (${s.category}, ${s.ids.length} in window)`),
    ...p.recurring.falseGroups.map((g) => `recurring false group "${g.description}" (${g.ids.length} ids)`),
    ...p.markers.mismatches.map((m) => `marker    ${m.marker}: expected ${m.expected}, got ${m.got}`),
    ...p.months
      .filter((m) => !m.right)
      .map((m) => {
        const { year, month } = fromMonthIndex(m.monthIndex);
        const when = `${year}-${String(month).padStart(2, '0')}`;
        return `month     ${when}: income ${m.income} → ${m.gotIncome}, expenditure ${m.expenditure} → ${m.gotExpenditure}`;
      }),
  ];
  return lines.map((s) => `    ${p.personaId} ${s}`);
}

export function renderPersonas(r: EvalResult, verbose: boolean): string[] {
  const lines: string[] = [];
  for (const p of r.personas) {
    const summary = personaSummary(p);
    if (!summary) continue;
    lines.push(summary);
    if (verbose) lines.push(...personaDetails(p));
  }
  return lines.length ? ['Personas with failures:', ...lines] : ['No persona has a failure.'];
}
