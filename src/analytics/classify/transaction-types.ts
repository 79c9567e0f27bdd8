/**
 * What a bank's transaction type (EngineTransaction.type: "DirectDebit", "CardPayment", "Cash", "Charge", ...) and
 * the statement code say about how money moved. Types are free text: they are compared lower-cased without
 * punctuation ("FasterPayment", "Faster Payment", "FASTER_PAYMENT" → "fasterpayment").
 */
import { PAYMENT } from './keyword-rules.ts';
import { CHANNEL } from './normalize-description.ts';
import type { Channel } from './normalize-description.ts';
import { targetOf } from './rule-targets.ts';
import type { ResolvedTarget } from './rule-targets.ts';

const typeKeys = new Map<string, string>();

/** "FasterPayment", "Faster Payment", "FASTER_PAYMENT" → "fasterpayment" (memoised: banks use a handful). */
export function typeKey(type: string | null): string {
  if (type === null) return '';
  let found = typeKeys.get(type);
  if (found === undefined) {
    found = type.toLowerCase().replace(/[^a-z]/g, '');
    if (typeKeys.size < 1000) typeKeys.set(type, found);
  }
  return found;
}

const TRANSFER = targetOf('transfer');
export const TRANSFER_TARGET = TRANSFER;

export const STANDING_ORDER_TYPES: ReadonlySet<string> = new Set(['standingorder', 'so', 'sto']);
export const PERSON_TO_PERSON_TYPES: ReadonlySet<string> = new Set([
  'fasterpayment',
  'fasterpayments',
  'fp',
  'fpi',
  'fpo',
  'transfer',
  'banktransfer',
  ...STANDING_ORDER_TYPES,
]);
const CARD_TYPES: ReadonlySet<string> = new Set([
  'cardpayment',
  'card',
  'cardpurchase',
  'cardtransaction',
  'debitcard',
  'pos',
  'contactless',
  'purchase',
]);
const DIRECT_DEBIT_TYPES: ReadonlySet<string> = new Set(['directdebit', 'dd', 'ddr']);
const CREDIT_TYPES: ReadonlySet<string> = new Set(['bankgirocredit', 'bgc', 'bacs', 'bacscredit', 'chaps']);

/** Types by which the bank says what happened, whatever the text names: cash at a machine, its own charges. */
export const BANK_ACTION_TYPES: ReadonlyMap<string, ResolvedTarget> = new Map<string, ResolvedTarget>([
  ...['cash', 'atm', 'cashwithdrawal', 'atmwithdrawal', 'cashdeposit'].map((t) => [t, targetOf('cash')] as const),
  ...['charge', 'charges', 'fee', 'fees', 'bankcharge', 'bankcharges'].map(
    (t) => [t, targetOf('bank_charges')] as const,
  ),
  ...['interest', 'interestpayment', 'interestcharge', 'creditinterest', 'debitinterest'].map(
    (t) => [t, targetOf('interest')] as const,
  ),
]);

/** Types that say what kind of payment it was, used only when no payee or word does. */
export const TYPE_TARGETS: ReadonlyMap<string, ResolvedTarget> = new Map<string, ResolvedTarget>([
  ...[...PERSON_TO_PERSON_TYPES, 'internaltransfer', 'bacs', 'chaps', 'credittransfer'].map(
    (t) => [t, TRANSFER] as const,
  ),
  ['refund', targetOf('refund')],
  ['dividend', targetOf('investment')],
]);

/** Merchant category codes that say cash was paid out (ATMs, counters): what happened, not who was paid. */
export const CASH_MCCS: ReadonlySet<string> = new Set(['6010', '6011']);

/** Whether the bank's type or an MCC says this was a card payment. */
export function isCardByType(type: string, mcc: string | null): boolean {
  return mcc !== null || CARD_TYPES.has(type);
}

/** Whether the channel is one of a payment to or from a person or an account (not a card, not a bill collector). */
export function isTransferChannel(channel: Channel): boolean {
  return channel === CHANNEL.transferIn || channel === CHANNEL.transferOut || channel === CHANNEL.standingOrder;
}

/** The kind of payment as PAYMENT bits (keyword-rules.ts); 0 when nothing says. */
export function paymentKind(channel: Channel, type: string, card: boolean, personToPerson: boolean): number {
  let kind = 0;
  if (card || channel === CHANNEL.card) kind |= PAYMENT.card;
  if (channel === CHANNEL.directDebit || DIRECT_DEBIT_TYPES.has(type)) kind |= PAYMENT.directDebit;
  if (personToPerson || channel === CHANNEL.credit || CREDIT_TYPES.has(type)) kind |= PAYMENT.transfer;
  return kind;
}
