/**
 * Shared by the persona tests only: fixed asOf values, a cache so each persona is generated once per test
 * file, and helpers reading a persona per account. Not exported from index.ts.
 */
import { itemAt } from '../../src/lib/indexing.ts';
import type { GeneratedTransaction, Persona } from '../../src/personas/model.ts';
import { londonTime, dayFromCivil } from '../../src/personas/calendar.ts';
import { generatePersona, listPersonas } from '../../src/personas/personas.ts';

/** 14 January 2026, 15:30 UTC: mid-month, a Wednesday, winter time. */
export const AS_OF = londonTime(dayFromCivil(2026, 1, 14), 15 * 3600 + 1800);
/** 3 July 2025, 09:10 BST: summer time, just after a month end. */
export const AS_OF_SUMMER = londonTime(dayFromCivil(2025, 7, 3), 9 * 3600 + 600);

export const PERSONA_NAMES = listPersonas().map((p) => p.name);

const cache = new Map<string, Persona>();

export function persona(name: string, seed = 7, years = 2, asOf = AS_OF): Persona {
  const key = `${name}|${seed}|${years}|${asOf}`;
  let p = cache.get(key);
  if (!p) {
    p = generatePersona(name, { asOf, seed, years });
    cache.set(key, p);
  }
  return p;
}

export const pence = (pounds: number): number => Math.round(pounds * 100);

export function byAccount(p: Persona): Map<string, GeneratedTransaction[]> {
  const m = new Map<string, GeneratedTransaction[]>();
  for (const a of p.accounts) m.set(a.number, []);
  for (const t of p.transactions) m.get(t.account_number)?.push(t);
  return m;
}

/** Transactions with their labels, optionally only those with one of the labels. */
export function labelled(p: Persona, ...labels: string[]): GeneratedTransaction[] {
  return p.transactions.filter((_, i) => labels.length === 0 || labels.includes(itemAt(p.labels, i)));
}

/** Text that gives away each marker; personas without the marker must contain none of it. */
export const MARKER_TEXT = {
  gambling: /SKYBET|SKY BETTING|BET365|PADDY ?POWER|WILLIAM ?HILL|LADBROKES|BETFAIR/i,
  paydayLoan: /LENDING STREAM|DRAFTY|MONEYBOAT|SATSUMA|MR LENDER|QUIDMARKET/i,
  bnpl: /KLARNA|CLEARPAY|PAYIN3|PAY IN 3/i,
  debtCollection: /LOWELL|CABOT|INTRUM|PRA GROUP/i,
  returnedDirectDebit: /UNPAID D|RETURNED D/i,
  bankCharges: /UNPAID ITEM|UNARRANGED|OVERDRAFT INTEREST|OD INTEREST/i,
  councilTax: /CTAX|COUNC|CC CT|CITY CO$/i,
  benefits: /DWP UC|CHILD BENEFIT|\bCHB/i,
} satisfies Record<string, RegExp>;
