/**
 * What the engine returns. The report members (Insights, Affordability record, Event record, forecast) are
 * declared once, as schemas, in src/analytics/report-schema.ts; their types are re-exported here beside the
 * engine's own result types.
 */
export type * from './report-schema.ts';
import type { AffordabilityRecord, BalanceForecast, EventRecord, Insights } from './report-schema.ts';

/** The category given to one transaction (for /transactions). */
export interface TransactionCategory {
  transactionId: string;
  categoryId: string;
  categoryName: string;
  merchant: string | null;
  /** present when a person's correction or a client's rule chose the category (classify/client-corrections.ts) */
  corrected?: {
    source: 'correction' | 'rule';
    ruleId: string | null;
    /** what the engine alone decided */
    originalCategoryId: string;
    originalCategoryName: string;
  };
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
