/**
 * The report's members, declared once. The Insights, Affordability record and Event record shapes use the
 * member names of docs/spec/interface-spec.md exactly (snake_case), so the service serves them as they are;
 * the forecast and the classified transactions are ours (docs/analytics.md).
 *
 * From these schemas come the engine's TypeScript types (src/analytics/report-types.ts) and the response
 * schemas of endpoints 15–17 and the forecast in the OpenAPI document (src/modules/reports/reports.wire.ts adds
 * only the envelope). They are data declarations: the engine stays pure and imports nothing but typebox here.
 */
import { Type, type Static } from 'typebox';

const N = Type.Number();
const I = Type.Integer();
const B = Type.Boolean();
/** A string member whose values the engine narrows further; on the wire it is a plain string. */
const text = <T extends string = string>() => Type.Unsafe<T>({ type: 'string' });

/** Spec, Monthly Amount; `month` is 1–12, the calendar month in Europe/London. */
export const MonthlyAmountSchema = Type.Object({ amount: N, year: I, month: I });

/** Spec, Category Income. */
export const CategoryIncomeSchema = Type.Object({ name: text(), monthly_amounts: Type.Array(MonthlyAmountSchema) });

/** Spec, Category Expenditure. */
export const CategoryExpenditureSchema = Type.Object({
  name: text(),
  fixed_flexible: text<'fixed' | 'flexible'>(),
  monthly_amounts: Type.Array(MonthlyAmountSchema),
});

/** Spec, Income. */
export const IncomeSchema = Type.Object({
  currency: text(),
  monthly_amounts: Type.Array(MonthlyAmountSchema),
  categories: Type.Array(CategoryIncomeSchema),
});

/** Spec, Expenditure (amounts are money spent, positive). */
export const ExpenditureSchema = Type.Object({
  currency: text(),
  monthly_amounts: Type.Array(MonthlyAmountSchema),
  categories: Type.Array(CategoryExpenditureSchema),
});

/**
 * Spec, Recurring Transactions. The members after the spec's are ours (docs/analytics.md): the series' most common
 * category id, its cadence, and when and how much the next payment is expected (absent when it looks ended).
 */
export const RecurringTransactionSchema = Type.Object({
  description: text(),
  average_amount: N,
  amount_variance: N,
  transaction_ids: Type.Array(text()),
  amount_stability_of_transaction: N,
  frequency_stability_of_transaction: N,
  time_stability_of_transaction: N,
  category: Type.Optional(text()),
  frequency: Type.Optional(text<'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'quarterly'>()),
  next_expected_date: Type.Optional(
    Type.Integer({ description: 'Unix seconds: London midnight starting the next scheduled day on or after as_of' }),
  ),
  next_expected_amount: Type.Optional(Type.Number({ description: 'median of the last three payments; negative out' })),
});

/** Spec, Category Trends. */
export const CategoryTrendSchema = Type.Object({
  category: text(),
  min: N,
  mean: N,
  max: N,
  variance: N,
  frequency: N,
  continuity: I,
  recency: Type.Optional(I),
  amount_stability_of_category: N,
  frequency_stability_of_category: N,
  time_stability_of_category: N,
});

/** Spec, Financial Patterns. */
export const FinancialPatternsSchema = Type.Object({
  currency: text(),
  recurrence: Type.Array(RecurringTransactionSchema),
  by_category: Type.Array(CategoryTrendSchema),
});

/** Spec, Occurrence. */
export const OccurrenceSchema = Type.Object({
  timestamp_from: I,
  timestamp_to: I,
  count: I,
  ratio_to_income: N,
  total_amount: N,
});

/** Spec, Monthly Statistics. */
export const MonthlyStatisticsSchema = Type.Object({
  num_last_3m: OccurrenceSchema,
  num_last_6m: OccurrenceSchema,
  num_last_12m: OccurrenceSchema,
});

/** Spec, Rate Statistics; `pred_next_month` is deprecated by the spec and still delivered. */
export const RateStatisticsSchema = Type.Object({
  rate_of_change: N,
  pred_next_month: Type.Number({ deprecated: true }),
  ratio_to_income: N,
  ratio_to_recurring_income: N,
  count: I,
  total_amounts: Type.Object({ last_12m: N }),
});

/** Spec, Average Statistics. */
export const AverageStatisticsSchema = Type.Object({
  average_fixed_exp: N,
  average_flexible_exp: N,
  average_income: N,
});

/** Spec, Financial Markers. */
export const FinancialMarkersSchema = Type.Object({
  currency: text(),
  new_debt_indicator: B,
  debt_management_indicator: B,
  recent_account_indicator: B,
  mortgage_rent_indicator: B,
  insurance_indicator: B,
  council_tax_indicator: B,
  savings_investment_indicator: B,
  direct_loan_indicator: B,
  bnpl_indicator: B,
  negative_balance_ratio: N,
  bank_charges: MonthlyStatisticsSchema,
  returned_direct_debits: MonthlyStatisticsSchema,
  utility_payments: MonthlyStatisticsSchema,
  credit_repayments: RateStatisticsSchema,
  debit_bank_transfer: RateStatisticsSchema,
  gambling: RateStatisticsSchema,
  cash_withdrawals: RateStatisticsSchema,
  loan_income: RateStatisticsSchema,
  payday_loan: RateStatisticsSchema,
  summary_averages: AverageStatisticsSchema,
});

export type PayFrequency = 'Weekly' | 'Fortnightly' | 'Monthly' | 'Irregular';

/** Spec, Expected Salary; `expected_pay_date` is Unix seconds, the London midnight starting the pay day. */
export const ExpectedSalarySchema = Type.Object({
  amount: N,
  expected_pay_date: I,
  pay_frequency: text<PayFrequency>(),
});

export type IncomeSourceFrequency = 'Weekly' | 'Fortnightly' | 'FourWeekly' | 'Monthly' | 'Irregular';

/**
 * Ours: one income stream (salary, pension or benefit) active in the 12 months before asOf (docs/analytics.md,
 * "Employment"). Dates are Unix seconds, the London midnight starting the day.
 */
export const IncomeSourceSchema = Type.Object({
  type: text<'salary' | 'pension' | 'benefit'>(),
  category: Type.String({ description: 'the category id (docs/categories.md)' }),
  description: Type.String({ description: 'the payer' }),
  frequency: text<IncomeSourceFrequency>(),
  amount: Type.Number({ description: 'the median of the last three payments' }),
  last_payment_date: I,
  next_expected_date: Type.Union([I, Type.Null()]),
  missed: Type.Boolean({ description: 'a scheduled payment since the last one has not arrived' }),
  transaction_ids: Type.Array(text(), { description: 'every payment of the stream, oldest first' }),
});

/** Spec, Employment; `income_sources` is ours (always present in the engine's reports). */
export const EmploymentSchema = Type.Object({
  number_of_salaries: I,
  expected_salary: Type.Array(ExpectedSalarySchema),
  currency: text(),
  new_employer_indicator: B,
  possible_loss_of_income_indicator: B,
  out_of_work_benefit_indicator: B,
  child_benefits_indicator: B,
  income_sources: Type.Optional(Type.Array(IncomeSourceSchema)),
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
export const IncomeEvidenceSchema = Type.Object({
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
export const VerifiedIncomeStreamSchema = Type.Object({
  id: Type.String({
    description: 'stable id of the stream (the same type, category and payer keep it from one report to the next)',
  }),
  type: text<IncomeStreamType>(),
  category: Type.String({ description: 'the category id of its payments (docs/categories.md)' }),
  payer: Type.String({ description: 'the payer as the statements name it, without pay words and references' }),
  payer_type: text<IncomePayerType>(),
  frequency: text<IncomeStreamFrequency>(),
  average_amount: Type.Number({ description: 'mean payment over the last 12 complete months and asOf month' }),
  last_amount: Type.Number({ description: 'the most recent payment (same-day payments added up)' }),
  monthly_equivalent: Type.Number({
    description:
      'average_amount as a monthly figure: ×52/12 weekly, ×26/12 fortnightly, ×13/12 four-weekly, ×1 monthly, ÷3 quarterly; irregular: the received total of the last 3 complete months ÷ 3',
  }),
  first_payment_date: I,
  last_payment_date: I,
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
export const IncomeVerificationSchema = Type.Object({
  currency: text(),
  streams: Type.Array(VerifiedIncomeStreamSchema, {
    description: 'active streams first, then by type (salary, pensions, benefits, the rest) and monthly equivalent',
  }),
  verified_monthly_income: Type.Number({
    description: 'sum of monthly_equivalent over active streams of confidence at least 0.5',
  }),
});

/** Spec, Insights (personal accounts). */
export const InsightsSchema = Type.Object({
  income: IncomeSchema,
  expenditure: ExpenditureSchema,
  financial_patterns: FinancialPatternsSchema,
  financial_markers: FinancialMarkersSchema,
  employment: EmploymentSchema,
  /** ours: present in every report of engine 2.1.0 and later (older stored snapshots lack it) */
  income_verification: Type.Optional(IncomeVerificationSchema),
});

/** Spec, Affordability record. */
export const AffordabilityRecordSchema = Type.Object({
  year: I,
  month: I,
  amount: N,
  currency: text(),
  affordability_type: text<'TWELVE_MONTH'>(),
  account_type: text<'Personal'>(),
});

export type Granularity = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';

/**
 * Spec, Event record. `transaction_id` names the most recent associated transaction by our id, a string (a UUID):
 * the spec declares it an int, but a number would identify nothing here, and the member keeps the spec's name
 * (docs/api-notes.md, "Events (17)"). `id` is stable, derived from the event type and what it is about (src/analytics/events/event-id.ts).
 * `created_at` is the service's to set when it first stores the event (src/modules/reports/reports.wire.ts).
 */
export const EventRecordSchema = Type.Object({
  id: I,
  event_type: text(),
  account_type: text<'Personal'>(),
  year: I,
  month: I,
  day: Type.Optional(I),
  threshold: Type.Optional(N),
  higher_than_threshold: Type.Optional(B),
  description: text(),
  amount: N,
  currency: text(),
  transaction_id: Type.Optional(
    Type.String({
      description:
        'id of the most recent associated transaction, as every transaction id of this API (a string; the spec declares an int)',
    }),
  ),
  granularity: text<Granularity>(),
  percentage_change: Type.Optional(N),
  is_alert: B,
  is_event: B,
});

/** One day of the balance history or forecast: the total balance at the end of a London calendar day. */
export const BalanceDaySchema = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD, Europe/London' }),
  balance: N,
});

/** A payment the forecast expects; `amount` is positive in, negative out. */
export const ExpectedPaymentSchema = Type.Object({
  date: text(),
  description: text(),
  amount: N,
  kind: text<'income' | 'recurring_outgoing'>(),
});

/**
 * Daily balance history and the 90-day forecast (ours; served at GET /forecast/personal). `current_balance` is
 * the balance at the end of asOf's day; `everyday_spending_per_day` is the average everyday (non-recurring)
 * spending per day over the last 3 complete months, spread over the forecast.
 */
export const BalanceForecastSchema = Type.Object({
  currency: text(),
  current_balance: N,
  history: Type.Array(BalanceDaySchema),
  forecast: Type.Array(BalanceDaySchema, { description: 'the 90 days after as_of' }),
  expected_payments: Type.Array(ExpectedPaymentSchema),
  everyday_spending_per_day: N,
  first_negative_date: Type.Union([text(), Type.Null()], {
    description: 'the first day whose balance is, or is expected to be, below zero',
  }),
  lowest_balance: N,
  lowest_balance_date: Type.Union([text(), Type.Null()]),
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
