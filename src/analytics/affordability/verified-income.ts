/**
 * Verified income (docs/analytics.md, "Affordability assessment", step 2): of the candidate streams
 * (income-evidence.ts), only those likely to continue count. A stream counts when it is current (paid within its
 * period and no payment missed), was paid in enough of the window's complete months, is steady enough, the engine
 * is sure enough of it, and its category is one that can be income (data/sfs-categories.json). One-off credits
 * fail the months rule; loans received, own transfers and refunds are never streams (and their categories never
 * count). Each stream carries the reasons it counts or does not.
 */
import { isoDate, londonDay } from '../calendar/london.ts';
import { round2, round4 } from '../money.ts';
import type { IncomeStreamAssessment, PolicyBody } from './assessment-schema.ts';
import type { IncomeCandidate } from './income-evidence.ts';
import { INCOME_MAP } from './sfs-map.ts';

const pounds = (x: number) => `£${round2(x).toFixed(2)}`;

/** What the stream is worth per month, and how that was worked out. */
function monthlyValue(c: IncomeCandidate): { amount: number; how: string } {
  if (c.frequency !== 'Irregular' || c.windowAverage === null)
    return { amount: c.monthlyEquivalent, how: `${pounds(c.monthlyEquivalent)} a month (its monthly equivalent)` };
  const amount = Math.min(c.windowAverage, c.monthlyEquivalent);
  return {
    amount,
    how: `the lower of the 12-month average ${pounds(c.windowAverage)} and the last three months' ${pounds(c.monthlyEquivalent)}`,
  };
}

function failuresOf(c: IncomeCandidate, rules: PolicyBody['income']): string[] {
  const failures: string[] = [];
  const mapping = INCOME_MAP.get(c.category);
  if (mapping?.counts === 'never') failures.push(mapping.note);
  const need = c.frequency === 'Irregular' ? rules.min_months_seen_irregular : rules.min_months_seen;
  if (c.monthsSeen < need) failures.push(`paid in ${c.monthsSeen} of the last 12 months; at least ${need} are needed`);
  if (!c.active)
    failures.push(
      c.missedPayments > 0
        ? `${c.missedPayments} scheduled payment(s) since the last one have not arrived`
        : `not paid since ${isoDate(londonDay(c.lastPaymentDate))}: no longer current for a ${c.frequency.toLowerCase()} stream`,
    );
  if (c.stability < rules.min_stability)
    failures.push(`stability ${round4(c.stability)} is below the policy's ${rules.min_stability}`);
  if (c.confidence !== null && c.confidence < rules.min_confidence)
    failures.push(`confidence ${c.confidence} is below the policy's ${rules.min_confidence}`);
  return failures;
}

export function assessIncomeStream(c: IncomeCandidate, rules: PolicyBody['income']): IncomeStreamAssessment {
  const failures = failuresOf(c, rules);
  const value = monthlyValue(c);
  const counted = failures.length === 0 && value.amount > 0;
  const reasons = counted
    ? [
        `paid in ${c.monthsSeen} of the last 12 months`,
        `current: last paid ${isoDate(londonDay(c.lastPaymentDate))}`,
        `stability ${round4(c.stability)}${c.confidence === null ? '' : `, confidence ${c.confidence}`}`,
        `counted at ${value.how}`,
      ]
    : failures.length > 0
      ? failures
      : ['nothing received in the last three complete months'];
  return {
    description: c.description,
    type: c.type,
    category: c.category,
    frequency: c.frequency,
    counted,
    monthly_amount: counted ? round2(value.amount) : 0,
    months_seen: c.monthsSeen,
    last_payment_date: c.lastPaymentDate,
    stability: round4(c.stability),
    confidence: c.confidence,
    reasons,
    transaction_ids: c.transactionIds,
  };
}
