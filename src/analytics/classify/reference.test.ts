import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { TARGETS, isTargetKey } from './targets.ts';
import { targetOf } from './rule-targets.ts';
import { phrases } from './lexicon.ts';
import { keywordRules } from './keyword-rules.ts';
import { curatedGroups } from './reference/curated.ts';
import { LEADING_CODES, PROTECTED_PAIRS } from './statement-codes.ts';
import { nameTokens } from './normalize-name.ts';
import mcc from './reference/mcc.json' with { type: 'json' };
import brands from './reference/brands.json' with { type: 'json' };
import gambling from './reference/gambling-operators.json' with { type: 'json' };
import councils from './reference/councils.json' with { type: 'json' };

const referenceDir = new URL('./reference/', import.meta.url);

describe('reference › rule targets', () => {
  test('every target resolves to categories of the right lists', () => {
    for (const key of Object.keys(TARGETS)) assert.doesNotThrow(() => targetOf(key), key);
  });
  test('every table names known targets', () => {
    for (const key of Object.values(mcc.codes)) assert.ok(isTargetKey(key), `mcc: ${key}`);
    for (const [, , key] of brands.entries as [string, string, string][]) assert.ok(isTargetKey(key), `brands: ${key}`);
    for (const group of curatedGroups) assert.ok(isTargetKey(group.target), `curated: ${group.target}`);
    for (const rule of keywordRules) assert.ok(isTargetKey(rule.target), `keyword: ${rule.target}`);
  });
  test('an unknown target is refused', () => {
    assert.throws(() => targetOf('no_such_target'));
  });
});

describe('reference › generated tables', () => {
  test('each carries its source and licence', () => {
    for (const table of [mcc, brands, gambling, councils]) {
      assert.ok(table.source.length > 10);
      assert.ok(table.licence.length > 5);
    }
    assert.match(gambling.licence, /Open Government Licence v3\.0/);
    assert.match(councils.licence, /mySociety, CC-BY-4\.0/);
    assert.match(
      readFileSync(new URL('LICENSE-name-suggestion-index.md', referenceDir), 'utf8'),
      /name-suggestion-index contributors/,
    );
  });
  test('stay small enough to commit (under 1 MiB together)', () => {
    const total = ['mcc.json', 'brands.json', 'gambling-operators.json', 'councils.json'].reduce(
      (sum, file) => sum + statSync(new URL(file, referenceDir)).size,
      0,
    );
    assert.ok(total < 1024 * 1024, `${total} bytes`);
  });
  test('hold the codes and names classification relies on', () => {
    assert.equal(mcc.codes['5411' as keyof typeof mcc.codes], 'groceries');
    assert.equal(mcc.codes['7995' as keyof typeof mcc.codes], 'gambling');
    assert.equal(mcc.codes['7322' as keyof typeof mcc.codes], 'debt_collection');
    const gamblingNames = new Set((gambling.entries as [string, string][]).map(([name]) => name));
    for (const name of ['WILLIAM HILL', 'BETFRED', 'LADBROKES', 'PADDY POWER'])
      assert.ok(gamblingNames.has(name), name);
    const leeds = (councils.councils as [string, string[], string[]][]).find(
      ([display]) => display === 'Leeds City Council',
    );
    assert.ok(leeds?.[1].includes('LEEDS CITY COUNCIL'));
    assert.ok(councils.places.includes('LEEDS'));
  });
});

describe('reference › curated lists and keywords', () => {
  test('every curated name normalises to something', () => {
    for (const group of curatedGroups) {
      for (const line of group.names) {
        for (const name of line.replace(/^~/, '').split('|'))
          assert.ok(nameTokens(name).length > 0, `${group.target}: ${line}`);
      }
    }
  });
  test('names and keywords that begin with a statement code word are protected from code stripping', () => {
    const unprotected = phrases.filter((phrase) => {
      const [word, next] = phrase.split(' ');
      if (word === undefined || next === undefined || !LEADING_CODES.has(word)) return false;
      if (LEADING_CODES.has(`${word} ${next}`)) return false; // the phrase is itself a longer code
      return !PROTECTED_PAIRS.has(`${word} ${next}`);
    });
    assert.deepEqual(unprotected, []);
  });
  test('the lexicon is of a realistic size', () => {
    assert.ok(phrases.length > 5000, String(phrases.length));
  });
});
