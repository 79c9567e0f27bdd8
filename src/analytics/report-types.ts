/**
 * What the engine returns. The Insights, Affordability record and Event record shapes use the member names of
 * docs/spec/interface-spec.md exactly (snake_case), so the service can serve them as they are; the rest
 * (forecast, classified transactions) is ours and documented in docs/analytics.md.
 */

/** Spec, Monthly Amount. */
export interface MonthlyAmount {
  amount: number;
  year: number;
  /** 1–12, calendar month in Europe/London */
  month: number;
}

/** Spec, Category Income. */
export interface CategoryIncome {
  name: string;
  monthly_amounts: MonthlyAmount[];
}

/** Spec, Category Expenditure. */
export interface CategoryExpenditure {
  name: string;
  fixed_flexible: 'fixed' | 'flexible';
  monthly_amounts: MonthlyAmount[];
}

/** Spec, Income. */
export interface Income {
  currency: string;
  monthly_amounts: MonthlyAmount[];
  categories: CategoryIncome[];
}

/** Spec, Expenditure (amounts are money spent, positive). */
export interface Expenditure {
  currency: string;
  monthly_amounts: MonthlyAmount[];
  categories: CategoryExpenditure[];
}

/** Spec, Recurring Transactions. */
export interface RecurringTransaction {
  description: string;
  average_amount: number;
  amount_variance: number;
  transaction_ids: string[];
  amount_stability_of_transaction: number;
  frequency_stability_of_transaction: number;
  time_stability_of_transaction: number;
}

/** Spec, Category Trends. */
export interface CategoryTrend {
  category: string;
  min: number;
  mean: number;
  max: number;
  variance: number;
  frequency: number;
  continuity: number;
  recency?: number;
  amount_stability_of_category: number;
  frequency_stability_of_category: number;
  time_stability_of_category: number;
}

/** Spec, Financial Patterns. */
export interface FinancialPatterns {
  currency: string;
  recurrence: RecurringTransaction[];
  by_category: CategoryTrend[];
}

/** Spec, Occurrence. */
export interface Occurrence {
  timestamp_from: number;
  timestamp_to: number;
  count: number;
  ratio_to_income: number;
  total_amount: number;
}

/** Spec, Monthly Statistics. */
export interface MonthlyStatistics {
  num_last_3m: Occurrence;
  num_last_6m: Occurrence;
  num_last_12m: Occurrence;
}

/** Spec, Rate Statistics. */
export interface RateStatistics {
  rate_of_change: number;
  /** deprecated by the spec; still delivered */
  pred_next_month: number;
  ratio_to_income: number;
  ratio_to_recurring_income: number;
  count: number;
  total_amounts: { last_12m: number };
}

/** Spec, Average Statistics. */
export interface AverageStatistics {
  average_fixed_exp: number;
  average_flexible_exp: number;
  average_income: number;
}

/** Spec, Financial Markers. */
export interface FinancialMarkers {
  currency: string;
  new_debt_indicator: boolean;
  debt_management_indicator: boolean;
  recent_account_indicator: boolean;
  mortgage_rent_indicator: boolean;
  insurance_indicator: boolean;
  council_tax_indicator: boolean;
  savings_investment_indicator: boolean;
  direct_loan_indicator: boolean;
  bnpl_indicator: boolean;
  negative_balance_ratio: number;
  bank_charges: MonthlyStatistics;
  returned_direct_debits: MonthlyStatistics;
  utility_payments: MonthlyStatistics;
  credit_repayments: RateStatistics;
  debit_bank_transfer: RateStatistics;
  gambling: RateStatistics;
  cash_withdrawals: RateStatistics;
  loan_income: RateStatistics;
  payday_loan: RateStatistics;
  summary_averages: AverageStatistics;
}

export type PayFrequency = 'Weekly' | 'Fortnightly' | 'Monthly' | 'Irregular';

/** Spec, Expected Salary. */
export interface ExpectedSalary {
  amount: number;
  /** Unix seconds: London midnight starting the expected pay day */
  expected_pay_date: number;
  pay_frequency: PayFrequency;
}

/** Spec, Employment. */
export interface Employment {
  number_of_salaries: number;
  expected_salary: ExpectedSalary[];
  currency: string;
  new_employer_indicator: boolean;
  possible_loss_of_income_indicator: boolean;
  out_of_work_benefit_indicator: boolean;
  child_benefits_indicator: boolean;
}

/** Spec, Insights (personal accounts). */
export interface Insights {
  income: Income;
  expenditure: Expenditure;
  financial_patterns: FinancialPatterns;
  financial_markers: FinancialMarkers;
  employment: Employment;
}

/** Spec, Affordability record. */
export interface AffordabilityRecord {
  year: number;
  month: number;
  amount: number;
  currency: string;
  affordability_type: 'TWELVE_MONTH';
  account_type: 'Personal';
}

export type Granularity = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';

/**
 * Spec, Event record, with one change: the spec declares `transaction_id` an int, but our transaction ids are
 * strings, so the most recent associated transaction is named in `transaction_ref` and `transaction_id` is left
 * out. `created_at` is the service's to set when it first stores the event.
 */
export interface EventRecord {
  /** stable: derived from the event type and what it is about (events/event-id.ts) */
  id: number;
  event_type: string;
  account_type: 'Personal';
  year: number;
  month: number;
  day?: number;
  threshold?: number;
  higher_than_threshold?: boolean;
  description: string;
  amount: number;
  currency: string;
  transaction_ref?: string;
  granularity: Granularity;
  percentage_change?: number;
  is_alert: boolean;
  is_event: boolean;
}

/** One day of the balance history or forecast. */
export interface BalanceDay {
  /** London calendar day, "2026-01-14" */
  date: string;
  /** total balance at the end of the day */
  balance: number;
}

/** A payment the forecast expects. */
export interface ExpectedPayment {
  date: string;
  description: string;
  /** positive in, negative out */
  amount: number;
  kind: 'income' | 'recurring_outgoing';
}

/** Daily balance history and the 90-day forecast (ours; served at GET /forecast/personal). */
export interface BalanceForecast {
  currency: string;
  /** the balance at the end of asOf's day (the last known balance) */
  current_balance: number;
  history: BalanceDay[];
  /** the 90 days after asOf's day */
  forecast: BalanceDay[];
  expected_payments: ExpectedPayment[];
  /** average everyday (non-recurring) spending per day over the last 3 complete months, spread over the forecast */
  everyday_spending_per_day: number;
  /** the first day (asOf's day or later) whose end-of-day balance is, or is expected to be, below zero */
  first_negative_date: string | null;
  lowest_balance: number;
  lowest_balance_date: string | null;
}

/** The category given to one transaction (for /transactions). */
export interface TransactionCategory {
  transactionId: string;
  categoryId: string;
  categoryName: string;
  merchant: string | null;
}

/** Everything one run of the engine computes for a customer. */
export interface Report {
  engineVersion: string;
  /** Unix seconds the report is computed as of */
  asOf: number;
  insights: Insights;
  affordability: AffordabilityRecord[];
  events: EventRecord[];
  forecast: BalanceForecast;
  /** every input transaction, in input order */
  transactions: TransactionCategory[];
}
