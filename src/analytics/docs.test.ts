/** docs/analytics.md defines every figure: each event type and each member of the Insights object is named in it. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { computeReport } from './compute-report.ts';
import { EVENT_TYPES } from './events/event-types.ts';
import { CURRENT, at, monthlyDates, series } from '../../test/helpers/analytics-support.ts';

const doc = readFileSync(new URL('../../docs/analytics.md', import.meta.url), 'utf8');

function memberNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => memberNames(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      memberNames(v, into);
    }
  }
  return into;
}

describe('docs/analytics.md', () => {
  test('describes every event type', () => {
    assert.deepEqual(
      EVENT_TYPES.filter((t) => !doc.includes(`| \`${t.name}\` |`)).map((t) => t.name),
      [],
    );
  });

  test('names every member of the insights and the forecast', () => {
    const transactions = [
      ...series(monthlyDates(2025, 1, 1, 13), {
        description: 'BGC ACME LTD SALARY',
        type: 'BankGiroCredit',
        amount: 2000,
      }),
      ...series(monthlyDates(2025, 1, 2, 13), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -700 }),
    ];
    const report = computeReport({ accounts: [CURRENT], transactions, asOf: at(2026, 1, 14) });
    assert.ok(
      report.insights.financial_patterns.by_category.length > 0 &&
        report.insights.employment.expected_salary.length > 0,
    );
    const names = [...memberNames(report.insights), ...memberNames(report.forecast)];
    assert.deepEqual(
      names.filter((n) => !doc.includes(n)),
      [],
    );
  });
});
