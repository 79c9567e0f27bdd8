import assert from 'node:assert/strict';
import { test } from 'node:test';
import { first, itemAt, last, valueAt } from './indexing.ts';

test('itemAt returns the element at a position that exists, counting from the end when negative', () => {
  assert.equal(itemAt(['a', 'b', 'c'], 1), 'b');
  assert.equal(itemAt(['a', 'b', 'c'], -1), 'c');
  assert.equal(first([7, 8]), 7);
  assert.equal(last([7, 8]), 8);
});

test('itemAt keeps an element that is itself undefined, and throws for a position that does not exist', () => {
  assert.equal(itemAt([undefined, 1], 0), undefined);
  assert.throws(() => itemAt([1, 2], 2), RangeError);
  assert.throws(() => itemAt([1, 2], -3), RangeError);
  assert.throws(() => first([]), RangeError);
  assert.throws(() => last([]), RangeError);
});

test('itemAt reads typed arrays as well', () => {
  const column = Float64Array.of(1.5, 2.5);
  assert.equal(itemAt(column, 1), 2.5);
  assert.equal(last(column), 2.5);
  assert.throws(() => itemAt(new Int32Array(0), 0), RangeError);
  assert.throws(() => itemAt(column, 0.5), RangeError);
});

test('valueAt reads a numeric column at a position that exists and throws for any other', () => {
  const column = Float64Array.of(1.5, 2.5);
  assert.equal(valueAt(column, 1), 2.5);
  assert.equal(valueAt(Uint8Array.of(0, 9), 1), 9);
  assert.throws(() => valueAt(new Int32Array(0), 0), RangeError);
  assert.throws(() => valueAt(column, 0.5), RangeError);
  assert.throws(() => valueAt(column, -1), RangeError);
  assert.throws(() => valueAt(column, 2), RangeError);
});
