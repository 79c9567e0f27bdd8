import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TokenCache } from './auth.token-cache.ts';

const token = { clientId: 'cl_a', expiresAtMs: 1_000_000 };

describe('the verified-token cache', () => {
  test('an entry is used until its age reaches the TTL (monotonic time, injected)', () => {
    let t = 0;
    const cache = new TokenCache({ ttlMs: 5_000, maxEntries: 10, now: () => t });
    cache.set('h1', token, 0);
    t = 4_999;
    assert.deepEqual(cache.get('h1', 0)?.clientId, 'cl_a');
    t = 5_000;
    assert.equal(cache.get('h1', 0), undefined);
    assert.equal(cache.size, 0);
  });

  test('a revocation since the lookup ends the entry, also one stored after the revocation began', () => {
    const cache = new TokenCache({ ttlMs: 5_000, maxEntries: 10, now: () => 0 });
    cache.set('h1', token, 3);
    assert.equal(cache.get('h1', 4), undefined);
    // A lookup that read the count before a revocation and stored its answer after it: never used.
    cache.set('h2', token, 3);
    assert.equal(cache.get('h2', 5), undefined);
  });

  test('bounded: the oldest entry goes first', () => {
    const cache = new TokenCache({ ttlMs: 5_000, maxEntries: 2, now: () => 0 });
    cache.set('h1', token, 0);
    cache.set('h2', token, 0);
    cache.set('h3', token, 0);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('h1', 0), undefined);
    assert.ok(cache.get('h2', 0));
    assert.ok(cache.get('h3', 0));
  });

  test('keys are what the caller gives (the lookup hash); a TTL of 0 remembers nothing', () => {
    const cache = new TokenCache({ ttlMs: 0, maxEntries: 10, now: () => 0 });
    cache.set('h1', token, 0);
    assert.equal(cache.size, 0);
  });
});
