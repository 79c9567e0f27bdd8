import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MARKERS,
  SHARED_IDS,
  businessCategories,
  categoriesFor,
  categoryIdsWithMarker,
  findCategory,
  hasMarker,
  personalCategories,
} from './taxonomy.ts';
import type { Category, Marker } from './taxonomy.ts';

const lists: [string, readonly Category[]][] = [
  ['Personal', personalCategories],
  ['Business', businessCategories],
];

// Markers the personal insights read (spec, Financial Markers and Employment): each needs a category to feed it.
const personalMarkersRequired: Marker[] = [
  'salary',
  'pension',
  'benefits',
  'out_of_work_benefits',
  'child_benefit',
  'loan_income',
  'payday_loan_income',
  'credit_repayments',
  'bnpl',
  'debt_collection',
  'debt_management',
  'gambling',
  'rent_mortgage',
  'insurance',
  'council_tax',
  'savings_investment',
  'utilities',
  'bank_charges',
  'returned_direct_debits',
  'cash_withdrawals',
  'debit_bank_transfer',
  'internal_transfer',
  'refund',
];

for (const [name, list] of lists) {
  describe(`taxonomy › ${name} list`, () => {
    test('ids are unique', () => {
      const ids = list.map((c) => c.id);
      assert.equal(new Set(ids).size, ids.length);
    });

    test('names are unique, so Category Income/Expenditure names identify a category', () => {
      const names = list.map((c) => c.name.toLowerCase());
      assert.equal(new Set(names).size, names.length);
    });

    test('ids are snake_case', () => {
      for (const c of list) assert.match(c.id, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, c.id);
    });

    test('every expenditure category has fixed_flexible and no income category has one', () => {
      for (const c of list) {
        if (c.income_expenditure === 'expenditure') {
          assert.ok(c.fixed_flexible === 'fixed' || c.fixed_flexible === 'flexible', c.id);
        } else {
          assert.equal(c.income_expenditure, 'income', c.id);
          assert.equal('fixed_flexible' in c, false, c.id);
        }
      }
    });

    test('every marker flag is a known marker', () => {
      for (const c of list)
        for (const m of c.markers) assert.ok((MARKERS as readonly string[]).includes(m), `${c.id}: ${m}`);
    });

    test('the shared ids exist with the same direction', () => {
      const personal = new Map(personalCategories.map((c) => [c.id, c]));
      for (const id of Object.values(SHARED_IDS)) {
        const own = list.find((c) => c.id === id);
        assert.ok(own, `${name} lacks ${id}`);
        assert.equal(own.income_expenditure, personal.get(id)?.income_expenditure, id);
      }
    });

    test('only own-account transfers and refunds are excluded from totals', () => {
      const excluded = list
        .filter((c) => c.excludedFromTotals)
        .map((c) => c.id)
        .sort();
      assert.deepEqual(excluded, ['internal_transfer_in', 'internal_transfer_out', 'refund']);
    });

    test('every category has a description for the docs', () => {
      for (const c of list) assert.ok(c.description.length > 10, c.id);
    });

    test('the lists are frozen', () => {
      assert.ok(Object.isFrozen(list));
      assert.ok(Object.isFrozen(list[0]));
    });
  });
}

describe('taxonomy › lookups', () => {
  test('categoriesFor returns the list of the account type', () => {
    assert.equal(categoriesFor('Personal'), personalCategories);
    assert.equal(categoriesFor('Business'), businessCategories);
  });

  test('findCategory finds by id within the account type only', () => {
    assert.equal(findCategory('Personal', 'gambling')?.name, 'Gambling');
    assert.equal(findCategory('Business', 'gambling'), undefined);
    assert.equal(findCategory('Business', 'hmrc_vat')?.fixed_flexible, 'fixed');
    assert.equal(findCategory('Personal', 'nope'), undefined);
  });

  test('each marker the personal insights read is fed by at least one personal category', () => {
    for (const marker of personalMarkersRequired) {
      const ids = categoryIdsWithMarker('Personal', marker);
      assert.ok(ids.length > 0, marker);
      for (const id of ids) assert.ok(findCategory('Personal', id), `${marker} → ${id}`);
    }
  });

  test('marker lookups agree with the flags', () => {
    assert.deepEqual(categoryIdsWithMarker('Personal', 'rent_mortgage'), ['rent', 'mortgage']);
    assert.ok(hasMarker('Personal', 'payday_loan_income', 'loan_income'));
    assert.ok(!hasMarker('Personal', 'loan_income', 'payday_loan_income'));
    assert.ok(hasMarker('Personal', 'child_benefit', 'benefits'));
    assert.ok(!hasMarker('Personal', 'unknown', 'benefits'));
  });

  test('the personal list has a realistic size', () => {
    assert.ok(personalCategories.length >= 40 && personalCategories.length <= 65);
    assert.ok(businessCategories.length >= 25 && businessCategories.length <= 40);
  });
});

describe('taxonomy › docs/categories.md', () => {
  test('is current with the data (regenerate with npx node scripts/build-categories-doc.ts)', async () => {
    const { readFileSync } = await import('node:fs');
    const { renderCategoriesDoc } = await import('./render-doc.ts');
    const onDisk = readFileSync(new URL('../../../docs/categories.md', import.meta.url), 'utf8');
    assert.equal(onDisk, renderCategoriesDoc());
  });
});
