import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyTransaction } from './classify.ts';
import { keywordRules } from './keyword-rules.ts';
import { productWordRules, productWordsSource } from './product-words.ts';
import { aTransaction } from '../../../test/helpers/analytics-builders.ts';

const categoryOf = (description: string, amount: number, type = 'DirectDebit') =>
  classifyTransaction(aTransaction({ description, amount, type }), 'Personal').categoryId;

describe('classify › product and property words as data (reference/product-words.json)', () => {
  test('the words are loaded from the data file, with its source, into the keyword rules', () => {
    assert.match(productWordsSource, /Ofcom/);
    const telecoms = productWordRules('telecoms').flatMap((r) => r.phrases);
    for (const word of ['BROADBAND', 'WIRELESS', 'CABLE', 'MOBILE']) assert.ok(telecoms.includes(word), word);
    const inRules = new Set(keywordRules.flatMap((r) => r.phrases));
    for (const rule of [...productWordRules('letting'), ...productWordRules('housing')])
      for (const phrase of rule.phrases) assert.ok(inRules.has(phrase), phrase);
  });

  test('a bill named only by its product word is telecoms; a letting company paid by standing order is rent', () => {
    assert.equal(categoryOf('DD HARBOURSIDE WIRELESS', -25), 'telecoms');
    assert.equal(categoryOf('DD DALES CABLE', -31), 'telecoms');
    assert.equal(categoryOf('SO MERIDIAN LETTINGS', -850, 'StandingOrder'), 'rent');
  });
});

describe('classify › run-together words split against the lexicon', () => {
  test('a payee written without spaces keeps its product word', () => {
    assert.equal(categoryOf('DD HARBOURSIDEBROADBAND', -27), 'telecoms');
    assert.equal(categoryOf('DALESIDEFIBRE', -30), 'telecoms');
    assert.equal(categoryOf('DD NORTHVALLEYWATER', -40), 'water');
  });

  test('short words inside ordinary ones are not split out', () => {
    assert.notEqual(categoryOf('AUTOMOBILE REPAIRS', -120, 'CardPayment'), 'telecoms');
    assert.notEqual(categoryOf('HEADPHONES', -30, 'CardPayment'), 'telecoms');
  });
});
