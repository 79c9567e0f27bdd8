/**
 * What one phrase of the lexicon means: its rule target and the flags the classifier reads. Kept apart from the
 * trie (lexicon.ts) so the meaning of a match can be read on one screen.
 */
import type { ResolvedTarget } from './rule-targets.ts';
import type { TargetKey } from './targets.ts';

export const KIND = { merchant: 0, keyword: 1, strong: 2 } as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** When two sources know the same phrase the higher rank wins: knowledge > keyword > gambling > council > brand. */
export const RANK = { brand: 1, council: 2, gambling: 3, keyword: 4, knowledge: 5 } as const;

/**
 * Keywords that name a financial or household product. Beside the name of a business that also sells such
 * products they say what was paid: "CO-OP INS" is insurance, "TESCO BANK SAVINGS" savings, "SHELL ENERGY" a bill.
 */
const PRODUCT_TARGETS: ReadonlySet<TargetKey> = new Set<TargetKey>([
  'insurance',
  'mortgage',
  'loan',
  'payday_loan',
  'credit_card',
  'car_finance',
  'energy',
  'savings',
  'investment',
  'pension',
]);

/** Payees whose brand also sells the products above: retailers, card issuers, lenders, life companies. */
const SELLS_PRODUCTS: ReadonlySet<TargetKey> = new Set<TargetKey>([
  'groceries',
  'shopping',
  'clothing',
  'fuel',
  'home_garden',
  'health_beauty',
  'pets',
  'credit_card',
  'loan',
  'pension_insurer',
  'investment',
]);

/** A phrase's meaning. */
export interface Entry {
  readonly target: ResolvedTarget;
  readonly kind: Kind;
  /** display name of the payee; null for keywords */
  readonly merchant: string | null;
  /** a payment intermediary or a bank: any other payee in the same text wins */
  readonly weak: boolean;
  /** a one-word generated name, or a listed one that is a common surname: ignored on person-to-person payments */
  readonly personLike: boolean;
  /** a one-word name from the generated brand table: a merchant category code overrides it (METRO, fuel?) */
  readonly tentative: boolean;
  /** a council's bare place name: counts only beside a council word */
  readonly needsCouncilWord: boolean;
  /** own-transfer wording ("TO SAVINGS") */
  readonly ownTransfer: boolean;
  /** keywords: the highest priority in a text wins, then the leftmost */
  readonly priority: number;
  /** keywords: PAYMENT bits (keyword-rules.ts) on which the word says nothing */
  readonly notOn: number;
  /** keywords: a fee word (FEE, CHARGE) */
  readonly fee: boolean;
  /** keywords: names a financial or household product */
  readonly product: boolean;
  /** payees: a brand that also sells such products, so a product keyword beside it decides */
  readonly sellsProducts: boolean;
  readonly rank: number;
}

/** A frozen entry with defaults for every flag not given. */
export function makeEntry(target: ResolvedTarget, kind: Kind, rank: number, extra: Partial<Entry> = {}): Entry {
  return Object.freeze({
    target,
    kind,
    rank,
    merchant: null,
    weak: false,
    personLike: false,
    tentative: false,
    needsCouncilWord: false,
    ownTransfer: false,
    priority: 0,
    notOn: 0,
    fee: false,
    product: kind !== KIND.merchant && PRODUCT_TARGETS.has(target.key),
    sellsProducts: kind === KIND.merchant && SELLS_PRODUCTS.has(target.key),
    ...extra,
  });
}
