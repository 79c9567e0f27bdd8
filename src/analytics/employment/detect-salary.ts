/**
 * The spec's Employment object, from the income streams (income-streams.ts). See docs/analytics.md, "Employment".
 * - expected_salary: each current salary stream: regular (two or more payments with a rhythm) and with no
 *   scheduled payment missed since its last one. Amount: the median of its last three payments; pay date: the
 *   next scheduled day (London midnight); frequency: Weekly, Fortnightly or Monthly (four-weekly pay, which the
 *   spec has no word for, is reported as Monthly while its dates follow the 28-day rhythm). A salary with two or
 *   more payments in the last 3 months but no rhythm is Irregular, expected one median gap after its last payment.
 * - number_of_salaries: the number of expected salaries.
 * - new_employer_indicator: a current salary stream first paid within the 12 months before asOf, after another
 *   employer had already paid a salary (a change of employer, not the start of the data).
 * - possible_loss_of_income_indicator: an established salary (three or more payments, regular) has missed a
 *   scheduled payment and no other salary stream began after its last payment.
 * - out_of_work_benefit_indicator: Jobseeker's Allowance, ESA or Income Support received in the 3 months before
 *   asOf, or Universal Credit received in them while no salary was.
 * - child_benefits_indicator: Child Benefit received in the 3 months before asOf.
 * - income_sources (ours): every salary, pension and benefit stream of the last 12 months (income-sources.ts).
 */
import { first, itemAt, last } from '../../lib/indexing.ts';
import { londonMidnight } from '../calendar/london.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { dayMonthsBeforeAsOf } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import type { Employment, ExpectedSalary, PayFrequency } from '../report-types.ts';
import { listIncomeSources } from './income-sources.ts';
import { isRegular } from './income-streams.ts';
import type { IncomeStream } from './income-streams.ts';

const FREQUENCY: Readonly<Record<string, PayFrequency>> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'Monthly',
  monthly: 'Monthly',
};

/** A regular salary stream with no missed payment: what a lender can expect to keep arriving. */
function isCurrentSalary(stream: IncomeStream): boolean {
  return stream.kind === 'salary' && isRegular(stream) && stream.missed.length === 0 && stream.cadence in FREQUENCY;
}

function irregularExpected(stream: IncomeStream, ledger: Ledger, since: number): ExpectedSalary | null {
  const recent = stream.days.filter((d) => d >= since);
  if (recent.length < 2) return null;
  const gaps = recent
    .slice(1)
    .map((d, i) => d - itemAt(recent, i))
    .sort((a, b) => a - b);
  const gap = itemAt(gaps, gaps.length >> 1);
  const next = Math.max(last(recent) + gap, ledger.asOfDay);
  return { amount: round2(stream.typicalAmount), expected_pay_date: londonMidnight(next), pay_frequency: 'Irregular' };
}

function receivedSince(streams: readonly IncomeStream[], since: number, test: (s: IncomeStream) => boolean): boolean {
  return streams.some((s) => test(s) && last(s.days) >= since);
}

export function detectEmployment(ledger: Ledger, streams: readonly IncomeStream[]): Employment {
  const salaries = streams.filter((s) => s.kind === 'salary');
  const threeMonthsAgo = dayMonthsBeforeAsOf(ledger, 3);
  const yearAgo = dayMonthsBeforeAsOf(ledger, 12);

  const expected: ExpectedSalary[] = [];
  for (const s of salaries) {
    const frequency = FREQUENCY[s.cadence];
    if (frequency !== undefined && isCurrentSalary(s) && s.nextExpectedDay !== null) {
      expected.push({
        amount: round2(s.typicalAmount),
        expected_pay_date: londonMidnight(s.nextExpectedDay),
        pay_frequency: frequency,
      });
    } else if (!isRegular(s)) {
      const irregular = irregularExpected(s, ledger, threeMonthsAgo);
      if (irregular) expected.push(irregular);
    }
  }
  expected.sort((a, b) => a.expected_pay_date - b.expected_pay_date || b.amount - a.amount);

  const newEmployer = salaries.some(
    (s) =>
      isCurrentSalary(s) &&
      first(s.days) >= yearAgo &&
      salaries.some((other) => other !== s && first(other.days) < first(s.days)),
  );
  const lossOfIncome = salaries.some(
    (s) =>
      isRegular(s) &&
      s.days.length >= 3 &&
      s.missed.length > 0 &&
      !salaries.some((other) => other !== s && first(other.days) > last(s.days)),
  );

  const salaryRecently = receivedSince(salaries, threeMonthsAgo, () => true);
  const outOfWork =
    receivedSince(streams, threeMonthsAgo, (s) => s.categoryId === 'out_of_work_benefits') ||
    (!salaryRecently && receivedSince(streams, threeMonthsAgo, (s) => s.categoryId === 'universal_credit'));

  return {
    number_of_salaries: expected.length,
    expected_salary: expected,
    currency: ledger.currency,
    new_employer_indicator: newEmployer,
    possible_loss_of_income_indicator: lossOfIncome,
    out_of_work_benefit_indicator: outOfWork,
    child_benefits_indicator: receivedSince(streams, threeMonthsAgo, (s) => s.categoryId === 'child_benefit'),
    income_sources: listIncomeSources(ledger, streams),
  };
}
