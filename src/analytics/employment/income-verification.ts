/**
 * `insights.income_verification` (ours, docs/analytics.md "Income verification"): every income stream
 * (income-streams.ts) with what a lender verifies income from — its type (salary, state or private pension, each
 * benefit, rental, self-employed, other), payer and payer type, rhythm, average and last amount, monthly
 * equivalent, dates, months seen, stability, and a confidence between 0 and 1 that is the sum of the evidence
 * weights listed beside it, so every figure is explained by its transactions.
 *
 * Evidence, strongest first (docs/classification.md, "Order of evidence"): the payer (a DWP, HMRC, council,
 * Social Security Scotland, pension scheme or annuity provider payee from the knowledge base, or a benefit or
 * pension scheme named in the text) → the bank's transaction type or a statement code → pay words → structure
 * (rhythm, stable amount, months seen). A stream found by structure alone says so (`structure_only`) and its
 * confidence stays below what a named payer gives.
 */
import { first, last } from '../../lib/indexing.ts';
import { hash53 } from '../../lib/cyrb53.ts';
import { londonMidnight, monthOfDay } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { dayMonthsBeforeAsOf } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS } from '../recurrence/cadence.ts';
import { amountStability, frequencyStability, moments } from '../recurrence/stability.ts';
import type {
  IncomeEvidence,
  IncomePayerType,
  IncomeStreamFrequency,
  IncomeStreamType,
  IncomeVerification,
  VerifiedIncomeStream,
} from '../report-types.ts';
import { isRegular } from './income-streams.ts';
import type { IncomeStream } from './income-streams.ts';

/** A stream of any kind: salary, pension and benefit, and rental, self-employed and other (income-streams.ts). */
type Stream = IncomeStream<string>;
import { creditChannel, hasBenefitWords, hasPayrollWords, hasPensionWords, looksLikePerson } from './payer-evidence.ts';

const TYPE_OF_CATEGORY: Readonly<Record<string, IncomeStreamType>> = {
  salary: 'salary',
  universal_credit: 'universal_credit',
  child_benefit: 'child_benefit',
  disability_benefits: 'disability_benefit',
  out_of_work_benefits: 'out_of_work_benefit',
  tax_credits: 'tax_credits',
  housing_benefit: 'housing_benefit',
  other_benefits: 'other_benefit',
  rental_income: 'rental',
  self_employment_income: 'self_employed',
};
const TYPE_ORDER: readonly IncomeStreamType[] = [
  'salary',
  'state_pension',
  'private_pension',
  'universal_credit',
  'child_benefit',
  'disability_benefit',
  'out_of_work_benefit',
  'tax_credits',
  'housing_benefit',
  'other_benefit',
  'rental',
  'self_employed',
  'other',
];
/** How many payments a month each rhythm makes. */
const PER_MONTH: Readonly<Partial<Record<IncomeStreamFrequency, number>>> = {
  weekly: 52 / 12,
  fortnightly: 26 / 12,
  four_weekly: 13 / 12,
  monthly: 1,
  last_working_day: 1,
  quarterly: 1 / 3,
};
/** Streams below this confidence are listed but left out of `verified_monthly_income`. */
const VERIFIED_CONFIDENCE = 0.5;

/** The State Pension as DWP's Pension Service prints it ("DWP SP", "DWP RP", "STATE PENSION", "PENSION SERVICE"). */
const STATE_PENSION_TEXT =
  /(?:^|[^A-Z])(?:STATE PENS\w*|PENSION SERVICE|DWP (?:SP|RP|PENS\w*)|(?:SP|RP) DWP)(?:[^A-Z]|$)/;
const DWP_TEXT = /(?:^|[^A-Z])(?:DWP|DEPT? FOR WORK|DEPARTMENT FOR WORK|JOBCENTRE|PENSION SERVICE)(?:[^A-Z]|$)/;
const HMRC_TEXT = /(?:^|[^A-Z])(?:HMRC|HM REVENUE|CHB|TAX CREDITS?)(?:[^A-Z]|$)/;
const SSS_TEXT = /SOCIAL SECURITY SC/;
const COUNCIL_TEXT =
  /(?:^|[^A-Z])(?:COUNCIL|COUNC\w*|BOROUGH|CITY OF|COUNTY|METROPOLITAN|LOCAL AUTHORITY|CC|BC|MBC|DC)(?:[^A-Z]|$)/;
const RENT_TEXT =
  /(?:^|[^A-Z])(?:RENT|RENTAL|LETTING|LETTINGS|LETS|ESTATES?|PROPERTY|PROPERTIES|TENANT|TENANCY)(?:[^A-Z]|$)/;

interface Texts {
  all: string[];
  some: (test: (text: string) => boolean) => boolean;
}

function textsOf(ledger: Ledger, stream: Stream): Texts {
  const all = [...new Set(stream.rows.map((r) => transactionOf(ledger, r).description.toUpperCase()))];
  return { all, some: (test) => all.some(test) };
}

function typeOf(stream: Stream, texts: Texts): IncomeStreamType {
  if (stream.categoryId === 'pension') {
    return /STATE PENSION/i.test(stream.payer) || texts.some((t) => STATE_PENSION_TEXT.test(t))
      ? 'state_pension'
      : 'private_pension';
  }
  return TYPE_OF_CATEGORY[stream.categoryId] ?? 'other';
}

function payerTypeOf(stream: Stream, type: IncomeStreamType, texts: Texts): IncomePayerType {
  const said = (re: RegExp): boolean => re.test(stream.payer.toUpperCase()) || texts.some((t) => re.test(t));
  if (said(SSS_TEXT)) return 'social_security_scotland';
  if (type === 'state_pension' || said(DWP_TEXT)) return 'dwp';
  if (type === 'child_benefit' || type === 'tax_credits' || said(HMRC_TEXT)) return 'hmrc';
  if (type === 'housing_benefit' || (stream.kind === 'benefit' && said(COUNCIL_TEXT))) return 'council';
  if (type === 'private_pension') return 'pension_provider';
  if (type === 'salary') return 'employer';
  if (type === 'rental' && said(RENT_TEXT)) return 'letting_agent';
  if (looksLikePerson(stream.payer)) return 'person';
  if (type === 'self_employed') return 'platform';
  return 'unknown';
}

/** Monthly on the last working day of each month, when every payment fell on it (and there are at least three). */
function frequencyOf(stream: Stream): IncomeStreamFrequency {
  if (!isRegular(stream)) return 'irregular';
  const cadence = stream.cadence;
  if (cadence === 'monthly') {
    const lwd = stream.days.length >= 3 && stream.days.every((d) => lastWorkingDayOfMonth(monthOfDay(d)) === d);
    return lwd ? 'last_working_day' : 'monthly';
  }
  if (cadence === 'yearly' || cadence === 'irregular') return 'irregular';
  return cadence;
}

function evidenceOf(
  ledger: Ledger,
  stream: Stream,
  type: IncomeStreamType,
  texts: Texts,
  monthsSeen: number,
  amountSteady: number,
): IncomeEvidence[] {
  const evidence: IncomeEvidence[] = [];
  const known = stream.rows.some((r) => ledger.merchant[r] != null);
  const isPension = type === 'state_pension' || type === 'private_pension';
  const isBenefit = stream.kind === 'benefit';
  if (known) {
    evidence.push({
      code: 'known_payer',
      detail: `${stream.payer} is a known payer of ${type.replaceAll('_', ' ')}`,
      weight: isPension || isBenefit ? 0.45 : 0.35,
    });
  }
  const scheme =
    (isPension && texts.some(hasPensionWords)) ||
    (isBenefit && texts.some(hasBenefitWords)) ||
    (type === 'rental' && texts.some((t) => RENT_TEXT.test(t)));
  if (scheme) {
    evidence.push({
      code: 'payer_scheme',
      detail: `the text names a ${isPension ? 'pension' : isBenefit ? 'benefit' : 'rent'} scheme or payer`,
      weight: known ? 0.1 : 0.3,
    });
  }
  if (type === 'salary' && texts.some(hasPayrollWords)) {
    evidence.push({ code: 'pay_words', detail: 'the text speaks of pay (SALARY, WAGES, NET PAY, ...)', weight: 0.3 });
  }
  const channels = new Set(
    stream.rows.map((r) => {
      const tx = transactionOf(ledger, r);
      return creditChannel(tx.type, tx.description);
    }),
  );
  if (channels.size === 1 && !channels.has(null)) {
    const channel = first([...channels]);
    evidence.push({
      code: 'type_code',
      detail: channel === 'bacs' ? 'every payment came by Bacs' : 'every payment came by Faster Payment',
      weight: channel === 'bacs' ? 0.15 : 0.1,
    });
  }
  if (isRegular(stream)) {
    const n = stream.days.length;
    evidence.push({
      code: 'rhythm',
      detail: `${n} payments on a ${stream.cadence.replace('_', '-')} schedule`,
      weight: round2(0.25 * Math.min(1, (n - 1) / 5)),
    });
  }
  if (stream.days.length >= 2 && amountSteady >= 0.8) {
    evidence.push({ code: 'stable_amount', detail: `amount stability ${round2(amountSteady)}`, weight: 0.1 });
  }
  if (monthsSeen >= 3) {
    evidence.push({
      code: 'history',
      detail: `paid in ${monthsSeen} of the last 12 complete months`,
      weight: monthsSeen >= 6 ? 0.15 : 0.1,
    });
  }
  if (!evidence.some((e) => e.code === 'known_payer' || e.code === 'payer_scheme' || e.code === 'pay_words')) {
    evidence.push({
      code: 'structure_only',
      detail: 'found by rhythm and amount alone: the text names neither the payer nor pay',
      weight: 0,
    });
  }
  return evidence;
}

function verify(ledger: Ledger, stream: Stream): VerifiedIncomeStream {
  const texts = textsOf(ledger, stream);
  const type = typeOf(stream, texts);
  const frequency = frequencyOf(stream);
  const yearAgo = dayMonthsBeforeAsOf(ledger, 12);
  const recent = stream.amounts.filter((_, i) => (stream.days[i] ?? 0) >= yearAgo);
  const amounts = recent.length > 0 ? recent : stream.amounts;
  const average = moments(amounts).mean;
  const completeMonths = new Set(
    stream.days.map(monthOfDay).filter((m) => m >= ledger.asOfMonth - 12 && m < ledger.asOfMonth),
  );
  const amountSteady = amountStability(amounts);
  const timingSteady = stream.days.length >= 3 ? frequencyStability(stream.days) : stream.days.length === 2 ? 0.5 : 0;
  const lastDay = last(stream.days);
  const regular = frequency !== 'irregular';
  const active = regular
    ? stream.missed.length === 0 &&
      ledger.asOfDay - lastDay <= PERIOD_DAYS[stream.cadence] + TOLERANCE_DAYS[stream.cadence]
    : ledger.asOfDay - lastDay <= 45;
  let monthly: number;
  const perMonth = PER_MONTH[frequency];
  if (perMonth !== undefined) monthly = average * perMonth;
  else {
    const since = dayMonthsBeforeAsOf(ledger, 3);
    const monthStart = ledger.asOfMonth;
    monthly =
      stream.amounts
        .filter((_, i) => {
          const d = stream.days[i] ?? 0;
          return d >= since && monthOfDay(d) < monthStart;
        })
        .reduce((s, a) => s + a, 0) / 3;
  }
  const evidence = evidenceOf(ledger, stream, type, texts, completeMonths.size, amountSteady);
  const confidence = Math.min(
    1,
    evidence.reduce((s, e) => s + e.weight, 0),
  );
  return {
    id: hash53(`income|${stream.key}`).toString(36),
    type,
    category: stream.categoryId,
    payer: stream.payer,
    payer_type: payerTypeOf(stream, type, texts),
    frequency,
    average_amount: round2(average),
    last_amount: round2(last(stream.amounts)),
    monthly_equivalent: round2(monthly),
    first_payment_date: londonMidnight(first(stream.days)),
    last_payment_date: londonMidnight(lastDay),
    next_expected_date:
      regular && active && stream.nextExpectedDay !== null ? londonMidnight(stream.nextExpectedDay) : null,
    payment_count: stream.days.length,
    months_seen: completeMonths.size,
    missed_payments: stream.missed.length,
    active,
    stability: round2(Math.min(amountSteady, timingSteady)),
    confidence: round2(confidence),
    evidence,
    transaction_ids: stream.rows.map((r) => transactionOf(ledger, r).id),
  };
}

/** Every income stream paid in the 12 months before asOf (or in asOf's month), current ones first. */
export function verifyIncome(ledger: Ledger, streams: readonly Stream[]): IncomeVerification {
  const fromMonth = ledger.asOfMonth - 12;
  const verified = streams.filter((s) => monthOfDay(last(s.days)) >= fromMonth).map((s) => verify(ledger, s));
  verified.sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
      b.monthly_equivalent - a.monthly_equivalent ||
      a.first_payment_date - b.first_payment_date ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const total = verified
    .filter((s) => s.active && s.confidence >= VERIFIED_CONFIDENCE)
    .reduce((sum, s) => sum + s.monthly_equivalent, 0);
  return { currency: ledger.currency, streams: verified, verified_monthly_income: round2(total) };
}
