/**
 * Builds the classifier's reference tables from the source data (docs/decisions/0025-reference-data.md) into src/analytics/classify/reference/.
 * Run: npx node scripts/build-reference-data.ts   (deterministic: same input, same bytes out)
 *
 * Only what classification needs is kept: normalised names with a rule target and a display name. Each output
 * carries its source and licence; reference/README.md repeats the attributions the licences require.
 *
 * The knowledge lists (reference/knowledge/*.json) are ours and edited by hand, never written here. Where one of
 * their names meets a generated brand with another meaning, the list wins at run time (lexicon.ts); the script
 * prints those overrides so a regenerated table that changes one is noticed in review.
 */
import { copyFileSync, chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeName } from '../src/analytics/classify/normalize-name.ts';
import { knowledgeLists } from '../src/analytics/classify/reference/knowledge.ts';
import { isTargetKey } from '../src/analytics/classify/targets.ts';
import type { TargetKey } from '../src/analytics/classify/targets.ts';
import { field, parseCsv } from './reference/csv.ts';
import { MCC_SUPPLEMENT, targetOfMcc } from './reference/mcc-map.ts';
import { buildCouncils } from './reference/councils.ts';
import { buildGamblingOperators } from './reference/gambling.ts';
import { ATM_OPERATORS, NSI_TAG_TARGETS, isWaterCompany, tagRank } from './reference/nsi-map.ts';
import { isUsableBrandName } from './reference/stoplist.ts';

const dataDir = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const outDir = fileURLToPath(new URL('../src/analytics/classify/reference/', import.meta.url));

function read(path: string): Record<string, string>[] {
  return parseCsv(readFileSync(dataDir + path, 'utf8'));
}

/** JSON with one table row per line, so regenerated tables diff well in review. */
function toJson(value: Record<string, unknown>): string {
  const members = Object.entries(value).map(([key, member]) => {
    let body = JSON.stringify(member);
    if (Array.isArray(member)) body = `[\n${member.map((row) => JSON.stringify(row)).join(',\n')}\n]`;
    else if (member !== null && typeof member === 'object') {
      const rows = Object.entries(member).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      body = `{\n${rows.join(',\n')}\n}`;
    }
    return `${JSON.stringify(key)}: ${body}`;
  });
  return `{\n${members.join(',\n')}\n}\n`;
}

function write(name: string, value: Record<string, unknown>): void {
  const text = toJson(value);
  writeFileSync(outDir + name, text);
  console.log(`wrote ${name} (${(text.length / 1024).toFixed(1)} KiB)`);
}

function buildMcc(): Record<string, TargetKey> {
  const codes: Record<string, TargetKey> = {};
  for (const row of read('mcc/mcc_codes.csv')) {
    const mcc = field(row, 'mcc');
    const target = targetOfMcc(mcc);
    if (target) codes[mcc] = target;
  }
  Object.assign(codes, MCC_SUPPLEMENT);
  return Object.fromEntries(Object.entries(codes).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * NSI brands as [normalised name, display name, target], one per normalised name: the entry whose tag says
 * what the brand mainly is wins (tagRank), then the narrower scope (gb before europe before worldwide).
 */
function buildBrands(): [string, string, TargetKey][] {
  const scopeScore: Record<string, number> = { gb: 2, europe: 1, worldwide: 0 };
  const best = new Map<string, { entry: [string, string, TargetKey]; score: number }>();
  for (const row of read('uk_brands_nsi/uk_brands_nsi.csv')) {
    const tag = `${field(row, 'osm_key')}/${field(row, 'osm_value')}`;
    const display = (field(row, 'brand') || field(row, 'display_name')).replace(/\s*\([^)]*\)\s*/g, ' ').trim();
    let target = NSI_TAG_TARGETS.get(tag);
    if (!target && (tag === 'amenity/atm' || tag === 'amenity/bank') && ATM_OPERATORS.has(display)) target = 'cash';
    if (!target && isWaterCompany(display, tag)) target = 'water';
    if (!target) continue;
    const score = tagRank(tag) * 10 + (scopeScore[field(row, 'scope')] ?? 0);
    for (const name of [display, field(row, 'name'), ...field(row, 'match_names').split('|')]) {
      const normalised = normalizeName(name);
      if (!isUsableBrandName(normalised)) continue;
      const current = best.get(normalised);
      if (!current || score > current.score) best.set(normalised, { entry: [normalised, display, target], score });
    }
  }
  return [...best.values()].map((b) => b.entry).sort((a, b) => a[0].localeCompare(b[0]));
}

/** The knowledge lists' names that a generated brand also claims, with another target (the list wins). */
function knowledgeOverrides(brandEntries: readonly [string, string, TargetKey][]): string[] {
  const brandTargets = new Map(brandEntries.map(([name, , target]) => [name, target]));
  const overrides = new Set<string>();
  for (const list of knowledgeLists) {
    for (const payee of list.payees) {
      for (const phrase of payee.phrases) {
        const name = normalizeName(phrase);
        const brand = brandTargets.get(name);
        if (brand !== undefined && brand !== payee.target) overrides.add(`${name}: ${brand} → ${payee.target}`);
      }
    }
  }
  return [...overrides].sort();
}

const mcc = buildMcc();
const brands = buildBrands();
for (const [, , target] of brands) if (!isTargetKey(target)) throw new Error(`unknown target ${target}`);

write('mcc.json', {
  source: 'greggles/mcc-codes @16e8ab17 (ISO 18245 list); target per code: scripts/reference/mcc-map.ts',
  licence: 'The Unlicense (public domain)',
  codes: mcc,
});
write('brands.json', {
  source: 'OpenStreetMap name-suggestion-index 8.0.20260918 (UK extract in ../shared/data/uk_brands_nsi)',
  licence: 'BSD-3-Clause, Copyright 2026, name-suggestion-index contributors',
  entries: brands,
});
write('gambling-operators.json', {
  source: 'Gambling Commission public register, premises licences, September 2018 (via Trafford Data Lab)',
  licence:
    'Contains public sector information licensed under the Open Government Licence v3.0. ' +
    'Source: Gambling Commission public register (via Trafford Data Lab).',
  entries: buildGamblingOperators(read('uk_gambling_operators/ukgc_premises_licensees_2018.csv')),
});
write('councils.json', {
  source: 'UK local authority names and codes, mySociety (uk_local_authority_names_and_codes 1.6.1 @67ef8b11)',
  licence: 'UK local authority names and codes, mySociety, CC-BY-4.0',
  ...buildCouncils(
    read('uk_local_authorities/uk_local_authorities_current.csv'),
    read('uk_local_authorities/lookup_name_to_registry.csv'),
  ),
});

const overrides = knowledgeOverrides(brands);
console.log(`knowledge lists override ${overrides.length} generated brand names:\n  ${overrides.join('\n  ')}`);

// BSD-3-Clause: redistributions must retain the notice, conditions and disclaimer.
copyFileSync(dataDir + 'uk_brands_nsi/LICENSE.md', outDir + 'LICENSE-name-suggestion-index.md');
chmodSync(outDir + 'LICENSE-name-suggestion-index.md', 0o644);
