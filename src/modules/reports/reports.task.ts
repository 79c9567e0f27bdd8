/**
 * The report computation as a worker task (src/workers/pool.ts): the pure engine, computeReport, on a worker thread.
 * Its input and answer cross the thread boundary in compact forms, because a structured clone of 100 000 objects is
 * itself a fifth of a second of main-thread time: the transactions come as the JSON text the database made
 * (reports-data.repo.ts, loadEngineTransactionSlices), and the answer gives the stored members as JSON text and the
 * transactions' categories as columns. Pure: no I/O, no database.
 */
import { computeReport } from '../../analytics/compute-report.ts';
import type { EngineAccount, EngineTransaction } from '../../analytics/types.ts';
import type { CategoryCorrectionsInput } from '../../analytics/classify/client-corrections.ts';
import type { EventRecord } from '../../analytics/report-types.ts';
import type { CategoryColumns, SnapshotText } from './reports-data.repo.ts';

export interface ReportTaskInput {
  accounts: EngineAccount[];
  /** JSON arrays of rows [id, account_id, amount, currency, status, booking_date_time, name, type, mcc,
   * merchant_name, category, balance_amount], oldest first (loadEngineTransactionSlices) */
  transactionSlices: string[];
  asOf: number;
  /** the client's corrections and rules for the customer (loadCategoryCorrections) */
  corrections?: CategoryCorrectionsInput;
}

export interface ComputedReport extends SnapshotText {
  events: EventRecord[];
  /** every input transaction's category, in input order */
  categories: CategoryColumns;
}

type Cell = string | number | null;

/** The engine's transactions from the slices' JSON text (numbers in the text are the database's numerics). */
export function decodeEngineTransactions(slices: readonly string[]): EngineTransaction[] {
  const out: EngineTransaction[] = [];
  for (const slice of slices) {
    for (const r of JSON.parse(slice) as Cell[][]) {
      const balance = r[11] ?? null;
      out.push({
        id: r[0] as string,
        accountId: r[1] as string,
        amount: Number(r[2]),
        currency: r[3] as string,
        status: r[4] as 'Booked' | 'Pending',
        bookedAt: Number(r[5]),
        description: r[6] as string,
        type: (r[7] ?? null) as string | null,
        mcc: (r[8] ?? null) as string | null,
        merchantName: (r[9] ?? null) as string | null,
        submittedCategory: (r[10] ?? null) as string | null,
        balance: balance === null ? null : Number(balance),
      });
    }
  }
  return out;
}

/**
 * The slices' format written from engine transactions, `sliceSize` rows a slice: what loadEngineTransactionSlices has
 * the database write, for tests and benchmarks that hand the task transactions of their own (the inverse of
 * decodeEngineTransactions, so the row's order of members is declared here twice at most, side by side).
 */
export function encodeEngineTransactions(transactions: readonly EngineTransaction[], sliceSize: number): string[] {
  const slices: string[] = [];
  for (let i = 0; i < transactions.length; i += sliceSize) {
    const rows = transactions
      .slice(i, i + sliceSize)
      .map((t) => [
        t.id,
        t.accountId,
        t.amount,
        t.currency,
        t.status,
        t.bookedAt,
        t.description,
        t.type,
        t.mcc,
        t.merchantName,
        t.submittedCategory,
        t.balance,
      ]);
    slices.push(JSON.stringify(rows));
  }
  return slices;
}

/** The task: decode, compute, encode. */
export function computeReportTask(input: ReportTaskInput): ComputedReport {
  const transactions = decodeEngineTransactions(input.transactionSlices);
  const report = computeReport({
    accounts: input.accounts,
    transactions,
    asOf: input.asOf,
    corrections: input.corrections,
  });
  const n = report.transactions.length;
  const categories: CategoryColumns = {
    transactionId: new Array<string>(n),
    categoryId: new Array<string>(n),
    categoryName: new Array<string>(n),
    merchant: new Array<string | null>(n),
    corrected: [],
  };
  report.transactions.forEach((c, i) => {
    categories.transactionId[i] = c.transactionId;
    categories.categoryId[i] = c.categoryId;
    categories.categoryName[i] = c.categoryName;
    categories.merchant[i] = c.merchant;
    if (c.corrected) categories.corrected.push([i, c.corrected]);
  });
  return {
    asOf: report.asOf,
    engineVersion: report.engineVersion,
    insightsJson: JSON.stringify(report.insights),
    affordabilityJson: JSON.stringify(report.affordability),
    forecastJson: JSON.stringify(report.forecast),
    events: report.events,
    categories,
  };
}
