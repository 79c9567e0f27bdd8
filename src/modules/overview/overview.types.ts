/**
 * The customer overview: what the lender console's customer page (src/web/console/customer-sections.ts) and the
 * affordability PDF (overview.pdf.ts) show of one customer. Everything comes from the stored report snapshot and
 * the customer's stored data (overview.service.ts); nothing is computed here that the API does not serve.
 */
import type { AssessmentBody } from '../affordability/index.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { WorkerPool } from '../../workers/pool.ts';

/** What the overview needs of the application (AppDeps, src/app/app-deps.ts, satisfies it). */
export interface OverviewDeps {
  db: Database;
  clock: Clock;
  /** chromiumPath: the Chromium the PDF is printed with (OBI_CHROMIUM_PATH); null: no PDF (503 pdf_unavailable). */
  config: Pick<Readonly<Config>, 'chromiumPath'>;
  /** the PDF's charts are rendered to SVG on a worker thread (overview.task.ts) */
  workerPool: Pick<WorkerPool, 'run'>;
}

/** A transaction the report refers to, resolved for display (amount positive in, negative out). */
export interface OverviewTransaction {
  id: string;
  /** YYYY-MM-DD, Europe/London */
  date: string;
  description: string;
  amount: number;
  currency: string;
  category: string | null;
}

export interface OverviewBalance {
  type: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface OverviewAccount {
  id: string;
  bank_slug: string;
  name: string | null;
  nickname: string | null;
  type: 'Personal' | 'Business';
  sub_type: string;
  currency: string;
  /** the account number as stored (sort code and account number for UK accounts) */
  number: string;
  sort_code: string | null;
  account_number: string | null;
  is_authorized: boolean;
  /** the latest balance of each type */
  balances: OverviewBalance[];
}

/** One calendar month (Europe/London) of the report's income against expenditure (endpoint 15); expenditure is positive. */
export interface OverviewMonth {
  year: number;
  month: number;
  income: number;
  expenditure: number;
}

/**
 * One spending category over the report's last 12 months, as the report's Category Trends give it
 * (financial_patterns.by_category: the mean, lowest and highest of its monthly totals).
 */
export interface OverviewCategorySpend {
  name: string;
  fixed_flexible: 'fixed' | 'flexible';
  monthly_average: number;
  lowest_month: number;
  highest_month: number;
}

export interface OverviewRecurring {
  description: string;
  /** the name of the series' most common category */
  category: string | null;
  frequency: string | null;
  average_amount: number;
  /** YYYY-MM-DD or null when the series looks ended */
  next_expected_date: string | null;
  next_expected_amount: number | null;
  transaction_count: number;
}

/** A risk marker of the report (Financial Markers), whether it is raised, and the transactions behind it. */
export interface OverviewRiskMarker {
  key: string;
  label: string;
  raised: boolean;
  /** the figures of the marker in words, e.g. "3 in the last 12 months, £45.00" */
  detail: string;
  /**
   * the marker's count and total amount over the last 12 months, as the report gives them (in the report's
   * currency); null for a marker without money figures (an indicator, a share of days)
   */
  figures: { count: number; amount: number } | null;
  transactions: OverviewTransaction[];
  /** how many transactions are behind it in all (transactions holds at most the latest 20) */
  transaction_count: number;
}

/**
 * Affordability (endpoint 16): one amount per covered month of the last 12, with the latest, lowest and highest of
 * them picked out, and the report's own monthly averages (financial_markers.summary_averages). Nothing is averaged
 * here: every figure is one the API serves (docs/decisions/0042-figures-from-the-api.md).
 */
export interface OverviewAffordability {
  currency: string;
  months: Array<{ year: number; month: number; amount: number }>;
  latest: { year: number; month: number; amount: number };
  lowest: { year: number; month: number; amount: number };
  highest: { year: number; month: number; amount: number };
  /** financial_markers.summary_averages: average monthly income (without loans), fixed and flexible spending */
  averages: { income: number; fixed_expenditure: number; flexible_expenditure: number };
  /** the explanation as sentences (docs/analytics.md, "Affordability") */
  explanation: string[];
}

export interface OverviewEvent {
  id: number;
  event_type: string;
  description: string;
  amount: number;
  currency: string;
  /** YYYY-MM or YYYY-MM-DD */
  date: string;
  is_alert: boolean;
  transaction: OverviewTransaction | null;
}

export interface OverviewBalanceSeries {
  currency: string;
  current_balance: number;
  history: Array<{ date: string; balance: number }>;
  forecast: Array<{ date: string; balance: number }>;
  first_negative_date: string | null;
  lowest_balance: number;
  lowest_balance_date: string | null;
}

/** A regular income stream the report found (insights.employment.income_sources). */
export interface OverviewIncomeStream {
  type: 'salary' | 'pension' | 'benefit';
  description: string;
  frequency: string;
  /** the median of the last three payments, as the report gives it */
  amount: number;
  /** YYYY-MM-DD */
  last_payment_date: string;
  next_expected_date: string | null;
  missed: boolean;
  payment_count: number;
}

/** The report part of the overview: present only when every report of the customer is ready. */
export interface OverviewReport {
  /** Unix seconds the report was computed as of, and the engine that computed it */
  as_of: number;
  engine_version: string;
  currency: string;
  /** first and last booking date (YYYY-MM-DD, Europe/London) of the transactions the report covers */
  data_window: { first_booking_date: string | null; last_booking_date: string | null };
  /** ids of the accounts whose data the report covers */
  accounts_covered: string[];
  /** the report's complete months (up to 12), oldest first */
  months: OverviewMonth[];
  income_streams: OverviewIncomeStream[];
  spending_by_category: OverviewCategorySpend[];
  balance: OverviewBalanceSeries;
  recurring: OverviewRecurring[];
  risk_markers: OverviewRiskMarker[];
  affordability: OverviewAffordability | null;
  events: OverviewEvent[];
}

export interface CustomerOverview {
  customer: { id: string; user_reference: string; created_at: number };
  accounts: OverviewAccount[];
  /** the readiness of the reports (docs/decisions/0010-report-readiness.md); `report` is null unless ready */
  readiness: 'no_data' | 'not_ready' | 'ready';
  report: OverviewReport | null;
  /** the affordability assessment of that report (overview.assessment.ts); null or absent when there is none */
  assessment?: AssessmentBody | null;
  /** Unix seconds this overview was put together */
  generated_at: number;
}
