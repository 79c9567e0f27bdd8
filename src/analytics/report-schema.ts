/**
 * The report's members, declared once. The Insights, Affordability record and Event record shapes use the
 * member names of docs/spec/interface-spec.md exactly (snake_case), so the service serves them as they are;
 * the forecast and the classified transactions are ours (docs/analytics.md).
 *
 * From these schemas come the engine's TypeScript types (src/analytics/report-types.ts) and the response
 * schemas of endpoints 15–17 and the forecast in the OpenAPI document (src/modules/reports/reports.wire.ts adds
 * only the envelope). They are data declarations: the engine stays pure and imports nothing but typebox here.
 */
import { Type, type Static, type TSchema } from 'typebox';

const I = Type.Integer();
/** Described members (every field of the OpenAPI document has a description: redocly.yaml). */
const n = (description: string) => Type.Number({ description });
const i = (description: string) => Type.Integer({ description });
const b = (description: string) => Type.Boolean({ description });
/** A string member whose values the engine narrows further; on the wire it is a plain string. */
const text = <T extends string = string>(description?: string) =>
  Type.Unsafe<T>({ type: 'string', ...(description === undefined ? {} : { description }) });
/** A shared schema used as a member, with what it means there (the shared schema itself is not changed). */
const described = <T extends TSchema>(schema: T, description: string): T =>
  Object.defineProperties(
    {},
    {
      // TypeBox keeps its marks (kind, optional) in non-enumerable members: a spread would drop them.
      ...Object.getOwnPropertyDescriptors(schema),
      description: { value: description, enumerable: true, writable: true, configurable: true },
    },
  ) as T;
const CURRENCY = 'ISO 4217 currency code of the amounts, e.g. GBP';
const UNIX_DAY = 'Unix seconds: the London midnight starting the day';

/** Spec, Monthly Amount; `month` is 1–12, the calendar month in Europe/London. */
const MonthlyAmountSchema = Type.Object({
  amount: n(
    'the total for that calendar month, in the currency of the enclosing object (expenditure: money spent, positive)',
  ),
  year: i('calendar year, Europe/London'),
  month: i('calendar month, 1–12, Europe/London'),
});

/** Spec, Category Income. */
const CategoryIncomeSchema = Type.Object({
  name: text('the income category (docs/categories.md), e.g. Salary'),
  monthly_amounts: Type.Array(MonthlyAmountSchema, { description: 'income of this category per month, oldest first' }),
});

/** Spec, Category Expenditure. */
const CategoryExpenditureSchema = Type.Object({
  name: text('the expenditure category (docs/categories.md), e.g. Groceries'),
  fixed_flexible: text<'fixed' | 'flexible'>(
    'fixed: committed spending a customer cannot easily cut (rent, loans, bills); flexible: the rest',
  ),
  monthly_amounts: Type.Array(MonthlyAmountSchema, {
    description: 'spending of this category per month, oldest first',
  }),
});

/** Spec, Income. */
const IncomeSchema = Type.Object({
  currency: text(CURRENCY),
  monthly_amounts: Type.Array(MonthlyAmountSchema, { description: 'total income per month, oldest first' }),
  categories: Type.Array(CategoryIncomeSchema, { description: 'income split by category' }),
});

/** Spec, Expenditure (amounts are money spent, positive). */
const ExpenditureSchema = Type.Object({
  currency: text(CURRENCY),
  monthly_amounts: Type.Array(MonthlyAmountSchema, {
    description: 'total spending per month, oldest first (positive amounts)',
  }),
  categories: Type.Array(CategoryExpenditureSchema, {
    description: 'spending split by category, each fixed or flexible',
  }),
});

/**
 * Spec, Recurring Transactions. The members after the spec's are ours (docs/analytics.md): the series' most common
 * category id, its cadence, and when and how much the next payment is expected (absent when it looks ended).
 */
const RecurringTransactionSchema = Type.Object({
  description: text('the series as its payments describe it (payee or payer)'),
  average_amount: n('mean payment of the series; negative for money out'),
  amount_variance: n('variance of the payment amounts (currency units squared)'),
  transaction_ids: Type.Array(text(), { description: 'the payments of the series (transaction ids)' }),
  amount_stability_of_transaction: n('0–1; 1.0 means every payment had the same amount'),
  frequency_stability_of_transaction: n('0–1; 1.0 means the payments were equally spaced'),
  time_stability_of_transaction: n('0–1; 1.0 means a payment in each of the last 12 months'),
  category: Type.Optional(text('the most common category id of its payments (docs/categories.md)')),
  frequency: Type.Optional(
    text<'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'quarterly'>('the cadence of the series'),
  ),
  next_expected_date: Type.Optional(
    Type.Integer({ description: 'Unix seconds: London midnight starting the next scheduled day on or after as_of' }),
  ),
  next_expected_amount: Type.Optional(Type.Number({ description: 'median of the last three payments; negative out' })),
});

/** Spec, Category Trends. */
const CategoryTrendSchema = Type.Object({
  category: text('the category (docs/categories.md)'),
  min: n('smallest monthly total of the category over the evaluation period'),
  mean: n('mean monthly total'),
  max: n('largest monthly total'),
  variance: n('variance of the monthly totals'),
  frequency: n('average number of transactions per month'),
  continuity: i('longest run of consecutive months with a transaction of the category'),
  recency: Type.Optional(i('months since the last transaction of the category')),
  amount_stability_of_category: n('0–1; 1.0 means identical monthly amounts'),
  frequency_stability_of_category: n('0–1; 1.0 means identical spacing of the transactions'),
  time_stability_of_category: n('0–1; 1.0 means present in each of the last 12 months'),
});

/** Spec, Financial Patterns. */
const FinancialPatternsSchema = Type.Object({
  currency: text(CURRENCY),
  recurrence: Type.Array(RecurringTransactionSchema, { description: 'recurring series of payments in and out' }),
  by_category: Type.Array(CategoryTrendSchema, { description: 'how each category behaves month to month' }),
});

/** Spec, Occurrence. */
const OccurrenceSchema = Type.Object({
  timestamp_from: i('start of the window, Unix seconds'),
  timestamp_to: i('end of the window, Unix seconds'),
  count: i('how many occurrences in the window'),
  ratio_to_income: n('their total as a percentage of income over the window'),
  total_amount: n('their total amount over the window (positive)'),
});

/** Spec, Monthly Statistics. */
const MonthlyStatisticsSchema = Type.Object({
  num_last_3m: described(OccurrenceSchema, 'the most recent 3 months'),
  num_last_6m: described(OccurrenceSchema, 'the most recent 6 months'),
  num_last_12m: described(OccurrenceSchema, 'the most recent 12 months'),
});

/** Spec, Rate Statistics; `pred_next_month` is deprecated by the spec and still delivered. */
const RateStatisticsSchema = Type.Object({
  rate_of_change: n(
    'the most recent three-month average compared with the average over the evaluation period (1.0 = unchanged)',
  ),
  pred_next_month: Type.Number({
    deprecated: true,
    description:
      "deprecated by the spec and still delivered: a naive prediction of next month's amount; do not rely on it",
  }),
  ratio_to_income: n('average monthly amount as a percentage of average monthly income'),
  ratio_to_recurring_income: n('average monthly amount as a percentage of average monthly recurring income'),
  count: i('incidents in the last 12 months'),
  total_amounts: Type.Object(
    { last_12m: n('total over the last 12 months (positive)') },
    { description: 'totals by window' },
  ),
});

/** Spec, Average Statistics. */
const AverageStatisticsSchema = Type.Object({
  average_fixed_exp: n('average monthly fixed (committed) expenditure over the last 12 months'),
  average_flexible_exp: n('average monthly flexible expenditure over the last 12 months'),
  average_income: n('average monthly income over the last 12 months'),
});

/** Spec, Financial Markers. */
const FinancialMarkersSchema = Type.Object({
  currency: text(CURRENCY),
  new_debt_indicator: b('new loan income in the most recent 3 months'),
  debt_management_indicator: b('debt management or debt collection activity in the most recent 12 months'),
  recent_account_indicator: b('the oldest transaction is less than 3 months old: little history to judge by'),
  mortgage_rent_indicator: b('mortgage or rent payments in the most recent 12 months'),
  insurance_indicator: b('insurance payments in the most recent 12 months'),
  council_tax_indicator: b('council tax payments in the most recent 12 months'),
  savings_investment_indicator: b('payments into savings or investments in the most recent 12 months'),
  direct_loan_indicator: b('new payday loan income in the most recent 6 months'),
  bnpl_indicator: b('buy-now-pay-later payments in the most recent 3 months'),
  negative_balance_ratio: n('share of days, 0–1, with a negative total balance over the last 12 months'),
  bank_charges: described(
    MonthlyStatisticsSchema,
    'bank penalties: unarranged overdraft fees, unpaid item fees, interest charged',
  ),
  returned_direct_debits: described(MonthlyStatisticsSchema, 'direct debits the bank returned unpaid'),
  utility_payments: described(MonthlyStatisticsSchema, 'payments to utilities (energy, water, telecoms)'),
  credit_repayments: described(RateStatisticsSchema, 'repayments of credit: cards, loans, finance (last 12 months)'),
  debit_bank_transfer: described(RateStatisticsSchema, 'bank transfers out (last 12 months)'),
  gambling: described(RateStatisticsSchema, 'gambling spending (last 12 months)'),
  cash_withdrawals: described(RateStatisticsSchema, 'cash withdrawals (last 12 months)'),
  loan_income: described(RateStatisticsSchema, 'loans paid in (last 12 months)'),
  payday_loan: described(RateStatisticsSchema, 'payday loans paid in (last 12 months)'),
  summary_averages: described(
    AverageStatisticsSchema,
    'average monthly income and fixed and flexible spending (last 12 months)',
  ),
});

export type PayFrequency = 'Weekly' | 'Fortnightly' | 'Monthly' | 'Irregular';

/** Spec, Expected Salary; `expected_pay_date` is Unix seconds, the London midnight starting the pay day. */
const ExpectedSalarySchema = Type.Object({
  amount: n('the expected salary payment'),
  expected_pay_date: i('Unix seconds: the London midnight starting the next expected pay day'),
  pay_frequency: text<PayFrequency>('Weekly, Fortnightly, Monthly or Irregular'),
});

export type IncomeSourceFrequency = 'Weekly' | 'Fortnightly' | 'FourWeekly' | 'Monthly' | 'Irregular';

/**
 * Ours: one income stream (salary, pension or benefit) active in the 12 months before asOf (docs/analytics.md,
 * "Employment"). Dates are Unix seconds, the London midnight starting the day.
 */
const IncomeSourceSchema = Type.Object({
  type: text<'salary' | 'pension' | 'benefit'>('salary, pension or benefit'),
  category: Type.String({ description: 'the category id (docs/categories.md)' }),
  description: Type.String({ description: 'the payer' }),
  frequency: text<IncomeSourceFrequency>('Weekly, Fortnightly, FourWeekly, Monthly or Irregular'),
  amount: Type.Number({ description: 'the median of the last three payments' }),
  last_payment_date: i(UNIX_DAY),
  next_expected_date: Type.Union([I, Type.Null()], { description: `${UNIX_DAY}; null when irregular or stopped` }),
  missed: Type.Boolean({ description: 'a scheduled payment since the last one has not arrived' }),
  transaction_ids: Type.Array(text(), { description: 'every payment of the stream, oldest first' }),
});

/** Spec, Employment; `income_sources` is ours (always present in the engine's reports). */
const EmploymentSchema = Type.Object({
  number_of_salaries: i('how many salaries the customer receives now'),
  expected_salary: Type.Array(ExpectedSalarySchema, { description: 'the next expected payment of each salary' }),
  currency: text(CURRENCY),
  new_employer_indicator: b('a salary from a new employer started recently'),
  possible_loss_of_income_indicator: b('a salary that was regular has stopped or was missed'),
  out_of_work_benefit_indicator: b("out-of-work benefits (e.g. Jobseeker's Allowance, Universal Credit) are received"),
  child_benefits_indicator: b('Child Benefit is received'),
  income_sources: Type.Optional(
    Type.Array(IncomeSourceSchema, {
      description: 'every salary, pension and benefit stream active in the last 12 months',
    }),
  ),
});

/** The type of an income stream in the income verification section: salary, each pension, each benefit, the rest. */
export type IncomeStreamType =
  | 'salary'
  | 'state_pension'
  | 'private_pension'
  | 'universal_credit'
  | 'child_benefit'
  | 'disability_benefit'
  | 'out_of_work_benefit'
  | 'tax_credits'
  | 'housing_benefit'
  | 'other_benefit'
  | 'rental'
  | 'self_employed'
  | 'other';

/** Who pays a stream, as far as the payer's name and scheme tell. */
export type IncomePayerType =
  | 'employer'
  | 'dwp'
  | 'hmrc'
  | 'council'
  | 'social_security_scotland'
  | 'pension_provider'
  | 'letting_agent'
  | 'person'
  | 'platform'
  | 'unknown';

export type IncomeStreamFrequency =
  'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'last_working_day' | 'quarterly' | 'irregular';

/** One piece of evidence behind a stream's type and confidence; the weights add up to the confidence (capped at 1). */
const IncomeEvidenceSchema = Type.Object({
  code: Type.String({
    description:
      'what was seen: known_payer (the payer is in the knowledge base: DWP, HMRC, a council, a pension scheme or annuity provider, an employer), payer_scheme (the text names a benefit or pension scheme), pay_words (SALARY, WAGES, NET PAY, ...), type_code (the bank transaction type or a statement code: BGC, BACS, FPI, ...), rhythm (a weekly, fortnightly, four-weekly, monthly or last-working-day schedule), stable_amount, history (months seen), reference (one reference every payment), structure_only (found by structure alone, the text said nothing)',
  }),
  detail: Type.String({ description: 'the words, code or figure seen, in plain English' }),
  weight: Type.Number({ description: 'how much this evidence adds to the confidence, 0–1' }),
});

/**
 * Ours (docs/analytics.md, "Income verification"): one income stream, the money in of one type from one payer,
 * followed over the whole history. Dates are Unix seconds, the London midnight starting the day.
 */
const VerifiedIncomeStreamSchema = Type.Object({
  id: Type.String({
    description: 'stable id of the stream (the same type, category and payer keep it from one report to the next)',
  }),
  type: text<IncomeStreamType>(
    'salary, state_pension, private_pension, universal_credit, child_benefit, disability_benefit, out_of_work_benefit, tax_credits, housing_benefit, other_benefit, rental, self_employed or other',
  ),
  category: Type.String({ description: 'the category id of its payments (docs/categories.md)' }),
  payer: Type.String({ description: 'the payer as the statements name it, without pay words and references' }),
  payer_type: text<IncomePayerType>(
    'who pays, as far as the name and scheme tell: employer, dwp, hmrc, council, social_security_scotland, pension_provider, letting_agent, person, platform or unknown',
  ),
  frequency: text<IncomeStreamFrequency>(
    'weekly, fortnightly, four_weekly, monthly, last_working_day, quarterly or irregular',
  ),
  average_amount: Type.Number({ description: 'mean payment over the last 12 complete months and asOf month' }),
  last_amount: Type.Number({ description: 'the most recent payment (same-day payments added up)' }),
  monthly_equivalent: Type.Number({
    description:
      'average_amount as a monthly figure: ×52/12 weekly, ×26/12 fortnightly, ×13/12 four-weekly, ×1 monthly, ÷3 quarterly; irregular: the received total of the last 3 complete months ÷ 3',
  }),
  first_payment_date: i(UNIX_DAY),
  last_payment_date: i(UNIX_DAY),
  next_expected_date: Type.Union([I, Type.Null()], {
    description: 'the next scheduled payment on or after as_of; null when irregular or stopped',
  }),
  payment_count: Type.Integer({ description: 'payment days in the whole history' }),
  months_seen: Type.Integer({
    description: 'calendar months (Europe/London) with a payment, in the last 12 complete months',
  }),
  missed_payments: Type.Integer({ description: 'scheduled payments since the last one that have not arrived' }),
  active: Type.Boolean({ description: 'paid within its period (plus tolerance) before as_of and no payment missed' }),
  stability: Type.Number({
    description: '0–1: how steady amount and timing are (the lower of amount and timing stability)',
  }),
  confidence: Type.Number({
    description: '0–1: how sure the engine is of the stream and its type; the sum of the evidence weights, capped at 1',
  }),
  evidence: Type.Array(IncomeEvidenceSchema, { description: 'what set the type and the confidence' }),
  transaction_ids: Type.Array(text(), { description: 'every payment of the stream, oldest first' }),
});

/**
 * Ours: the income verification section of the insights (docs/analytics.md, "Income verification"), every income
 * stream a lender can verify income from, current ones first.
 */
const IncomeVerificationSchema = Type.Object({
  currency: text(CURRENCY),
  streams: Type.Array(VerifiedIncomeStreamSchema, {
    description: 'active streams first, then by type (salary, pensions, benefits, the rest) and monthly equivalent',
  }),
  verified_monthly_income: Type.Number({
    description: 'sum of monthly_equivalent over active streams of confidence at least 0.5',
  }),
});

/** Spec, Insights (personal accounts). */
export const InsightsSchema = Type.Object({
  income: described(IncomeSchema, 'money in, by month and category'),
  expenditure: described(ExpenditureSchema, 'money out, by month and category'),
  financial_patterns: described(FinancialPatternsSchema, 'recurring payments and how each category behaves'),
  financial_markers: described(FinancialMarkersSchema, 'the risk and affordability markers a lender looks at'),
  employment: described(EmploymentSchema, 'salaries, benefits and signs of a change of income'),
  /** ours: present in every report of engine 2.1.0 and later (older stored snapshots lack it) */
  income_verification: Type.Optional(
    described(
      IncomeVerificationSchema,
      'every income stream a lender can verify income from, with the evidence (engine 2.1.0 and later)',
    ),
  ),
});

/** Spec, Affordability record. */
export const AffordabilityRecordSchema = Type.Object({
  year: i('calendar year'),
  month: i('calendar month, 1–12'),
  amount: n(
    'the monthly affordability amount: income left after fixed and flexible expenditure, averaged over the window',
  ),
  currency: text(CURRENCY),
  affordability_type: text<'TWELVE_MONTH'>('the window the amount is averaged over: TWELVE_MONTH'),
  account_type: text<'Personal'>('Personal: only personal accounts are assessed'),
});

export type Granularity = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';

/**
 * Spec, Event record. `transaction_id` names the most recent associated transaction by our id, a string (a UUID):
 * the spec declares it an int, but a number would identify nothing here, and the member keeps the spec's name
 * (docs/api-notes.md, "Events (17)"). `id` is stable, derived from the event type and what it is about (src/analytics/events/event-id.ts).
 * `created_at` is the service's to set when it first stores the event (src/modules/reports/reports.wire.ts).
 */
export const EventRecordSchema = Type.Object({
  id: i('stable event id, derived from the event type and what it is about'),
  event_type: text('what happened, e.g. SALARY_STOPPED, GAMBLING_INCREASED (docs/analytics.md lists them)'),
  account_type: text<'Personal'>('Personal: only personal accounts'),
  year: i('calendar year the event belongs to'),
  month: i('calendar month, 1–12'),
  day: Type.Optional(i('day of the month, for daily events')),
  threshold: Type.Optional(n('the threshold the amount is compared with, for events that have one')),
  higher_than_threshold: Type.Optional(b('whether the amount exceeded the threshold')),
  description: text('what happened, in a sentence'),
  amount: n('the amount the event is about'),
  currency: text(CURRENCY),
  transaction_id: Type.Optional(
    Type.String({
      description:
        'id of the most recent associated transaction, as every transaction id of this API (a string; the spec declares an int)',
    }),
  ),
  granularity: text<Granularity>('the period the event compares: YEARLY, MONTHLY, WEEKLY or DAILY'),
  percentage_change: Type.Optional(n('change against the previous period, in percent')),
  is_alert: b('an alert: something a lender should look at (e.g. a missed salary)'),
  is_event: b('an event: a change worth knowing that is not an alert'),
});

/** One day of the balance history or forecast: the total balance at the end of a London calendar day. */
const BalanceDaySchema = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD, Europe/London' }),
  balance: n('total balance of the personal accounts at the end of the day'),
});

/** A payment the forecast expects; `amount` is positive in, negative out. */
const ExpectedPaymentSchema = Type.Object({
  date: text('YYYY-MM-DD, Europe/London'),
  description: text('the recurring series it belongs to'),
  amount: n('positive for money in, negative for money out'),
  kind: text<'income' | 'recurring_outgoing'>('income or recurring_outgoing'),
});

/**
 * Daily balance history and the 90-day forecast (ours; served at GET /forecast/personal). `current_balance` is
 * the balance at the end of asOf's day; `everyday_spending_per_day` is the average everyday (non-recurring)
 * spending per day over the last 3 complete months, spread over the forecast.
 */
export const BalanceForecastSchema = Type.Object({
  currency: text(CURRENCY),
  current_balance: n('total balance at the end of the as_of day'),
  history: Type.Array(BalanceDaySchema, { description: 'end-of-day balances before as_of, oldest first' }),
  forecast: Type.Array(BalanceDaySchema, { description: 'the 90 days after as_of' }),
  expected_payments: Type.Array(ExpectedPaymentSchema, { description: 'the recurring payments the forecast expects' }),
  everyday_spending_per_day: n(
    'average everyday (non-recurring) spending per day over the last 3 complete months, spread over the forecast',
  ),
  first_negative_date: Type.Union([text(), Type.Null()], {
    description: 'the first day whose balance is, or is expected to be, below zero',
  }),
  lowest_balance: n('the lowest balance in the history and the forecast'),
  lowest_balance_date: Type.Union([text(), Type.Null()], { description: 'YYYY-MM-DD of the lowest balance' }),
});

export type MonthlyAmount = Static<typeof MonthlyAmountSchema>;
export type CategoryIncome = Static<typeof CategoryIncomeSchema>;
export type CategoryExpenditure = Static<typeof CategoryExpenditureSchema>;
export type Income = Static<typeof IncomeSchema>;
export type Expenditure = Static<typeof ExpenditureSchema>;
export type RecurringTransaction = Static<typeof RecurringTransactionSchema>;
export type CategoryTrend = Static<typeof CategoryTrendSchema>;
export type FinancialPatterns = Static<typeof FinancialPatternsSchema>;
export type Occurrence = Static<typeof OccurrenceSchema>;
export type MonthlyStatistics = Static<typeof MonthlyStatisticsSchema>;
export type RateStatistics = Static<typeof RateStatisticsSchema>;
export type AverageStatistics = Static<typeof AverageStatisticsSchema>;
export type FinancialMarkers = Static<typeof FinancialMarkersSchema>;
export type ExpectedSalary = Static<typeof ExpectedSalarySchema>;
export type IncomeSource = Static<typeof IncomeSourceSchema>;
export type Employment = Static<typeof EmploymentSchema>;
export type IncomeEvidence = Static<typeof IncomeEvidenceSchema>;
export type VerifiedIncomeStream = Static<typeof VerifiedIncomeStreamSchema>;
export type IncomeVerification = Static<typeof IncomeVerificationSchema>;
export type Insights = Static<typeof InsightsSchema>;
export type AffordabilityRecord = Static<typeof AffordabilityRecordSchema>;
export type EventRecord = Static<typeof EventRecordSchema>;
export type BalanceDay = Static<typeof BalanceDaySchema>;
export type ExpectedPayment = Static<typeof ExpectedPaymentSchema>;
export type BalanceForecast = Static<typeof BalanceForecastSchema>;
