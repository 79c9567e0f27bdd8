/**
 * Test support only (golden and planted-pattern tests, not the engine): generated personas and their reports,
 * computed once per test file, with the persona's own expectations read from its labels.
 */
import { generatePersona, listPersonas, toEngineInput } from '../../src/personas/index.ts';
import type { Persona } from '../../src/personas/index.ts';
import { dayFromCivil, londonDay, londonMidnight, monthOfDay } from '../../src/analytics/calendar/london.ts';
import { computeReport } from '../../src/analytics/compute-report.ts';
import type { Report } from '../../src/analytics/report-types.ts';
import { itemAt } from '../../src/lib/indexing.ts';

/** 14 January 2026, 15:30 UTC: mid-month, a Wednesday, winter time. */
export const AS_OF = londonMidnight(dayFromCivil(2026, 1, 14)) + 15 * 3600 + 1800;
/** 3 July 2025, 09:10 BST: summer time, just after a month end. */
export const AS_OF_SUMMER = londonMidnight(dayFromCivil(2025, 7, 3)) + 9 * 3600 + 600;

export const PERSONAS = listPersonas().map((p) => p.name);

export interface PersonaReport {
  persona: Persona;
  report: Report;
}

const cache = new Map<string, PersonaReport>();

export function personaReport(name: string, seed = 7, asOf = AS_OF, years = 2): PersonaReport {
  const key = `${name}|${seed}|${asOf}|${years}`;
  let found = cache.get(key);
  if (!found) {
    const persona = generatePersona(name, { asOf, seed, years });
    found = { persona, report: computeReport({ ...toEngineInput(persona), asOf }) };
    cache.set(key, found);
  }
  return found;
}

/** London month index of each of the persona's transactions on a Personal account with one of the labels. */
export function labelledMonths(persona: Persona, ...labels: string[]): number[] {
  const personal = new Set(persona.accounts.filter((a) => a.type === 'Personal').map((a) => a.number));
  const months: number[] = [];
  persona.transactions.forEach((t, i) => {
    if (personal.has(t.account_number) && t.status === 'Booked' && labels.includes(itemAt(persona.labels, i))) {
      months.push(monthOfDay(londonDay(t.booking_date_time)));
    }
  });
  return months;
}

/** How many of the months fall in the `n` complete months before asOf's month (or, with `current`, also in it). */
export function countInLast(months: readonly number[], asOf: number, n: number, current = false): number {
  const asOfMonth = monthOfDay(londonDay(asOf));
  return months.filter((m) => m >= asOfMonth - n && (current ? m <= asOfMonth : m < asOfMonth)).length;
}
