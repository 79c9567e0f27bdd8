/**
 * Transaction classification. Decisions, Analytics: "the bank's or submitter's own category when it maps, the
 * merchant category code, known merchants and payees, keyword rules on the description, the transaction type,
 * then a fallback category". Two refinements, both about what happened rather than who was paid:
 * - strong keywords and cash signals (an unpaid direct debit, a bank fee, an ATM withdrawal) come right after
 *   the submitted category, because "UNPAID DIRECT DEBIT BRITISH GAS" is not an energy bill;
 * - every rule means different things by direction (targets.ts): money back from a shop is a refund, not income.
 * Finally, transfers between the customer's own accounts are paired up and re-classified (own-transfers.ts).
 *
 * Speed: everything is compiled at module load; each distinct description is analysed once per batch.
 */
import { itemAt } from '../../lib/indexing.ts';
import { SHARED_IDS, findCategory } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import type { AccountType, EngineAccount, EngineTransaction } from '../types.ts';
import { scanInto } from './lexicon.ts';
import type { ScanResult } from './lexicon.ts';
import { CHANNEL, analyzeIntoScratch } from './normalize-description.ts';
import type { Channel } from './normalize-description.ts';
import { LEVEL, findOwnTransfers } from './own-transfers.ts';
import mcc from './reference/mcc.json' with { type: 'json' };
import { slotFor, targetOf } from './rule-targets.ts';
import type { ResolvedTarget } from './rule-targets.ts';
import { interpretSubmittedCategory } from './submitted-categories.ts';

/** Which rule decided the category. */
export type RuleSource = 'submitted' | 'mcc' | 'merchant' | 'keyword' | 'type' | 'fallback' | 'internal_transfer';

/** One classified transaction. */
export interface ClassifiedTransaction {
  transactionId: string;
  categoryId: string;
  categoryName: string;
  /** the recognised payee or brand ("Tesco", "Leeds City Council"), or null */
  merchant: string | null;
  source: RuleSource;
  /** the grouping key of the statement text (normalize-description.ts) */
  normalizedDescription: string;
}

/** What one statement text says, independent of amount and account: computed once per distinct text. */
interface TextAnalysis extends ScanResult {
  normalized: string;
  channel: Channel;
  /** a street word in the text (RD, STREET, FLAT, ...) */
  address: boolean;
}

/** A category the classifier cannot work without; loading fails loudly if the taxonomy lacks it. */
function requireCategory(accountType: AccountType, id: string): Category {
  const category = findCategory(accountType, id);
  if (!category) throw new Error(`classifier: no ${accountType} category "${id}"`);
  return category;
}

const MCC_TARGETS = new Map<string, ResolvedTarget>(
  Object.entries(mcc.codes).map(([code, key]) => [code, targetOf(key)]),
);
const BROAD_MCCS = new Set(['4899', '5815', '5816', '5817', '5818', '5399', '5999', '7399']);
const CASH = targetOf('cash');
const TRANSFER = targetOf('transfer');

/** Bank transaction types (EngineTransaction.type), lower-cased without punctuation, with what they say. */
const TYPE_TARGETS = new Map<string, ResolvedTarget>([
  ...[
    'fasterpayment',
    'fasterpayments',
    'fp',
    'fpi',
    'fpo',
    'transfer',
    'banktransfer',
    'internaltransfer',
    'bacs',
    'chaps',
    'standingorder',
    'so',
    'sto',
    'credittransfer',
  ].map((t) => [t, TRANSFER] as const),
  ...['interest', 'interestpayment', 'interestcharge', 'creditinterest', 'debitinterest'].map(
    (t) => [t, targetOf('interest')] as const,
  ),
  ...['charge', 'charges', 'fee', 'fees', 'bankcharge', 'bankcharges'].map(
    (t) => [t, targetOf('bank_charges')] as const,
  ),
  ['refund', targetOf('refund')],
  ['dividend', targetOf('investment')],
]);
/** Types that mean cash moved at a machine or counter, whatever the text names. */
const CASH_TYPES = new Set(['cash', 'atm', 'cashwithdrawal', 'atmwithdrawal', 'cashdeposit']);
const STANDING_ORDER_TYPES = new Set(['standingorder', 'so', 'sto']);
const RENT = requireCategory('Personal', SHARED_IDS.rent);
/** Street words that make a standing order's reference an address. */
const ADDRESS_WORDS = new Set([
  'RD',
  'ROAD',
  'ST',
  'STREET',
  'AVE',
  'AVENUE',
  'LANE',
  'LN',
  'CLOSE',
  'CRESCENT',
  'DRIVE',
  'GROVE',
  'TERRACE',
  'FLAT',
  'APARTMENT',
  'APT',
]);
const PERSON_TO_PERSON_TYPES = new Set([
  'fasterpayment',
  'fasterpayments',
  'fp',
  'fpi',
  'fpo',
  'transfer',
  'banktransfer',
  'standingorder',
  'so',
  'sto',
]);

/** Provisional categories that may turn out to be one side of an own transfer. */
const TRANSFER_LIKE = new Set([
  'transfer_in',
  'transfer_out',
  'other_income',
  'other_expenditure',
  'savings_investments',
  'credit_card_repayments',
  'loan_repayments',
  'capital_injection',
  'director_drawings',
]);

const internalIn = {
  Personal: requireCategory('Personal', SHARED_IDS.internalTransferIn),
  Business: requireCategory('Business', SHARED_IDS.internalTransferIn),
};
const internalOut = {
  Personal: requireCategory('Personal', SHARED_IDS.internalTransferOut),
  Business: requireCategory('Business', SHARED_IDS.internalTransferOut),
};
const fallbackIn = {
  Personal: requireCategory('Personal', SHARED_IDS.otherIncome),
  Business: requireCategory('Business', SHARED_IDS.otherIncome),
};
const fallbackOut = {
  Personal: requireCategory('Personal', SHARED_IDS.otherExpenditure),
  Business: requireCategory('Business', SHARED_IDS.otherExpenditure),
};

function analyzeText(description: string): TextAnalysis {
  const text = analyzeIntoScratch(description);
  let address = false;
  for (let k = text.from; k < text.to && !address; k++) address = ADDRESS_WORDS.has(itemAt(text.tokens, k));
  const analysis: TextAnalysis = {
    normalized: text.normalized,
    channel: text.channel,
    strong: null,
    merchant: null,
    merchantStrict: null,
    keyword: null,
    ownTransfer: false,
    address,
  };
  scanInto(text.tokens, text.from, text.to, analysis);
  return analysis;
}

const typeKeys = new Map<string, string>();

/** "FasterPayment", "Faster Payment", "FASTER_PAYMENT" → "fasterpayment" (memoised: banks use a handful). */
function typeKey(type: string | null): string {
  if (type === null) return '';
  let found = typeKeys.get(type);
  if (found === undefined) {
    found = type.toLowerCase().replace(/[^a-z]/g, '');
    if (typeKeys.size < 1000) typeKeys.set(type, found);
  }
  return found;
}

/** A per-batch cache of text analyses: statements repeat the same payees month after month. */
export class TextCache {
  readonly #entries = new Map<string, TextAnalysis>();

  get(description: string): TextAnalysis {
    let found = this.#entries.get(description);
    if (found === undefined) {
      found = analyzeText(description);
      this.#entries.set(description, found);
    }
    return found;
  }
}

/** The decision being made: one reused record, so deciding allocates nothing. */
const decided = {
  category: null as unknown as Category,
  source: 'fallback' as RuleSource,
  merchant: null as string | null,
  level: 0,
  normalized: '',
};

function decide(category: Category, source: RuleSource, ownTransferText: boolean): void {
  decided.category = category;
  decided.source = source;
  decided.level = TRANSFER_LIKE.has(category.id) ? (ownTransferText ? LEVEL.hinted : LEVEL.candidate) : LEVEL.none;
}

/** Classifies one transaction into `decided` (without own-transfer pairing, which needs the whole batch). */
function classifyInto(tx: EngineTransaction, accountType: AccountType, cache: TextCache): void {
  const isBusiness = accountType === 'Business';
  const slot = slotFor(isBusiness, tx.amount);
  const text = cache.get(tx.description);
  const fromName = tx.merchantName ? cache.get(tx.merchantName) : null;
  const type = typeKey(tx.type);
  const channel = text.channel;
  const personToPerson =
    channel === CHANNEL.transferIn ||
    channel === CHANNEL.transferOut ||
    channel === CHANNEL.standingOrder ||
    PERSON_TO_PERSON_TYPES.has(type);
  // A one-word generated brand on a person-to-person payment is more likely a surname ("FPO J EVANS").
  const payee = fromName?.merchantStrict ?? (personToPerson ? text.merchantStrict : text.merchant);
  const hinted = text.ownTransfer;
  decided.merchant = payee?.merchant ?? null;
  decided.normalized = text.normalized;
  let category: Category | null | undefined;

  if (tx.submittedCategory) {
    const meaning = interpretSubmittedCategory(tx.submittedCategory, isBusiness);
    if (meaning) {
      category = 'category' in meaning ? meaning.category : meaning.target.categories[slot];
      if (category) return decide(category, 'submitted', hinted);
    }
  }
  const cashSignal = channel === CHANNEL.cash || CASH_TYPES.has(type);
  const strong = text.strong?.target ?? (cashSignal ? CASH : null);
  if (strong) {
    category = strong.categories[slot];
    if (category) {
      decide(category, text.strong || channel === CHANNEL.cash ? 'keyword' : 'type', false);
      decided.level = LEVEL.none; // a fee, a returned payment or cash is never one side of a transfer
      return;
    }
  }
  // A BNPL provider on the text ("KLARNA*NEW LOOK") says how the purchase was paid; the MCC is the shop's.
  if (payee && payee.target.key === 'bnpl') {
    category = payee.target.categories[slot];
    if (category) return decide(category, 'merchant', hinted);
  }
  if (tx.mcc) {
    category = MCC_TARGETS.get(tx.mcc)?.categories[slot];
    // On a payment, a broad code (pay TV and streaming, digital goods, general retail) gives way to a payee we know:
    // Netflix (4899) is a subscription, not a phone bill. Money back on a card stays a refund.
    const broad = slot % 2 === 1 && payee !== null && BROAD_MCCS.has(tx.mcc) && payee.target.categories[slot] !== null;
    if (category && !broad) return decide(category, 'mcc', hinted);
  }
  if (payee) {
    category = payee.target.categories[slot];
    if (category) return decide(category, 'merchant', hinted);
  }
  if (text.keyword) {
    category = text.keyword.target.categories[slot];
    if (category) return decide(category, 'keyword', hinted);
  }
  // A standing order to a person whose reference is a street address ("SO R GREENWOOD 14 CARDIGAN RD") is rent.
  if (slot === 1 && text.address && (channel === CHANNEL.standingOrder || STANDING_ORDER_TYPES.has(type))) {
    return decide(RENT, 'type', hinted);
  }
  const byType = TYPE_TARGETS.get(type) ?? (personToPerson ? TRANSFER : undefined);
  if (byType) {
    category = byType.categories[slot];
    if (category) return decide(category, 'type', hinted);
  }
  decide(slot % 2 === 0 ? fallbackIn[accountType] : fallbackOut[accountType], 'fallback', hinted);
}

function toResult(tx: EngineTransaction): ClassifiedTransaction {
  return {
    transactionId: tx.id,
    categoryId: decided.category.id,
    categoryName: decided.category.name,
    merchant: decided.merchant,
    source: decided.source,
    normalizedDescription: decided.normalized,
  };
}

/** Classifies one transaction on its own (no own-transfer pairing). */
export function classifyTransaction(
  tx: EngineTransaction,
  accountType: AccountType,
  cache = new TextCache(),
): ClassifiedTransaction {
  classifyInto(tx, accountType, cache);
  return toResult(tx);
}

/**
 * Classifies a batch: every transaction of a customer, with the customer's accounts (whose types choose the
 * category list and whose numbers help recognise own transfers). Results are in input order. A transaction
 * whose account is not listed is classified as Personal.
 */
export function classifyTransactions(
  transactions: readonly EngineTransaction[],
  accounts: readonly EngineAccount[],
): ClassifiedTransaction[] {
  const cache = new TextCache();
  const typeOf = new Map<string, AccountType>(accounts.map((a) => [a.id, a.type]));
  const results: ClassifiedTransaction[] = new Array(transactions.length);
  const levels = new Uint8Array(transactions.length);
  for (let i = 0; i < transactions.length; i++) {
    const tx = itemAt(transactions, i);
    classifyInto(tx, typeOf.get(tx.accountId) ?? 'Personal', cache);
    results[i] = toResult(tx);
    levels[i] = decided.level;
  }
  const isOwn = findOwnTransfers(transactions, accounts, levels);
  for (let i = 0; i < transactions.length; i++) {
    if (isOwn[i] === 0) continue;
    const tx = itemAt(transactions, i);
    const accountType = typeOf.get(tx.accountId) ?? 'Personal';
    const category = tx.amount > 0 ? internalIn[accountType] : internalOut[accountType];
    const result = itemAt(results, i);
    result.categoryId = category.id;
    result.categoryName = category.name;
    result.source = 'internal_transfer';
    result.merchant = null;
  }
  return results;
}
