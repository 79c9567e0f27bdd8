/**
 * Labelled transactions from a file the service exported (GET /public/v3/category_corrections/labels, format
 * obi-category-labels/1; docs/evaluation.md, "Labels from corrections"): each a transaction's engine input and
 * the category a person set. The engine is run on each customer's labelled transactions alone (no corrections:
 * what it decides by itself) and its categories are scored against the labels.
 */
import { computeReport } from '../../src/analytics/compute-report.ts';
import type { AccountType, EngineAccount, EngineTransaction } from '../../src/analytics/types.ts';

export const LABELS_FORMAT = 'obi-category-labels/1';

export interface LabelledRow {
  customer_id: string;
  transaction_id: string;
  account_type: AccountType;
  name: string;
  amount: number;
  currency: string;
  type: string | null;
  status: string;
  merchant_name: string | null;
  merchant_category_code: string | null;
  booking_date_time: number;
  label: string;
}

/** The rows of an export, or an Error naming what is wrong with the file. */
export function readLabels(text: string): LabelledRow[] {
  const file = JSON.parse(text) as { format?: unknown; data?: unknown };
  if (file.format !== LABELS_FORMAT || !Array.isArray(file.data))
    throw new Error(`not a label export: expected {"format": "${LABELS_FORMAT}", "data": [...]}`);
  return file.data.map((row: LabelledRow, i: number) => {
    if (typeof row.label !== 'string' || typeof row.name !== 'string' || typeof row.amount !== 'number')
      throw new Error(`data[${i}]: label, name and amount are required`);
    return row;
  });
}

export interface LabelScore {
  count: number;
  agreeing: number;
  /** money (absolute amounts) of all rows and of the agreeing ones */
  money: number;
  agreeingMoney: number;
  mismatches: Array<{ name: string; label: string; got: string }>;
}

/** Runs the engine on the labelled rows, customer by customer, and counts agreement with the labels. */
export function scoreLabels(rows: readonly LabelledRow[]): LabelScore {
  const score: LabelScore = { count: 0, agreeing: 0, money: 0, agreeingMoney: 0, mismatches: [] };
  const byCustomer = Map.groupBy(rows, (r) => r.customer_id);
  for (const [customer, list] of byCustomer) {
    const accounts: EngineAccount[] = (['Personal', 'Business'] as const).map((type) => ({
      id: `${customer}:${type}`,
      type,
      subType: 'CurrentAccount',
      currency: list[0]?.currency ?? 'GBP',
      bankSlug: 'labels',
      accountNumber: `${customer}:${type}`,
    }));
    const transactions: EngineTransaction[] = list.map((r) => ({
      id: r.transaction_id,
      accountId: `${customer}:${r.account_type}`,
      amount: r.amount,
      currency: r.currency,
      status: r.status === 'Pending' ? 'Pending' : 'Booked',
      bookedAt: r.booking_date_time,
      description: r.name,
      type: r.type,
      mcc: r.merchant_category_code,
      merchantName: r.merchant_name,
      submittedCategory: null,
      balance: null,
    }));
    const asOf = Math.max(...transactions.map((t) => t.bookedAt)) + 1;
    const got = new Map(
      computeReport({ accounts, transactions, asOf }).transactions.map((t) => [t.transactionId, t.categoryId]),
    );
    for (const r of list) {
      const category = got.get(r.transaction_id) ?? '?';
      score.count++;
      score.money += Math.abs(r.amount);
      if (category === r.label) {
        score.agreeing++;
        score.agreeingMoney += Math.abs(r.amount);
      } else score.mismatches.push({ name: r.name, label: r.label, got: category });
    }
  }
  return score;
}
