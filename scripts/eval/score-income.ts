/**
 * Income sources (salary, pension, benefit): precision and recall, and recall with the right frequency.
 * Truth: each stream labelled with `income`. Prediction: `employment.income_sources` when the engine has it,
 * else `employment.expected_salary` (salaries only, no transaction ids: matched by amount within 10 %).
 */
import type { Report } from '../../src/analytics/report-types.ts';
import type { IncomeFrequency, IncomeType } from '../../test/fixtures/eval/model.ts';
import { labelOf, type Labelled } from './score.ts';
import { inRecurrenceWindow } from './windows.ts';

export const INCOME_TYPES: readonly IncomeType[] = ['salary', 'pension', 'benefit'];

const FREQUENCY: Record<IncomeFrequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'FourWeekly',
  monthly: 'Monthly',
};

export interface TruthSource {
  streamId: string;
  type: IncomeType;
  /** who pays it: the hand label, or the default for its category (DEFAULT_PAYER) */
  payer: string;
  frequency: IncomeFrequency;
  ids: readonly string[];
  /** median of the last three payments */
  amount: number;
  /** paid in the last 12 complete months or the current month: must be reported */
  active: boolean;
}

export interface PredictedSource {
  type: string;
  frequency: string;
  description: string;
  amount: number;
  /** null when the prediction carries no ids (the expected_salary fallback) */
  ids: readonly string[] | null;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/**
 * The payer of an income stream whose persona does not name one: the body that pays every stream of that category
 * (docs/evaluation.md). A pension has no default: State Pension, a scheme and an annuity are told apart by hand.
 */
const DEFAULT_PAYER: Readonly<Record<string, string>> = {
  salary: 'employer',
  universal_credit: 'dwp',
  out_of_work_benefits: 'dwp',
  disability_benefits: 'dwp',
  other_benefits: 'dwp',
  child_benefit: 'hmrc',
  tax_credits: 'hmrc',
  housing_benefit: 'council',
};

export function truthIncomeSources(l: Labelled): TruthSource[] {
  const byStream = new Map<string, TruthSource & { ids: string[]; amounts: number[] }>();
  for (const t of l.transactions) {
    const label = labelOf(l, t.id);
    if (!label.income) continue;
    const s = byStream.get(label.streamId) ?? {
      streamId: label.streamId,
      ...label.income,
      payer: label.income.payer ?? DEFAULT_PAYER[label.category] ?? 'unlabelled',
      ids: [],
      amounts: [],
      amount: 0,
      active: false,
    };
    s.ids.push(t.id);
    s.amounts.push(t.amount);
    s.active ||= inRecurrenceWindow(t.bookedAt, l.asOf);
    byStream.set(label.streamId, s);
  }
  return [...byStream.values()].map(({ amounts, ...s }) => ({ ...s, amount: median(amounts.slice(-3)) }));
}

/** The engine's income sources, or the expected_salary fallback (`fallback: true`). */
export function predictedIncomeSources(report: Report): { fallback: boolean; sources: PredictedSource[] } {
  const employment = report.insights.employment as Report['insights']['employment'] & { income_sources?: unknown };
  if (Array.isArray(employment.income_sources)) {
    const sources = (employment.income_sources as Array<Record<string, unknown>>).map((s) => ({
      type: String(s.type),
      frequency: String(s.frequency),
      description: String(s.description ?? ''),
      amount: Number(s.amount),
      ids: Array.isArray(s.transaction_ids) ? s.transaction_ids.map(String) : [],
    }));
    return { fallback: false, sources };
  }
  const sources = employment.expected_salary.map((s) => ({
    type: 'salary',
    frequency: s.pay_frequency,
    description: `expected salary ${s.amount}`,
    amount: s.amount,
    ids: null,
  }));
  return { fallback: true, sources };
}

export interface TypeScore {
  predicted: number;
  predictedRight: number;
  truth: number;
  found: number;
  foundRightFrequency: number;
}

export interface IncomeScore {
  byType: Record<IncomeType, TypeScore>;
  /** pension and benefit sources recognised (reported with the right type), by payer type */
  byPayer: Record<string, { hit: number; of: number }>;
  problems: string[];
}

export const emptyTypeScore = (): TypeScore => ({
  predicted: 0,
  predictedRight: 0,
  truth: 0,
  found: 0,
  foundRightFrequency: 0,
});

/** The truth source a prediction matches: by majority of its ids, else (no ids) by amount within 10 %. */
function matchOf(p: PredictedSource, truth: readonly TruthSource[], taken: ReadonlySet<TruthSource>) {
  const candidates = truth.filter((t) => t.type === p.type && !taken.has(t));
  if (p.ids) {
    return candidates.find((t) => {
      const own = new Set(t.ids);
      return p.ids !== null && p.ids.filter((id) => own.has(id)).length > p.ids.length / 2;
    });
  }
  return candidates
    .filter((t) => t.active && Math.abs(p.amount - t.amount) <= 0.1 * Math.abs(t.amount))
    .sort((a, b) => Math.abs(p.amount - a.amount) - Math.abs(p.amount - b.amount))[0];
}

export function scoreIncome(truth: readonly TruthSource[], predicted: readonly PredictedSource[]): IncomeScore {
  const byType = { salary: emptyTypeScore(), pension: emptyTypeScore(), benefit: emptyTypeScore() };
  const problems: string[] = [];
  const byPayer: Record<string, { hit: number; of: number }> = {};
  const matched = new Map<TruthSource, PredictedSource>();
  for (const p of predicted) {
    const score = byType[p.type as IncomeType];
    if (score) score.predicted += 1;
    const t = matchOf(p, truth, new Set(matched.keys()));
    if (t && score) {
      score.predictedRight += 1;
      matched.set(t, p);
    } else problems.push(`reported ${p.type} "${p.description}" (${p.frequency}, ${p.amount}) matches no source`);
  }
  for (const t of truth.filter((x) => x.active)) {
    const score = byType[t.type];
    score.truth += 1;
    const p = matched.get(t);
    if (t.type !== 'salary') {
      const key = `${t.type} from ${t.payer}`;
      const payer = (byPayer[key] ??= { hit: 0, of: 0 });
      payer.of += 1;
      if (p) payer.hit += 1;
    }
    if (!p) {
      problems.push(`missed ${t.type} ${t.streamId} (${t.frequency}, ${t.amount})`);
      continue;
    }
    score.found += 1;
    if (p.frequency === FREQUENCY[t.frequency]) score.foundRightFrequency += 1;
    else problems.push(`${t.type} ${t.streamId}: frequency ${t.frequency} reported as ${p.frequency}`);
  }
  return { byType, byPayer, problems };
}

/** What income_verification reports, per stream type, against the hand-labelled income streams. */
export interface VerificationScore {
  /** per reported type: streams reported, and those whose ids are mostly one labelled stream of the same kind */
  reported: Record<string, { hit: number; of: number }>;
  /** per labelled kind: active labelled streams, and those reported with a type of that kind */
  labelled: Record<string, { hit: number; of: number }>;
}

/** The labelled kind a reported income_verification type belongs to (rental, self-employed, other: none). */
export function kindOfVerifiedType(type: string): IncomeType | null {
  if (type === 'salary') return 'salary';
  if (type === 'state_pension' || type === 'private_pension') return 'pension';
  if (['rental', 'self_employed', 'other'].includes(type)) return null;
  return 'benefit';
}

export function scoreVerification(
  truth: readonly TruthSource[],
  streams: ReadonlyArray<{ type: string; transaction_ids: readonly string[] }>,
): VerificationScore {
  const reported: VerificationScore['reported'] = {};
  const labelled: VerificationScore['labelled'] = {};
  const found = new Set<TruthSource>();
  for (const s of streams) {
    const r = (reported[s.type] ??= { hit: 0, of: 0 });
    r.of += 1;
    const kind = kindOfVerifiedType(s.type);
    const t = truth.find((x) => {
      const own = new Set(x.ids);
      return s.transaction_ids.filter((id) => own.has(id)).length > s.transaction_ids.length / 2;
    });
    if (t && t.type === kind) {
      r.hit += 1;
      found.add(t);
    }
  }
  for (const t of truth.filter((x) => x.active)) {
    const l = (labelled[t.type] ??= { hit: 0, of: 0 });
    l.of += 1;
    if (found.has(t)) l.hit += 1;
  }
  return { reported, labelled };
}
