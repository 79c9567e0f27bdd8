/**
 * Transaction classification. Decisions, Analytics: "the bank's or submitter's own category when it maps, the
 * merchant category code, known merchants and payees, keyword rules on the description, the transaction type,
 * then a fallback category" — refined, as docs/classification.md ("Order of rules") explains, into the order of
 * how much each piece of evidence says:
 * 1. the submitted category;
 * 2. what happened, whoever was paid: an unpaid direct debit, a bank fee, cash at a machine (the wording, the
 *    statement code, the bank's type or a cash MCC), pay words on money in;
 * 3. a payee we know ("a merchant category code overrides a payee the engine already knows" was the bug);
 * 4. the merchant category code; 5. keywords; 6. the structure: type, a standing order to an address, fallback.
 * Every rule means different things by direction (targets.ts): money back from a shop is a refund, not income.
 * Finally, transfers between the customer's own accounts are paired up and re-classified (own-transfers.ts).
 *
 * Speed: everything is compiled at module load; each distinct description is analysed once per batch.
 */
import { itemAt } from '../../lib/indexing.ts';
import { SHARED_IDS, findCategory } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import type { AccountType, EngineAccount, EngineTransaction } from '../types.ts';
import { PAYMENT } from './keyword-rules.ts';
import { payeeNamed } from './lexicon.ts';
import type { Entry } from './lexicon.ts';
import { CHANNEL } from './normalize-description.ts';
import type { Channel } from './normalize-description.ts';
import { LEVEL, findOwnTransfers } from './own-transfers.ts';
import mcc from './reference/mcc.json' with { type: 'json' };
import { slotFor, targetOf } from './rule-targets.ts';
import type { ResolvedTarget } from './rule-targets.ts';
import { interpretSubmittedCategory } from './submitted-categories.ts';
import { TextCache } from './text-analysis.ts';
import type { TextAnalysis } from './text-analysis.ts';
import {
  BANK_ACTION_TYPES,
  CASH_MCCS,
  PERSON_TO_PERSON_TYPES,
  STANDING_ORDER_TYPES,
  TRANSFER_TARGET,
  TYPE_TARGETS,
  isCardByType,
  isTransferChannel,
  paymentKind,
  typeKey,
} from './transaction-types.ts';

/** Common UK first names and surnames, for the stages that read payers' names (employment). */
export { isPersonName } from './reference/person-names.ts';
/** "FasterPayment", "Faster Payment", "FASTER_PAYMENT" → "fasterpayment": how every stage reads a bank's type. */
export { typeKey } from './transaction-types.ts';

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
  /** an own transfer out whose words say it went to savings ("TFR TO CASH ISA", "ROUND UP TO SAVINGS POT") */
  toSavings?: boolean;
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
const CASH = targetOf('cash');
const REFUND = targetOf('refund');
/** Platforms paid through by card; their payouts to a card are refunds, not earnings. */
const CARD_REFUND_PAYEES = new Set(['marketplace', 'clothing_marketplace', 'delivery_app', 'ride_hailing', 'paypal']);
/**
 * Shops, restaurants and garages refund to the card. A Bacs or Faster Payment credit from one is wages (employers
 * are often retailers: "WM MORRISON SUPERMA", "BREWDOG RETAIL LTD"), left to the type and the salary stage.
 */
const RETAILERS = new Set([
  'groceries',
  'shopping',
  'clothing',
  'eating_out',
  'home_garden',
  'health_beauty',
  'fuel',
  'pets',
  'vehicle_costs',
  'entertainment',
  'wholesaler',
]);
/** "BP" as the only payee of a card payment ("BP LEEDS GB"): the fuel brand. */
const BP = payeeNamed('BP');
const RENT = requireCategory('Personal', SHARED_IDS.rent);
const MORTGAGE = requireCategory('Personal', 'mortgage');
/** A building society's name, whole or cut short by Bacs: "BUILDING SOCIETY", "BUILDING SOC", "BLDG SOC". */
const BUILDING_SOCIETY = /\b(?:BUILDING|BLDG) SOC/i;
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

/**
 * Own-transfer words ("TO SAVINGS", "ROUND UP", "RAINY DAY SPACE", "TO A/C") with no firm to explain them other
 * than a bank or building society (where the customer's own savings account is: "HALIFAX SAVINGS"). A savings or
 * investment firm (Moneybox, Vanguard ISA) is savings held elsewhere, not an own transfer.
 */
function ownTransferByWords(text: TextAnalysis): boolean {
  return text.ownTransferWords && (text.merchant === null || text.merchant.target.key === 'bank');
}

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

/** One transaction's evidence, gathered before the rules are tried in order (reused: no allocation). */
const evidence = {
  slot: 0,
  text: null as unknown as TextAnalysis,
  type: '',
  channel: CHANNEL.none as Channel,
  personToPerson: false,
  payee: null as Entry | null,
  keyword: null as Entry | null,
  mccTarget: undefined as ResolvedTarget | undefined,
  card: false,
  /** a credit or transfer between banks (Bacs, Faster Payment, standing order), not a card */
  bankTransfer: false,
  directDebit: false,
};

function gather(tx: EngineTransaction, isBusiness: boolean, cache: TextCache): typeof evidence {
  const text = cache.get(tx.description);
  const fromName = tx.merchantName ? cache.get(tx.merchantName) : null;
  const type = typeKey(tx.type);
  const card = isCardByType(type, tx.mcc);
  // "BP" first on a card payment is the fuel brand a terminal printed ("BP LEEDS GB"), not a bill payment code.
  const bpOnCard = text.billPaymentCode && card;
  const channel = bpOnCard ? CHANNEL.card : text.channel;
  const personToPerson = isTransferChannel(channel) || PERSON_TO_PERSON_TYPES.has(type);
  // A one-word generated brand on a person-to-person payment is more likely a surname ("FPO J EVANS").
  const inText = personToPerson ? text.merchantStrict : text.merchant;
  // The text is more specific than the bank's merchant name ("TESCO PFS" against "Tesco") unless all it names is an
  // intermediary or a one-word generated brand.
  let payee = inText !== null && !inText.weak && !inText.tentative ? inText : (fromName?.merchantStrict ?? inText);
  if (payee === null && bpOnCard) payee = BP;
  const kind = paymentKind(channel, type, card, personToPerson);
  const keyword = text.keyword !== null && (text.keyword.notOn & kind) !== 0 ? text.keywordPlain : text.keyword;
  evidence.slot = slotFor(isBusiness, tx.amount);
  evidence.text = text;
  evidence.type = type;
  evidence.channel = channel;
  evidence.personToPerson = personToPerson;
  evidence.payee = payee;
  evidence.keyword = keyword;
  evidence.mccTarget = tx.mcc ? MCC_TARGETS.get(tx.mcc) : undefined;
  evidence.card = card || channel === CHANNEL.card;
  evidence.bankTransfer = (kind & PAYMENT.transfer) !== 0 && !evidence.card;
  evidence.directDebit = (kind & PAYMENT.directDebit) !== 0;
  return evidence;
}

/**
 * Payers of pensions and benefits (knowledge base targets): money in from one is a pension or a benefit, whatever
 * pay word its text also carries ("NEST PENSIONS NET PAY", "DWP UC SALARY SUPPORT").
 */
const INCOME_PAYERS = new Set([
  'state_pension',
  'pension',
  'workplace_pension',
  'universal_credit',
  'child_benefit',
  'disability_benefits',
  'out_of_work_benefits',
  'tax_credits',
  'housing_benefit',
  'other_benefits',
]);
/** Pension keywords whose payee may also employ people: the pension wins only with a scheme word beside it. */
const PENSION_KEYS = new Set(['pension', 'pension_insurer']);
/**
 * A firm whose name merely contains "pension" ("PENSION PLANNING CONSULTANTS LTD SALARY"): its legal form or trade
 * words, with no scheme word (SCHEME, FUND, ANNUITY, SUPERANNUATION, ...) to say the payment is a pension.
 */
const FIRM_WORDS = /\b(?:LTD|LIMITED|LLP|PLC|CONSULT\w*|ADVIS\w*|PLANNING|SOLUTIONS|RECRUIT\w*|REGULATOR|OMBUDSMAN)\b/;
const SCHEME_WORDS =
  /\b(?:SCHEME|FUND|TRUST|ANNUIT\w*|SUPERANN\w*|LGPS|PENSIONS? (?:PAY\w*|SERVICE|AUTHORITY|ADMIN\w*)|RETIREMENT|SIPP|DRAWDOWN)\b/;

/**
 * Pay words on money in give way to the payer (docs/classification.md, "Order of evidence"): a pension or benefit
 * payer we know, or a pension named by its scheme, decides before SALARY, WAGES or NET PAY.
 */
function payerBeforePayWords(tx: EngineTransaction, e: typeof evidence): boolean {
  if (e.slot % 2 !== 0 || e.text.strong?.target.key !== 'salary') return false;
  const payee = e.payee;
  if (payee !== null && INCOME_PAYERS.has(payee.target.key)) return true;
  const pensionWord = e.text.keyword !== null && PENSION_KEYS.has(e.text.keyword.target.key);
  if (!pensionWord && !(payee !== null && payee.target.key === 'pension_insurer')) return false;
  const raw = tx.description.toUpperCase();
  return SCHEME_WORDS.test(raw) || (!FIRM_WORDS.test(raw) && pensionWord);
}

/** Step 2: what happened, whoever was paid. True when it decided. */
function decideWhatHappened(tx: EngineTransaction, e: typeof evidence): boolean {
  const bankAction = BANK_ACTION_TYPES.get(e.type);
  const cashCode = e.channel === CHANNEL.cash || (tx.mcc !== null && CASH_MCCS.has(tx.mcc));
  if (payerBeforePayWords(tx, e)) return false;
  const target = e.text.strong?.target ?? (cashCode ? CASH : bankAction);
  const category = target?.categories[e.slot];
  if (!target || !category) return false;
  const source = e.text.strong || e.channel === CHANNEL.cash ? 'keyword' : cashCode ? 'mcc' : 'type';
  decide(category, source, false);
  decided.level = LEVEL.none; // a fee, a returned payment or cash is never one side of a transfer
  if (target.key === 'bank_charges') decided.merchant = null; // the bank's fee, not the payee's bill
  return true;
}

/** Step 3: a payee we know. True when it decided. */
function decideByPayee(e: typeof evidence, hinted: boolean): boolean {
  const payee = e.payee;
  if (payee === null) return false;
  if (e.slot % 2 === 0 && e.bankTransfer && RETAILERS.has(payee.target.key)) return false;
  // Money back on a card is a refund: the shop's code says so ("EBAY O*..." under 5999), or the payee is a
  // platform the customer buys through, whose other money in would be earnings.
  if (e.slot % 2 === 0 && e.card) {
    const refund = REFUND.categories[e.slot];
    const byCode = e.mccTarget?.categories[e.slot] === refund;
    if (refund && (byCode || CARD_REFUND_PAYEES.has(payee.target.key))) {
      decide(refund, byCode ? 'mcc' : 'merchant', hinted);
      return true;
    }
  }
  // A one-word name from the generated brand table is the likeliest false friend: a card's MCC knows better.
  if (payee.tentative && e.mccTarget?.categories[e.slot]) return false;
  // A product word beside a brand that sells it says what was paid: "CO-OP INS" is insurance, not groceries.
  const product = payee.sellsProducts && e.keyword?.product === true ? e.keyword.target.categories[e.slot] : null;
  if (product) {
    decide(product, 'keyword', hinted || e.text.ownTransfer);
    return true;
  }
  const category = payee.target.categories[e.slot];
  if (!category) return false;
  decide(category, 'merchant', hinted);
  return true;
}

/** Step 6: the structure of the payment. */
function decideByStructure(tx: EngineTransaction, accountType: AccountType, e: typeof evidence, hinted: boolean): void {
  // A standing order to a person whose reference is a street address ("SO R GREENWOOD 14 CARDIGAN RD") is rent.
  const standingOrder = e.channel === CHANNEL.standingOrder || STANDING_ORDER_TYPES.has(e.type);
  if (e.slot === 1 && e.text.address && standingOrder) return decide(RENT, 'type', hinted);
  // A direct debit to a building society that no word explains is a mortgage: societies lend on mortgages and take
  // savings by standing order or transfer, not by collecting from the saver ("NEWCASTLE BUILDING SOC 0098813").
  if (e.slot === 1 && e.directDebit && BUILDING_SOCIETY.test(e.payee?.merchant ?? e.text.normalized))
    return decide(MORTGAGE, 'type', hinted);
  const byType = TYPE_TARGETS.get(e.type) ?? (e.personToPerson ? TRANSFER_TARGET : undefined);
  const category = byType?.categories[e.slot];
  if (category) return decide(category, 'type', hinted);
  decide(tx.amount > 0 ? fallbackIn[accountType] : fallbackOut[accountType], 'fallback', hinted);
}

/** Classifies one transaction into `decided` (without own-transfer pairing, which needs the whole batch). */
function classifyInto(tx: EngineTransaction, accountType: AccountType, cache: TextCache): void {
  const isBusiness = accountType === 'Business';
  const e = gather(tx, isBusiness, cache);
  const hinted = e.text.ownTransfer;
  decided.merchant = e.payee?.merchant ?? null;
  decided.normalized = e.text.normalized;
  if (tx.submittedCategory) {
    const meaning = interpretSubmittedCategory(tx.submittedCategory, isBusiness);
    const category = meaning && ('category' in meaning ? meaning.category : meaning.target.categories[e.slot]);
    if (category) return decide(category, 'submitted', hinted);
  }
  if (decideWhatHappened(tx, e) || decideByPayee(e, hinted)) return;
  let category = e.mccTarget?.categories[e.slot];
  if (category) return decide(category, 'mcc', hinted);
  category = e.keyword?.target.categories[e.slot];
  if (category) return decide(category, 'keyword', hinted);
  decideByStructure(tx, accountType, e, hinted);
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

const RETURNED_DD = {
  Personal: requireCategory('Personal', 'returned_direct_debit'),
  Business: findCategory('Business', 'returned_direct_debit') ?? null,
};
/** Credits that may be a returned direct debit the text does not call one (no UNPAID, no RTN). */
const MIRROR_CANDIDATES = new Set(['other_income', 'refund', 'transfer_in']);
const MIRROR_DAYS = 10;

/**
 * A credit that mirrors a recent direct debit — same account, same payee text, the same sum, within 10 days after
 * it — is that debit returned unpaid, whatever its text says: banks print the payee's name alone on the reversal
 * (docs/classification.md, "Order of rules"). `directDebits`: the debits whose text or type says direct debit, in
 * input order (collected while classifying, so only they are looked at here).
 */
function markMirroredReturns(
  transactions: readonly EngineTransaction[],
  results: ClassifiedTransaction[],
  levels: Uint8Array,
  directDebits: readonly number[],
  typeOf: ReadonlyMap<string, AccountType>,
): void {
  // The candidate credits by payee text (few), then one pass over the debits looking only those texts up.
  const credits = new Map<string, number[]>();
  for (let i = 0; i < transactions.length; i++) {
    const result = itemAt(results, i);
    if (itemAt(transactions, i).amount <= 0 || !MIRROR_CANDIDATES.has(result.categoryId)) continue;
    if (result.source === 'submitted') continue;
    const list = credits.get(result.normalizedDescription);
    if (list) list.push(i);
    else credits.set(result.normalizedDescription, [i]);
  }
  if (credits.size === 0) return;
  const returned = new Set<number>();
  for (const i of directDebits) {
    const tx = itemAt(transactions, i);
    const candidates = credits.get(itemAt(results, i).normalizedDescription);
    if (candidates === undefined) continue;
    for (const j of candidates) {
      const credit = itemAt(transactions, j);
      const lag = credit.bookedAt - tx.bookedAt;
      const same = credit.accountId === tx.accountId && Math.abs(credit.amount + tx.amount) < 0.005;
      if (same && lag >= 0 && lag <= MIRROR_DAYS * 86_400) returned.add(j);
    }
  }
  for (const j of returned) {
    const category = RETURNED_DD[typeOf.get(itemAt(transactions, j).accountId) ?? 'Personal'];
    if (category === null) continue;
    const result = itemAt(results, j);
    result.categoryId = category.id;
    result.categoryName = category.name;
    result.source = 'type';
    levels[j] = LEVEL.none; // a returned payment is never one side of a transfer
  }
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
  const directDebits: number[] = [];
  for (let i = 0; i < transactions.length; i++) {
    const tx = itemAt(transactions, i);
    classifyInto(tx, typeOf.get(tx.accountId) ?? 'Personal', cache);
    results[i] = toResult(tx);
    levels[i] = decided.level;
    // Own-transfer words with no payee we know to explain them: an own transfer even unpaired (own-transfers.ts).
    if (decided.level === LEVEL.hinted && ownTransferByWords(evidence.text)) levels[i] = LEVEL.worded;
    if (tx.amount < 0 && (evidence.text.channel === CHANNEL.directDebit || evidence.type === 'directdebit'))
      directDebits.push(i);
  }
  markMirroredReturns(transactions, results, levels, directDebits, typeOf);
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
    if (tx.amount < 0 && cache.get(tx.description).savingsWords) result.toSavings = true;
  }
  return results;
}
