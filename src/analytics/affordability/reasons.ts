/**
 * The reasons that drive an assessment (docs/analytics.md, "Affordability assessment", step 5), most important
 * first: a shortfall, income that does not count, declarations beyond the tolerance, the living-cost minimum, the
 * stress, and the risks the insights' Financial Markers show (gambling, high-cost credit). Each names its figures.
 */
import { round2 } from '../money.ts';
import type { Insights } from '../report-types.ts';
import type { Assessment, IncomeStreamAssessment, Reason } from './assessment-schema.ts';
import type { Figures } from './waterfall.ts';

const pounds = (x: number) => `£${round2(x).toFixed(2)}`;
const ITEM_NAMES: Readonly<Record<string, string>> = {
  income: 'income',
  housing: 'rent or mortgage',
  credit_commitments: 'credit commitments',
  other_essential: 'other essential spending',
};

export interface ReasonInput {
  figures: Figures;
  disposable: Assessment['disposable_income'];
  streams: readonly IncomeStreamAssessment[];
  declared: Assessment['declared'];
  insights: Insights;
  discretionary: number;
}

function declaredReasons(declared: Assessment['declared']): Reason[] {
  return (declared?.items ?? [])
    .filter((i) => i.exceeds_tolerance)
    .map((i) => ({
      code: `declared_${i.item}_${i.variance > 0 ? 'above' : 'below'}_verified`,
      message: `Declared ${ITEM_NAMES[i.item] ?? i.item} ${pounds(i.declared)} a month against ${pounds(i.verified)} in the bank data (${i.variance_percent === null ? 'none seen' : `${i.variance_percent > 0 ? '+' : ''}${i.variance_percent}%`}); the assessment uses ${pounds(i.used)}.`,
    }));
}

function markerReasons(insights: Insights, income: number): Reason[] {
  const m = insights.financial_markers;
  const out: Reason[] = [];
  const gambling = m.gambling.total_amounts.last_12m;
  if (gambling > 0)
    out.push({
      code: 'gambling',
      message: `Gambling of ${pounds(gambling)} over the last 12 months (${m.gambling.count} transactions, ${Math.round(m.gambling.ratio_to_income * 10) / 10}% of income); counted as discretionary spending, not deducted.`,
    });
  const payday = m.payday_loan.total_amounts.last_12m;
  if (payday > 0 || m.direct_loan_indicator)
    out.push({
      code: 'high_cost_credit',
      message: `Payday loans received: ${pounds(payday)} over the last 12 months (${m.payday_loan.count}); loans never count as income, and their repayments are credit commitments.`,
    });
  if (income > 0 && m.negative_balance_ratio > 0.1)
    out.push({
      code: 'overdrawn',
      message: `Overdrawn ${Math.round(m.negative_balance_ratio * 100)}% of the time over the last 12 months.`,
    });
  return out;
}

export function reasonsFor(r: ReasonInput): Reason[] {
  const { figures: f, disposable } = r;
  const reasons: Reason[] = [];
  const afterStressed = disposable.after_commitment.stressed;
  if (f.verifiedIncome === 0)
    reasons.push({
      code: 'no_verified_income',
      message: 'No income stream is likely to continue: verified income is £0.00.',
    });
  if (afterStressed < 0)
    reasons.push({
      code: 'shortfall',
      message: `Stressed disposable income after the proposed commitment is ${pounds(afterStressed)} a month.`,
    });
  else
    reasons.push({
      code: 'surplus',
      message: `Stressed disposable income after the proposed commitment is ${pounds(afterStressed)} a month.`,
    });
  for (const s of r.streams.filter((x) => !x.counted))
    reasons.push({
      code: 'income_not_counted',
      message: `${s.description} (${s.type}) does not count: ${s.reasons.join('; ')}.`,
    });
  reasons.push(...declaredReasons(r.declared));
  if (f.buffer > f.essential)
    reasons.push({
      code: 'living_cost_minimum',
      message: `Day-to-day spending in the bank data (${pounds(f.essential)} a month) is below the policy's minimum for a household of ${f.householdSize} (${pounds(f.buffer)}); the minimum is used.`,
    });
  const stress = disposable.after_commitment.unstressed - afterStressed;
  if (stress > 0)
    reasons.push({
      code: 'variable_rate_stress',
      message: `Variable-rate payments raised by ${f.stressPercent}%: ${pounds(stress)} a month more.`,
    });
  reasons.push(...markerReasons(r.insights, f.verifiedIncome));
  if (r.discretionary > 0)
    reasons.push({
      code: 'discretionary_not_deducted',
      message: `Discretionary spending of ${pounds(r.discretionary)} a month (leisure, shopping, gambling, savings) is shown but not deducted.`,
    });
  return reasons;
}
