/**
 * Runs the engine over every evaluation persona and adds up the scores (docs/evaluation.md).
 */
import { computeReport } from '../../src/analytics/compute-report.ts';
import { expandPersona } from '../../test/fixtures/eval/expand.ts';
import { AS_OF, type Persona } from '../../test/fixtures/eval/model.ts';
import {
  addPR,
  addRatio,
  scoreCategories,
  scoreMonthlyTotals,
  scoreOwnTransfers,
  scoreRecurring,
  ZERO,
  ZERO_PR,
  type CategoryMismatch,
  type Labelled,
  type MonthResult,
  type PrecisionRecall,
  type Ratio,
  type RecurringScore,
} from './score.ts';
import {
  INCOME_TYPES,
  emptyTypeScore,
  predictedIncomeSources,
  scoreIncome,
  scoreVerification,
  truthIncomeSources,
  type TypeScore,
} from './score-income.ts';
import { compareMarkers, expectedMarkers, reportedMarkers, type MarkerMismatch } from './score-markers.ts';

export interface PersonaResult {
  personaId: string;
  transactions: number;
  categories: { byMoney: Ratio; byCount: Ratio; mismatches: CategoryMismatch[] };
  incomeProblems: string[];
  recurring: RecurringScore;
  ownTransfers: PrecisionRecall;
  markers: { checks: number; mismatches: MarkerMismatch[] };
  months: MonthResult[];
}

export interface EvalResult {
  engineVersion: string;
  personas: PersonaResult[];
  incomeFallback: boolean;
  income: Record<string, TypeScore>;
  /** pension and benefit sources recognised, by payer type ("pension from dwp") */
  incomeByPayer: Record<string, Ratio>;
  /** income_verification streams: reported per type (hit = a labelled stream of that kind), labelled per kind */
  verification: { reported: Record<string, Ratio>; labelled: Record<string, Ratio> };
  categories: { byMoney: Ratio; byCount: Ratio; mismatches: CategoryMismatch[] };
  recurring: {
    pr: PrecisionRecall;
    truthFound: Ratio;
    subscriptions: Ratio;
    rejected: Ratio;
    clean: Ratio;
    feeGroups: number;
  };
  ownTransfers: PrecisionRecall;
  markers: Ratio;
  months: Ratio;
}

function runPersona(persona: Persona): { result: PersonaResult; engineVersion: string; fallback: boolean } & {
  income: ReturnType<typeof scoreIncome>;
  verification: ReturnType<typeof scoreVerification>;
} {
  const x = expandPersona(persona);
  const report = computeReport({ accounts: x.accounts, transactions: x.transactions, asOf: AS_OF });
  const l: Labelled = { personaId: persona.id, asOf: AS_OF, transactions: x.transactions, labels: x.labels };
  const got = new Map(report.transactions.map((t) => [t.transactionId, t.categoryId]));
  const predicted = predictedIncomeSources(report);
  const truth = truthIncomeSources(l);
  const income = scoreIncome(truth, predicted.sources);
  const verification = scoreVerification(truth, report.insights.income_verification?.streams ?? []);
  const expected = expectedMarkers(l);
  const result: PersonaResult = {
    personaId: persona.id,
    transactions: x.transactions.length,
    categories: scoreCategories(l, got),
    incomeProblems: income.problems,
    recurring: scoreRecurring(l, report.insights.financial_patterns.recurrence),
    ownTransfers: scoreOwnTransfers(l, got),
    markers: { checks: Object.keys(expected).length, mismatches: compareMarkers(expected, reportedMarkers(report)) },
    months: scoreMonthlyTotals(l, report),
  };
  return { result, engineVersion: report.engineVersion, fallback: predicted.fallback, income, verification };
}

function addInto(total: Record<string, Ratio>, more: Readonly<Record<string, Ratio>>): void {
  for (const [key, r] of Object.entries(more)) total[key] = addRatio(total[key] ?? ZERO, r);
}

export function runEvaluation(personas: readonly Persona[]): EvalResult {
  const out: EvalResult = {
    engineVersion: '',
    personas: [],
    incomeFallback: false,
    income: Object.fromEntries(INCOME_TYPES.map((t) => [t, emptyTypeScore()])),
    incomeByPayer: {},
    verification: { reported: {}, labelled: {} },
    categories: { byMoney: ZERO, byCount: ZERO, mismatches: [] },
    recurring: { pr: ZERO_PR, truthFound: ZERO, subscriptions: ZERO, rejected: ZERO, clean: ZERO, feeGroups: 0 },
    ownTransfers: ZERO_PR,
    markers: ZERO,
    months: ZERO,
  };
  for (const persona of personas) {
    const { result: r, engineVersion, fallback, income, verification } = runPersona(persona);
    addInto(out.incomeByPayer, income.byPayer);
    addInto(out.verification.reported, verification.reported);
    addInto(out.verification.labelled, verification.labelled);
    out.engineVersion = engineVersion;
    out.incomeFallback ||= fallback;
    out.personas.push(r);
    for (const type of INCOME_TYPES) {
      const a = out.income[type] ?? emptyTypeScore();
      const b = income.byType[type];
      out.income[type] = {
        predicted: a.predicted + b.predicted,
        predictedRight: a.predictedRight + b.predictedRight,
        truth: a.truth + b.truth,
        found: a.found + b.found,
        foundRightFrequency: a.foundRightFrequency + b.foundRightFrequency,
      };
    }
    out.categories = {
      byMoney: addRatio(out.categories.byMoney, r.categories.byMoney),
      byCount: addRatio(out.categories.byCount, r.categories.byCount),
      mismatches: [...out.categories.mismatches, ...r.categories.mismatches],
    };
    out.recurring = {
      pr: addPR(out.recurring.pr, r.recurring.pr),
      truthFound: addRatio(out.recurring.truthFound, {
        hit: r.recurring.pr.truth - r.recurring.missed.length,
        of: r.recurring.pr.truth,
      }),
      subscriptions: addRatio(out.recurring.subscriptions, r.recurring.subscriptions),
      rejected: addRatio(out.recurring.rejected, r.recurring.rejected),
      clean: addRatio(out.recurring.clean, r.recurring.clean),
      feeGroups: out.recurring.feeGroups + r.recurring.feeGroups,
    };
    out.ownTransfers = addPR(out.ownTransfers, r.ownTransfers);
    out.markers = addRatio(out.markers, { hit: r.markers.checks - r.markers.mismatches.length, of: r.markers.checks });
    out.months = addRatio(out.months, { hit: r.months.filter((m) => m.right).length, of: r.months.length });
  }
  return out;
}
