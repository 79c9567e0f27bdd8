/**
 * The affordability assessment (docs/analytics.md, "Affordability assessment"): verified income, spending grouped
 * as the Standard Financial Statement, the customer's declaration against the bank data, and the lender's policy
 * (minimum living costs, a stress on variable-rate payments, a proposed commitment), giving disposable income
 * before and after the proposed commitment, stressed and unstressed, with the reasons. Pure: the report's insights,
 * the income evidence, the policy and the declaration in; the assessment out. Beside endpoint 16, not instead of it.
 */
import { personalCategories } from '../categories/taxonomy.ts';
import { round2 } from '../money.ts';
import type { Insights } from '../report-types.ts';
import type {
  Assessment,
  Declaration,
  DeclaredItem,
  IncomeStreamAssessment,
  NotCountedIncome,
  Policy,
} from './assessment-schema.ts';
import type { IncomeCandidate } from './income-evidence.ts';
import { INCOME_MAP, livingCostFor } from './sfs-map.ts';
import { categorySpending, committedItems, sfsHeadings } from './sfs-expenditure.ts';
import type { CategorySpending } from './sfs-expenditure.ts';
import { assessIncomeStream } from './verified-income.ts';
import { buildWaterfall, type Figures } from './waterfall.ts';
import { reasonsFor } from './reasons.ts';

export interface AssessmentInput {
  /** Unix seconds the report is computed as of */
  asOf: number;
  insights: Insights;
  candidates: readonly IncomeCandidate[];
  policy: Policy;
  declaration: Declaration | null;
  /** each expenditure category's payments in the window (transaction ids, newest first), to explain its figures */
  spendingIds?: ReadonlyMap<string, readonly string[]>;
  /** the proposed commitment asked about, instead of the policy's */
  proposed?: { monthly_amount: number; variable_rate: boolean };
}

const ID_BY_NAME = new Map(personalCategories.map((c) => [c.name, c.id]));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** A commitment is assessed at the higher of its window average and its last three months (a rent that rose). */
const assessed = (s: CategorySpending) => Math.max(s.average, s.last3Average, 0);

function notCountedIncome(insights: Insights): NotCountedIncome[] {
  return insights.income.categories.flatMap((c) => {
    const id = ID_BY_NAME.get(c.name);
    const mapping = id === undefined ? undefined : INCOME_MAP.get(id);
    if (id === undefined || mapping?.counts !== 'never') return [];
    const amounts = c.monthly_amounts.map((m) => m.amount);
    const avg = amounts.length === 0 ? 0 : sum(amounts) / amounts.length;
    return [{ category: id, monthly_average: round2(avg), reason: mapping.note }];
  });
}

/** `floor`: the least the assessment deducts for the item whatever was declared (living costs at the policy's minimum). */
function compare(
  item: DeclaredItem['item'],
  declared: number,
  verified: number,
  tolerance: number,
  floor = verified,
): DeclaredItem {
  const variance = declared - verified;
  const used = item === 'income' ? Math.min(declared, verified) : Math.max(declared, floor);
  return {
    item,
    declared: round2(declared),
    verified: round2(verified),
    variance: round2(variance),
    variance_percent: verified === 0 ? null : round2((100 * variance) / verified),
    exceeds_tolerance: verified === 0 ? declared > 0 : Math.abs(variance) > (tolerance / 100) * verified,
    used: round2(used),
  };
}

function streamsOf(input: AssessmentInput): IncomeStreamAssessment[] {
  return input.candidates
    .map((c) => assessIncomeStream(c, input.policy.income))
    .sort((a, b) => Number(b.counted) - Number(a.counted) || b.monthly_amount - a.monthly_amount);
}

/** What the bank data shows per month, each line at its assessed level. */
function observedFigures(
  spending: readonly CategorySpending[],
  streams: readonly IncomeStreamAssessment[],
  policy: Policy,
) {
  const of = (keep: (s: CategorySpending) => boolean) => sum(spending.filter(keep).map(assessed));
  const committed = (s: CategorySpending) => s.mapping.class === 'committed';
  const variable = new Set(policy.variable_rate_categories);
  return {
    income: sum(streams.map((s) => s.monthly_amount)),
    housing: of((s) => committed(s) && s.mapping.declared === 'housing'),
    credit: of((s) => committed(s) && s.mapping.declared === 'credit_commitments'),
    otherCommitted: of(
      (s) => committed(s) && s.mapping.declared !== 'housing' && s.mapping.declared !== 'credit_commitments',
    ),
    essential: of((s) => s.mapping.class === 'essential'),
    variableRate: of((s) => committed(s) && variable.has(s.category)),
  };
}

function declaredAgainst(
  declaration: Declaration | null,
  observed: ReturnType<typeof observedFigures>,
  buffer: number,
  tolerance: number,
): Assessment['declared'] {
  if (!declaration) return null;
  return {
    declaration_id: declaration.id,
    declared_at: declaration.declared_at,
    items: [
      compare('income', declaration.income, observed.income, tolerance),
      compare('housing', declaration.housing, observed.housing, tolerance),
      compare('credit_commitments', declaration.credit_commitments, observed.credit, tolerance),
      compare(
        'other_essential',
        declaration.other_essential,
        observed.otherCommitted + observed.essential,
        tolerance,
        observed.otherCommitted + Math.max(observed.essential, buffer),
      ),
    ],
  };
}

const ym = (m: { year: number; month: number } | undefined) =>
  m === undefined ? '' : `${m.year}-${String(m.month).padStart(2, '0')}`;
const classTotal = (spending: readonly CategorySpending[], c: string) =>
  sum(spending.filter((s) => s.mapping.class === c).map((s) => Math.max(0, s.average)));

export function assessAffordability(input: AssessmentInput): Assessment {
  const { insights, policy, declaration } = input;
  const streams = streamsOf(input);
  const items = committedItems(insights, policy);
  const spending = categorySpending(insights, items);
  const months = insights.expenditure.monthly_amounts;
  const householdSize = declaration?.household_size ?? 1;
  const observed = observedFigures(spending, streams, policy);
  const buffer = livingCostFor(policy, householdSize);
  const declared = declaredAgainst(declaration, observed, buffer, policy.declared_tolerance_percent);
  const proposed = input.proposed ?? policy.proposed_commitment;
  const figures: Figures = {
    verifiedIncome: observed.income,
    declaration,
    housing: observed.housing,
    credit: observed.credit,
    otherCommitted: observed.otherCommitted,
    essential: observed.essential,
    buffer,
    householdSize,
    variableRate: observed.variableRate,
    stressPercent: policy.variable_rate_stress_percent,
    proposed,
  };
  const { steps, disposable } = buildWaterfall(figures);
  const discretionary = classTotal(spending, 'discretionary');
  return {
    currency: insights.income.currency,
    window: { months: months.length, from: ym(months[0]), to: ym(months[months.length - 1]) },
    policy_version: policy.version,
    household_size: householdSize,
    income: { verified_monthly: round2(observed.income), streams, not_counted: notCountedIncome(insights) },
    expenditure: {
      headings: sfsHeadings(spending, months, input.spendingIds),
      committed_monthly: round2(sum(spending.map((s) => s.committed))),
      essential_monthly: round2(classTotal(spending, 'essential')),
      discretionary_monthly: round2(discretionary),
      committed_items: items,
    },
    declared,
    proposed_commitment: { monthly_amount: round2(proposed.monthly_amount), variable_rate: proposed.variable_rate },
    waterfall: steps,
    disposable_income: disposable,
    affordable: disposable.after_commitment.stressed >= 0,
    reasons: reasonsFor({ figures, disposable, streams, declared, insights, discretionary }),
  };
}
