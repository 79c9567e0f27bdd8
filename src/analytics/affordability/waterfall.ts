/**
 * The waterfall from verified income to disposable income (docs/analytics.md, "Affordability assessment",
 * step 4). Income used is the lower of verified and declared; each spending line the higher of what the bank
 * data shows and what was declared; day-to-day living costs are at least the policy's minimum for the household.
 * The stress raises variable-rate payments (and the proposed commitment when it is variable-rate) by the policy's
 * percentage.
 */
import { round2 } from '../money.ts';
import type { Assessment, Declaration, WaterfallStep } from './assessment-schema.ts';

export interface Figures {
  verifiedIncome: number;
  declaration: Declaration | null;
  /** what the bank data shows per month */
  housing: number;
  credit: number;
  otherCommitted: number;
  essential: number;
  /** the policy's minimum living costs for the household */
  buffer: number;
  householdSize: number;
  /** the monthly payments of the variable-rate categories */
  variableRate: number;
  stressPercent: number;
  proposed: { monthly_amount: number; variable_rate: boolean };
}

const pounds = (x: number) => `£${round2(x).toFixed(2)}`;

export function buildWaterfall(f: Figures): {
  steps: WaterfallStep[];
  disposable: Assessment['disposable_income'];
} {
  const steps: WaterfallStep[] = [];
  let total = 0;
  const add = (step: string, label: string, amount: number, kind = 'change') => {
    total += amount;
    steps.push({ step, kind, label, amount: round2(amount), running_total: round2(total) });
  };
  const subtotal = (step: string, label: string) =>
    steps.push({ step, kind: 'subtotal', label, amount: 0, running_total: round2(total) });
  const d = f.declaration;
  add('verified_income', 'Verified income', f.verifiedIncome, 'start');
  if (d && d.income < f.verifiedIncome)
    add('declared_income_lower', `Declared income is lower (${pounds(d.income)})`, d.income - f.verifiedIncome);
  const housing = Math.max(f.housing, d?.housing ?? 0);
  add('housing', housing > f.housing ? 'Rent or mortgage (declared)' : 'Rent or mortgage', -housing);
  const credit = Math.max(f.credit, d?.credit_commitments ?? 0);
  add('credit_commitments', credit > f.credit ? 'Credit commitments (declared)' : 'Credit commitments', -credit);
  add('other_committed', 'Other committed spending (council tax, utilities, insurance, …)', -f.otherCommitted);
  const living = Math.max(f.essential, f.buffer);
  add(
    'living_costs',
    living > f.essential
      ? `Living costs: the policy's minimum for a household of ${f.householdSize}`
      : 'Living costs (food, travel, personal costs)',
    -living,
  );
  const declaredOther = d?.other_essential ?? 0;
  if (declaredOther > f.otherCommitted + living)
    add(
      'other_essential_declared',
      'Declared essential spending above the bank data',
      -(declaredOther - f.otherCommitted - living),
    );
  const before = total;
  subtotal('disposable_before_commitment', 'Disposable income before the proposed commitment');
  add('proposed_commitment', 'Proposed commitment', -f.proposed.monthly_amount);
  const after = total;
  subtotal('disposable_after_commitment', 'Disposable income after the proposed commitment');
  const rate = f.stressPercent / 100;
  const stressOnExisting = f.variableRate * rate;
  const stressOnProposed = f.proposed.variable_rate ? f.proposed.monthly_amount * rate : 0;
  add(
    'variable_rate_stress',
    `Stress: variable-rate payments up ${f.stressPercent}%`,
    -(stressOnExisting + stressOnProposed),
  );
  subtotal('disposable_after_commitment_stressed', 'Disposable income after the proposed commitment, stressed');
  return {
    steps,
    disposable: {
      before_commitment: { unstressed: round2(before), stressed: round2(before - stressOnExisting) },
      after_commitment: { unstressed: round2(after), stressed: round2(after - stressOnExisting - stressOnProposed) },
    },
  };
}
