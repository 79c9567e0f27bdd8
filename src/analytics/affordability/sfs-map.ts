/**
 * The data the assessment reads: every personal category's Standard Financial Statement heading and class
 * (data/sfs-categories.json, with its source), and the default minimum living costs by household size
 * (data/ons-living-costs.json, an approximation from ONS Family Spending FYE 2023 that the file says how it was
 * made). src/analytics/affordability/sfs-map.test.ts checks that every personal category is mapped.
 */
import sfs from './data/sfs-categories.json' with { type: 'json' };
import ons from './data/ons-living-costs.json' with { type: 'json' };
import type { PolicyBody } from './assessment-schema.ts';

export type SpendingClass = 'committed' | 'essential' | 'discretionary' | 'excluded';
export type DeclaredItemName = 'income' | 'housing' | 'credit_commitments' | 'other_essential';

export interface ExpenditureMapping {
  heading: string | null;
  class: SpendingClass;
  /** the declared item the category's spending is compared with */
  declared: Exclude<DeclaredItemName, 'income'> | null;
  variableRate: boolean;
  note: string;
}

export interface IncomeMapping {
  /** stream: counted per payer stream; category: counted from the category's monthly totals; never */
  counts: 'stream' | 'category' | 'never';
  note: string;
}

interface RawExpenditure {
  heading: string | null;
  class: string;
  declared?: string;
  variable_rate?: boolean;
  note: string;
}

export const SFS_HEADINGS: readonly { id: string; name: string }[] = sfs.headings;

const CLASSES = new Set<string>(['committed', 'essential', 'discretionary', 'excluded']);
const DECLARED = new Set<string>(['housing', 'credit_commitments', 'other_essential']);

export const EXPENDITURE_MAP: ReadonlyMap<string, ExpenditureMapping> = new Map(
  Object.entries(sfs.expenditure as Record<string, RawExpenditure>).map(([id, m]) => {
    if (!CLASSES.has(m.class)) throw new Error(`sfs-categories.json: ${id} has an unknown class ${m.class}`);
    if (m.declared !== undefined && !DECLARED.has(m.declared))
      throw new Error(`sfs-categories.json: ${id} has an unknown declared item ${m.declared}`);
    return [
      id,
      {
        heading: m.heading,
        class: m.class as SpendingClass,
        declared: (m.declared ?? null) as ExpenditureMapping['declared'],
        variableRate: m.variable_rate === true,
        note: m.note,
      },
    ];
  }),
);

export const INCOME_MAP: ReadonlyMap<string, IncomeMapping> = new Map(
  Object.entries(sfs.income).map(([id, m]) => [id, { counts: m.counts as IncomeMapping['counts'], note: m.note }]),
);

/** The built-in policy (version 0): the ONS-based buffer, a 20 % stress on variable-rate payments, 10 % tolerance. */
export const DEFAULT_POLICY: PolicyBody = Object.freeze({
  living_cost_buffer: {
    by_household_size: ons.by_household_size.map((r) => ({ ...r })),
    each_further_person: ons.each_further_person,
    source: `${ons.source.name}; ${ons.source.year}; an approximation (src/analytics/affordability/data/ons-living-costs.json)`,
  },
  variable_rate_stress_percent: 20,
  variable_rate_categories: [...EXPENDITURE_MAP].filter(([, m]) => m.variableRate).map(([id]) => id),
  proposed_commitment: { monthly_amount: 0, variable_rate: false },
  declared_tolerance_percent: 10,
  income: { min_months_seen: 3, min_months_seen_irregular: 6, min_stability: 0.5, min_confidence: 0.5 },
});

/** The buffer for a household: the row for its size, or the largest row plus each further person. */
export function livingCostFor(policy: PolicyBody, householdSize: number): number {
  const rows = [...policy.living_cost_buffer.by_household_size].sort((a, b) => a.household_size - b.household_size);
  const exact = rows.find((r) => r.household_size === householdSize);
  if (exact) return exact.monthly_amount;
  const below = rows.filter((r) => r.household_size < householdSize).at(-1);
  if (!below) return rows[0]?.monthly_amount ?? 0;
  return below.monthly_amount + (householdSize - below.household_size) * policy.living_cost_buffer.each_further_person;
}
