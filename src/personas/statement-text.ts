/**
 * Pieces every bank's statement text is built from: the inputs a style receives, date and money formats,
 * truncation, and transaction-id formats. The styles themselves are in bank-styles.ts.
 */
import { itemAt } from '../lib/indexing.ts';
import { civilFromDay } from './calendar.ts';
import { hash53 } from './prng.ts';

export type TextKind =
  | 'card'
  | 'card_refund'
  | 'dd'
  | 'so'
  | 'bgc'
  | 'fpi'
  | 'fpo'
  | 'cash'
  | 'transfer_in'
  | 'transfer_out'
  | 'unpaid_dd'
  | 'charge'
  | 'interest';

export type ChargeKind = 'unpaid_item_fee' | 'unarranged_od_fee' | 'overdraft_interest' | 'account_fee';

/** A card payment or cash withdrawal as the card scheme reports it. */
export interface CardInput {
  /** merchant descriptor as the acquirer sends it, e.g. "TESCO STORES 3217" (an ATM's place for cash) */
  descriptor: string;
  /** town or website in the descriptor's location field, e.g. "LEEDS", "AMAZON.CO.UK" */
  location: string;
  /** two-letter country of the merchant */
  country: string;
  pence: number;
  /** the London day of the purchase */
  day: number;
  /** last four digits of the card */
  last4: string;
  contactless: boolean;
}

/** The other account of the same customer in a transfer. */
export interface OwnAccountRef {
  nickname: string;
  sortCode: string;
  accountNumber: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** "11-01-2026" (or with another separator) */
export function dmy(day: number, sep = '-'): string {
  const c = civilFromDay(day);
  return `${pad2(c.day)}${sep}${pad2(c.month)}${sep}${c.year}`;
}

/** "11/01/26" */
export function dmyShort(day: number): string {
  const c = civilFromDay(day);
  return `${pad2(c.day)}/${pad2(c.month)}/${pad2(c.year % 100)}`;
}

/** "11JAN" */
export function dMon(day: number): string {
  const c = civilFromDay(day);
  return `${pad2(c.day)}${MONTHS[c.month - 1]}`;
}

/** "11JAN26" */
export function dMonYy(day: number): string {
  const c = civilFromDay(day);
  return `${pad2(c.day)}${MONTHS[c.month - 1]}${pad2(c.year % 100)}`;
}

/** "11 JAN" */
export function dSpaceMon(day: number): string {
  const c = civilFromDay(day);
  return `${pad2(c.day)} ${MONTHS[c.month - 1]}`;
}

/** "12.50" from pence (sign dropped: statement texts show the amount unsigned) */
export function money(pence: number): string {
  const p = Math.abs(pence);
  const pounds = Math.floor(p / 100);
  return `${pounds}.${pad2(p % 100)}`;
}

/** "TESCO STORES 3217" → "Tesco Stores 3217" (digital banks show mixed case) */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s*.&/-])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Banks with fixed-width statement fields cut the text; the cut never leaves trailing spaces. */
export function truncate(text: string, maxLength: number | null): string {
  return maxLength !== null && text.length > maxLength ? text.slice(0, maxLength).trimEnd() : text;
}

/** A 2–4 digit DD mandate number that stays the same for one payee (Santander prints it). */
export function mandateNumber(payee: string): string {
  return String(hash53(payee) % 997).padStart(3, '0');
}

export type IdFormat = 'hex' | 'monzo' | 'uuid' | 'numeric';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const HEX2_UPPER = HEX2.map((h) => h.toUpperCase());

/** 8 hex digits from a byte table (toString(16) is slow on numbers above 2^31). */
function hex8(n: number, table: readonly string[] = HEX2): string {
  return (
    itemAt(table, n >>> 24) + itemAt(table, (n >>> 16) & 255) + itemAt(table, (n >>> 8) & 255) + itemAt(table, n & 255)
  );
}

function base62(n: number, width: number): string {
  let s = '';
  let x = n >>> 0;
  for (let i = 0; i < width; i++) {
    s = BASE62[x % 62] + s;
    x = Math.floor(x / 62);
  }
  return s;
}

/** A transaction id in the bank's usual look, from 64 hashed bits (two 32-bit halves). */
export function formatId(format: IdFormat, a: number, b: number): string {
  const c = Math.imul(a ^ b, 0x9e3779b1) >>> 0;
  switch (format) {
    case 'monzo':
      return `tx_0000${base62(a, 6)}${base62(b, 6)}${base62(c, 6)}${base62(c ^ a, 4)}`;
    case 'uuid': {
      const h = hex8(a) + hex8(b) + hex8(c) + hex8(c ^ b);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }
    case 'numeric':
      return String(a >>> 0).padStart(10, '0') + String(b >>> 0).padStart(10, '0');
    default:
      return hex8(a, HEX2_UPPER) + hex8(b, HEX2_UPPER) + hex8(c, HEX2_UPPER);
  }
}
