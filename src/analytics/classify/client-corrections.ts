/**
 * Corrections that stick (docs/decisions/0061-category-corrections-and-rules.md): a category a person set on one
 * transaction, and a client's rules (payee or text pattern → category), win over the classifier. Pure: the module
 * that stores them hands them to the engine as input (ReportInput.corrections); nothing here reads a database.
 *
 * Precedence: a transaction's own correction, then the first matching rule (lowest priority number, then the order
 * given), then the engine. A rule applies only to transactions of its account type whose direction fits its
 * category (money in → an income category, money out → an expenditure one; a zero amount fits either), so a rule
 * cannot turn a refund into spending. A correction is checked against its transaction when it is made.
 *
 * Patterns are plain text, never regular expressions: matching is a substring search on normalised text, linear in
 * the text's length, so no pattern can make it slow (docs/decisions/0062-safe-rule-patterns.md).
 */
import { findCategory } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import type { AccountType } from '../types.ts';

/** What a rule reads: `text`, the statement text; `payee`, the bank's merchant name or the payee the engine knows. */
export type RuleField = 'text' | 'payee';
/** `contains`: the pattern anywhere; `word`: the pattern's whole words, in order, bounded by non-letters. */
export type RuleMatch = 'contains' | 'word';

/** A client's rule as the engine takes it. */
export interface CategoryRuleInput {
  id: string;
  accountType: AccountType;
  field: RuleField;
  match: RuleMatch;
  pattern: string;
  categoryId: string;
  /** lower first; ties keep the order given */
  priority: number;
}

/** Everything people said about categories, for one customer. */
export interface CategoryCorrectionsInput {
  /** transaction id → category id (of the transaction's account type) */
  transactions: ReadonlyArray<readonly [string, string]>;
  rules: readonly CategoryRuleInput[];
}

/**
 * Upper case, every run of characters that are not letters or digits one space, trimmed: "Tesco-Stores  1234"
 * and "TESCO STORES 1234" read alike. Letters of any script count as letters.
 */
export function normalizeForRule(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A rule compiled once: its normalised needle, with spaces round it for whole-word matching. */
export interface CompiledRule extends CategoryRuleInput {
  needle: string;
  category: Category;
}

/** Compiles rules, dropping any whose category is not of its account type or whose pattern normalises to nothing. */
export function compileRules(rules: readonly CategoryRuleInput[]): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const rule of rules) {
    const category = findCategory(rule.accountType, rule.categoryId);
    const norm = normalizeForRule(rule.pattern);
    if (!category || norm === '') continue;
    out.push({ ...rule, category, needle: rule.match === 'word' ? ` ${norm} ` : norm });
  }
  // A stable sort: equal priorities keep the order given (the store gives oldest first).
  return out.sort((a, b) => a.priority - b.priority);
}

/** Whether a rule's pattern is in a text (already normalised by normalizeForRule). */
function ruleMatchesText(rule: CompiledRule, normalized: string): boolean {
  return rule.match === 'word' ? ` ${normalized} `.includes(rule.needle) : normalized.includes(rule.needle);
}

/** What a transaction shows a rule. */
export interface RuleSubject {
  accountType: AccountType;
  amount: number;
  description: string;
  /** the bank's merchant name, if any */
  merchantName: string | null;
  /** the payee the engine recognised, if any */
  merchant: string | null;
}

/** Whether a category fits the direction of the money (a zero amount fits either). */
export function fitsDirection(category: Category, amount: number): boolean {
  if (amount > 0) return category.income_expenditure === 'income';
  if (amount < 0) return category.income_expenditure === 'expenditure';
  return true;
}

/** The first rule (in compiled order) that applies to a transaction, or null. */
export function firstMatchingRule(rules: readonly CompiledRule[], s: RuleSubject): CompiledRule | null {
  let text: string | null = null;
  let payees: string[] | null = null;
  for (const rule of rules) {
    if (rule.accountType !== s.accountType || !fitsDirection(rule.category, s.amount)) continue;
    if (rule.field === 'text') {
      text ??= normalizeForRule(s.description);
      if (ruleMatchesText(rule, text)) return rule;
    } else {
      payees ??= [s.merchantName, s.merchant].flatMap((p) => (p ? [normalizeForRule(p)] : []));
      if (payees.some((p) => ruleMatchesText(rule, p))) return rule;
    }
  }
  return null;
}

/** The category people chose for one transaction, and how. */
export interface AppliedCorrection {
  category: Category;
  source: 'correction' | 'rule';
  /** the rule's id when a rule chose it */
  ruleId: string | null;
}

/**
 * The corrections and rules that apply to a batch, by input index. `merchants` are the payees the engine
 * recognised, in input order (a payee rule reads them beside the bank's merchant name). A correction whose category
 * is not one of its account type's is ignored (the store refuses those; this keeps the engine total).
 */
export function resolveCorrections(
  transactions: ReadonlyArray<{
    id: string;
    accountId: string;
    amount: number;
    description: string;
    merchantName: string | null;
  }>,
  accountTypeOf: (accountId: string) => AccountType,
  merchants: ReadonlyArray<string | null>,
  input: CategoryCorrectionsInput | undefined,
): Map<number, AppliedCorrection> {
  const out = new Map<number, AppliedCorrection>();
  if (!input || (input.transactions.length === 0 && input.rules.length === 0)) return out;
  const byTransaction = new Map(input.transactions);
  const rules = compileRules(input.rules);
  transactions.forEach((tx, i) => {
    const accountType = accountTypeOf(tx.accountId);
    const corrected = byTransaction.get(tx.id);
    const category = corrected === undefined ? undefined : findCategory(accountType, corrected);
    if (category) {
      out.set(i, { category, source: 'correction', ruleId: null });
      return;
    }
    if (rules.length === 0) return;
    const rule = firstMatchingRule(rules, {
      accountType,
      amount: tx.amount,
      description: tx.description,
      merchantName: tx.merchantName,
      merchant: merchants[i] ?? null,
    });
    if (rule) out.set(i, { category: rule.category, source: 'rule', ruleId: rule.id });
  });
  return out;
}
