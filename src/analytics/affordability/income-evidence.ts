/**
 * Where the assessment's income comes from: the candidate income streams, each with its payments. This file is the
 * one place that reads them out of the insights, so changing the source (a dedicated income-verification section
 * of the insights) changes only `incomeEvidenceFrom`. Today the source is the report's own income streams
 * (`employment.income_sources`, src/analytics/employment/income-sources.ts) for salaries, pensions and benefits,
 * and the income categories with no single payer (self-employment, rent received, maintenance), whose
 * transactions the caller supplies.
 */
import { personalCategories } from '../categories/taxonomy.ts';
import type { Insights } from '../report-types.ts';
import { INCOME_MAP } from './sfs-map.ts';

/** One payment: a transaction id, when it was booked (Unix seconds) and its amount (positive). */
export interface Payment {
  id: string;
  bookedAt: number;
  amount: number;
}

export interface IncomeEvidence {
  kind: 'stream' | 'category';
  type: string;
  category: string;
  description: string;
  /** Weekly, Fortnightly, FourWeekly, Monthly or Irregular */
  frequency: string;
  /** the usual payment (median of the last three) for a stream with a rhythm; 0 otherwise */
  typicalAmount: number;
  /** whether a scheduled payment since the last one has not arrived */
  missed: boolean;
  /** oldest first */
  payments: Payment[];
}

const CATEGORY_TYPE: Readonly<Record<string, string>> = {
  self_employment_income: 'self_employment',
  rental_income: 'rental',
  maintenance_received: 'maintenance',
};

/** The categories counted from their transactions (no payer stream): the caller loads these categories' payments. */
export const CATEGORY_INCOME_IDS: readonly string[] = [...INCOME_MAP]
  .filter(([, m]) => m.counts === 'category')
  .map(([id]) => id);

/**
 * The candidate streams. `payments` resolves transaction ids (the streams') and categories (those of
 * CATEGORY_INCOME_IDS) to the customer's payments; ids it does not know are left out.
 */
export function incomeEvidenceFrom(
  insights: Insights,
  payments: { byId: ReadonlyMap<string, Payment>; byCategory: ReadonlyMap<string, readonly Payment[]> },
): IncomeEvidence[] {
  const streams: IncomeEvidence[] = (insights.employment.income_sources ?? []).map((s) => ({
    kind: 'stream',
    type: s.type,
    category: s.category,
    description: s.description,
    frequency: s.frequency,
    typicalAmount: s.amount,
    missed: s.missed,
    payments: s.transaction_ids.flatMap((id) => payments.byId.get(id) ?? []),
  }));
  for (const category of CATEGORY_INCOME_IDS) {
    const found = payments.byCategory.get(category) ?? [];
    if (found.length === 0) continue;
    streams.push({
      kind: 'category',
      type: CATEGORY_TYPE[category] ?? 'other',
      category,
      description: personalCategories.find((c) => c.id === category)?.name ?? category,
      frequency: 'Irregular',
      typicalAmount: 0,
      missed: false,
      payments: [...found].sort((a, b) => a.bookedAt - b.bookedAt),
    });
  }
  return streams;
}
