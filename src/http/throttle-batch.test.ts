import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BATCHED_FROM, batchSize } from './throttle-batch.ts';

describe('quota batches', () => {
  test('limits under BATCHED_FROM are counted hit by hit; larger ones in batches of at most 1/20, at most 50', () => {
    assert.equal(batchSize(5), 1);
    assert.equal(batchSize(BATCHED_FROM - 1), 1);
    assert.equal(batchSize(BATCHED_FROM), 10);
    assert.equal(batchSize(1_200), 50);
    assert.equal(batchSize(1_000_000), 50);
  });
});
