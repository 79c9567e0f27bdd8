/**
 * Golden files: the full report of every persona (seed 7, asOf 14 January 2026 15:30 UTC, two years) is checked in
 * under test/fixtures/golden/<persona>.json and compared whole. A change to any figure shows up as a diff to
 * review. After an intended change: UPDATE_GOLDEN=1 npx node --test src/analytics/golden.test.ts
 *
 * One member is written differently: the categorised transactions (thousands of lines per persona) are checked by
 * a SHA-256 of the whole list, with the count per category and every transaction whose category differs from the
 * persona's label written out, so a change of classification is both caught and readable.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { itemAt } from '../lib/indexing.ts';
import type { Persona } from '../personas/index.ts';
import type { Report } from './report-types.ts';
import { AS_OF, PERSONAS, personaReport } from '../../test/helpers/persona-reports.ts';

const DIR = new URL('../../test/fixtures/golden/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const WIDTH = 140;

/** JSON with every object or array that fits on one line kept on one line: compact, and diffs stay readable. */
export function formatGolden(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || indent.length + flat.length <= WIDTH) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatGolden(v, inner)).join(',\n')}\n${indent}]`;
  const members = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${members.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatGolden(v, inner)}`).join(',\n')}\n${indent}}`;
}

function goldenView(report: Report, persona: Persona): object {
  const byCategory: Record<string, number> = {};
  const differing: string[] = [];
  report.transactions.forEach((t, i) => {
    byCategory[t.categoryId] = (byCategory[t.categoryId] ?? 0) + 1;
    if (t.categoryId !== persona.labels[i])
      differing.push(`${i} ${itemAt(persona.transactions, i).name} | label ${persona.labels[i]} → ${t.categoryId}`);
  });
  const sorted = Object.fromEntries(Object.entries(byCategory).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    ...report,
    transactions: {
      count: report.transactions.length,
      sha256: createHash('sha256').update(JSON.stringify(report.transactions)).digest('hex'),
      by_category: sorted,
      differing_from_labels: differing,
    },
  };
}

describe('golden › the full report of each persona', () => {
  if (UPDATE) mkdirSync(DIR, { recursive: true });
  for (const name of PERSONAS) {
    test(`${name} matches test/fixtures/golden/${name}.json`, () => {
      const { report, persona } = personaReport(name, 7, AS_OF);
      const file = new URL(`${name}.json`, DIR);
      const actual = `${formatGolden(goldenView(report, persona))}\n`;
      if (UPDATE || !existsSync(file)) {
        writeFileSync(file, actual);
        if (!UPDATE) assert.fail(`${name}.json did not exist; written now: review it and run again`);
        return;
      }
      assert.deepEqual(JSON.parse(actual), JSON.parse(readFileSync(file, 'utf8')));
    });
  }
});
