/**
 * The insights engine: a customer's accounts and transactions and an explicit `asOf` in, the whole report out.
 * Pure (docs/decisions/0015-deterministic-engines.md): no clock, no I/O; the same input gives the same report. Stages, each in the folder named
 * for what it computes (docs/analytics.md defines every figure):
 *   classify → ledger (what counts, London days and months) → infer salaries (and pensions) the text does not name →
 *   month matrix (totals per category and month) → recurrence, income streams, balance history →
 *   insights (income, expenditure, patterns, markers, employment), affordability, events, forecast.
 */
import { valueAt } from '../lib/indexing.ts';
import { computeAffordability } from './affordability/affordability.ts';
import type { Category } from './categories/taxonomy.ts';
import { classifyTransactions } from './classify/classify.ts';
import {
  resolveCorrections,
  type AppliedCorrection,
  type CategoryCorrectionsInput,
} from './classify/client-corrections.ts';
import { detectEmployment } from './employment/detect-salary.ts';
import { inferSalaries } from './employment/infer-salary.ts';
import { verifyIncome } from './employment/income-verification.ts';
import { findIncomeStreams, findOtherIncomeStreams } from './employment/income-streams.ts';
import { detectEvents } from './events/detect-events.ts';
import { buildBalanceHistory } from './forecast/balance-history.ts';
import { forecastBalance } from './forecast/forecast-balance.ts';
import { computeExpenditure, computeIncome } from './income-expenditure/income-expenditure.ts';
import { buildLedger, categoryIndex, categoryOf, type Ledger } from './ledger/ledger.ts';
import { buildMonthMatrix } from './ledger/month-matrix.ts';
import { computeFinancialMarkers } from './markers/financial-markers.ts';
import { findRecurring, toRecurringTransactions } from './recurrence/find-recurring.ts';
import type { Report, TransactionCategory } from './report-types.ts';
import { computeCategoryTrends } from './trends/category-trends.ts';
import type { EngineAccount, EngineTransaction } from './types.ts';

export type * from './report-types.ts';

/** Stored with every report snapshot; raise it whenever a figure's definition changes. */
export const ENGINE_VERSION = '2.3.0';

export interface ReportInput {
  accounts: readonly EngineAccount[];
  transactions: readonly EngineTransaction[];
  /** Unix seconds: the moment the report is computed as of; later transactions are ignored */
  asOf: number;
  /**
   * The client's corrections and rules for this customer (src/analytics/classify/client-corrections.ts): they win
   * over the classifier in every figure and in the categorised transactions.
   */
  corrections?: CategoryCorrectionsInput;
}

/**
 * Puts people's categories into the ledger, after the engine has decided its own (salary inference included, so the
 * engine's view stays what it would have been and is reported beside them as the original).
 */
function overrideLedger(ledger: Ledger, applied: ReadonlyMap<number, AppliedCorrection>): void {
  if (applied.size === 0) return;
  for (let r = 0; r < ledger.size; r++) {
    const a = applied.get(valueAt(ledger.input, r));
    if (a === undefined) continue;
    ledger.category[r] = categoryIndex(a.category.id);
    ledger.toSavings[r] = 0;
  }
}

export function computeReport({ accounts, transactions, asOf, corrections }: ReportInput): Report {
  if (!Number.isInteger(asOf)) throw new RangeError('asOf must be an integer (Unix seconds)');
  const classified = classifyTransactions(transactions, accounts);
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  const applied = resolveCorrections(
    transactions,
    (id) => typeOf.get(id) ?? 'Personal',
    classified.map((c) => c.merchant),
    corrections,
  );
  const ledger = buildLedger(accounts, transactions, classified, asOf);
  const inferred = new Set(inferSalaries(ledger));
  // What the engine alone decided for the rows people corrected, before their categories go in.
  const inferredCategory = new Map<number, Category>();
  for (let r = 0; r < ledger.size; r++) {
    const i = valueAt(ledger.input, r);
    if (inferred.has(i)) inferredCategory.set(i, categoryOf(ledger, r));
  }
  overrideLedger(ledger, applied);
  const matrix = buildMonthMatrix(ledger);
  const recurrence = findRecurring(ledger);
  const streams = findIncomeStreams(ledger);
  const history = buildBalanceHistory(ledger);
  const markers = computeFinancialMarkers(ledger, matrix, recurrence, history);

  // Inferred salaries (and pensions) carry their new category into the categorised transactions too; people's
  // categories win over both, with the engine's kept as the original.
  const categorised: TransactionCategory[] = classified.map((c, i) => {
    const category = inferredCategory.get(i);
    const engine = {
      transactionId: c.transactionId,
      categoryId: category?.id ?? c.categoryId,
      categoryName: category?.name ?? c.categoryName,
      merchant: c.merchant,
    };
    const a = applied.get(i);
    if (a === undefined) return engine;
    return {
      ...engine,
      categoryId: a.category.id,
      categoryName: a.category.name,
      corrected: {
        source: a.source,
        ruleId: a.ruleId,
        originalCategoryId: engine.categoryId,
        originalCategoryName: engine.categoryName,
      },
    };
  });

  return {
    engineVersion: ENGINE_VERSION,
    asOf,
    insights: {
      income: computeIncome(ledger, matrix),
      expenditure: computeExpenditure(ledger, matrix),
      financial_patterns: {
        currency: ledger.currency,
        recurrence: toRecurringTransactions(ledger, recurrence),
        by_category: computeCategoryTrends(ledger, matrix),
      },
      financial_markers: markers,
      employment: detectEmployment(ledger, streams),
      income_verification: verifyIncome(ledger, [...streams, ...findOtherIncomeStreams(ledger)]),
    },
    affordability: computeAffordability(ledger, matrix),
    events: detectEvents({
      ledger,
      matrix,
      streams,
      recurrence,
      averageIncome: markers.summary_averages.average_income,
    }),
    forecast: forecastBalance(ledger, history, recurrence, streams),
    transactions: categorised,
  };
}
