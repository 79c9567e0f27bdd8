import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { TARGETS, isTargetKey } from './targets.ts';
import { targetOf } from './rule-targets.ts';
import { phrases } from './lexicon.ts';
import { keywordRules } from './keyword-rules.ts';
import { knowledgeLists } from './reference/knowledge.ts';
import { LEADING_CODES, PROTECTED_PHRASES } from './statement-codes.ts';
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
    for (const list of knowledgeLists) {
      for (const payee of list.payees) assert.ok(isTargetKey(payee.target), `${list.file}: ${payee.target}`);
    }
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

describe('reference › knowledge lists', () => {
  test('every file in knowledge/ is loaded, with its title, target, source and the date it was checked', () => {
    const files = readdirSync(new URL('knowledge/', referenceDir)).filter((file) => file.endsWith('.json'));
    assert.deepEqual(knowledgeLists.map((list) => list.file).sort(), files.sort());
    for (const list of knowledgeLists) {
      assert.ok(list.title.length > 10, list.file);
      assert.ok(list.source.length > 20, list.file);
      assert.match(list.checked, /^20\d\d-\d\d-\d\d$/, list.file);
      assert.ok(list.payees.length > 0, list.file);
    }
  });
  test('the folder README lists every knowledge file', () => {
    const readme = readFileSync(new URL('README.md', referenceDir), 'utf8');
    for (const list of knowledgeLists) assert.ok(readme.includes(`knowledge/${list.file}`), list.file);
  });
  test('every spelling normalises to something', () => {
    for (const list of knowledgeLists) {
      for (const payee of list.payees) {
        for (const name of payee.phrases) assert.ok(nameTokens(name).length > 0, `${list.file}: ${name}`);
      }
    }
  });
  test('no spelling names two payees of different targets (so the order of the files never matters)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const list of knowledgeLists) {
      for (const payee of list.payees) {
        for (const name of payee.phrases) {
          const key = nameTokens(name).join('');
          const claim = `${payee.target} (${list.file}: ${payee.name})`;
          const other = owner.get(key);
          if (other === undefined) owner.set(key, claim);
          else if (!other.startsWith(`${payee.target} `)) clashes.push(`${name}: ${other} / ${claim}`);
        }
      }
    }
    assert.deepEqual(clashes, []);
  });
  test('the lists name the payees the classifier is known to need', () => {
    const names = new Set(knowledgeLists.flatMap((list) => list.payees.map((payee) => payee.name)));
    for (const name of [
      'Lending Stream',
      'Safety Net Credit',
      'Loans 2 Go',
      'Lowell',
      'StepChange',
      'bet365',
      'Metro',
    ]) {
      assert.ok(names.has(name) || names.has(name.replace('bet365', 'Bet365')), name);
    }
  });
});

describe('reference › keywords and statement codes', () => {
  test('names and keywords that begin with a statement code word are protected from code stripping', () => {
    const unprotected = phrases.filter((phrase) => {
      const [word, next] = phrase.split(' ');
      if (word === undefined || next === undefined || !LEADING_CODES.has(word)) return false;
      if (LEADING_CODES.has(`${word} ${next}`)) return false; // the phrase is itself a longer code
      return !PROTECTED_PHRASES.some((name) => `${phrase} `.startsWith(`${name} `));
    });
    assert.deepEqual(unprotected, []);
  });
  test('the lexicon is of a realistic size', () => {
    assert.ok(phrases.length > 5000, String(phrases.length));
  });
});
