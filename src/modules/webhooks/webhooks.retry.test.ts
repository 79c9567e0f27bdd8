import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE } from '../../config/config.ts';
import { decideOutcome, jittered, parseRetryAfter, type AttemptResult } from './webhooks.retry.ts';

const now = new Date('2026-06-01T09:00:00Z');
const schedule = DEFAULT_WEBHOOK_RETRY_SCHEDULE;
const mid = () => 0.5;
const decide = (result: AttemptResult, attemptCount = 1, random = mid) =>
  decideOutcome(result, { attemptCount, schedule, now, random });
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('decideOutcome', () => {
  test('2xx is delivered', () => {
    for (const status of [200, 201, 202, 204, 299])
      assert.deepEqual(decide({ kind: 'response', status }), { outcome: 'delivered' });
  });

  test('after attempt n the wait is the schedule n-th entry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then give up', () => {
    const waits = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
    waits.forEach((w, i) => {
      assert.deepEqual(decide({ kind: 'response', status: 500 }, i + 1), {
        outcome: 'retry',
        error: 'receiver answered 500',
        nextAttemptAt: after(w),
      });
    });
    assert.deepEqual(decide({ kind: 'response', status: 500 }, 8), {
      outcome: 'failed',
      error: 'receiver answered 500; gave up after 8 attempts',
      disableWebhook: false,
    });
  });

  test('jitter spreads each wait by at most ±10 %', () => {
    assert.deepEqual(
      decide({ kind: 'error', error: 'connection refused' }, 3, () => 0),
      { outcome: 'retry', error: 'connection refused', nextAttemptAt: after(1620) },
    );
    assert.deepEqual(
      decide({ kind: 'error', error: 'connection refused' }, 3, () => 0.999999),
      { outcome: 'retry', error: 'connection refused', nextAttemptAt: after(1980) },
    );
    assert.equal(
      jittered(100, () => 0.25),
      95,
    );
  });

  test('410 gives up at once and disables the webhook', () => {
    assert.deepEqual(decide({ kind: 'response', status: 410 }), {
      outcome: 'failed',
      error: 'receiver answered 410 Gone; the webhook is disabled',
      disableWebhook: true,
    });
  });

  test('a redirect is a failure, retried', () => {
    const o = decide({ kind: 'response', status: 301 });
    assert.equal(o.outcome, 'retry');
    assert.match((o as { error: string }).error, /redirect.*not followed/);
  });

  test('429 and 503 wait at least Retry-After; other statuses ignore it', () => {
    assert.deepEqual(decide({ kind: 'response', status: 429, retryAfter: '60' }), {
      outcome: 'retry',
      error: 'receiver answered 429',
      nextAttemptAt: after(60),
    });
    assert.deepEqual(
      decide({ kind: 'response', status: 503, retryAfter: '1' }),
      { outcome: 'retry', error: 'receiver answered 503', nextAttemptAt: after(5) },
      'the schedule when longer',
    );
    assert.deepEqual(decide({ kind: 'response', status: 500, retryAfter: '60' }), {
      outcome: 'retry',
      error: 'receiver answered 500',
      nextAttemptAt: after(5),
    });
    assert.deepEqual(
      decide({ kind: 'response', status: 429, retryAfter: '999999' }),
      { outcome: 'retry', error: 'receiver answered 429', nextAttemptAt: after(86_400) },
      'capped at a day',
    );
  });

  test('a custom schedule: its length is the number of retries', () => {
    const o = decideOutcome({ kind: 'error', error: 'x' }, { attemptCount: 1, schedule: [], now, random: mid });
    assert.deepEqual(o, { outcome: 'failed', error: 'x; gave up after 1 attempt', disableWebhook: false });
  });
});

describe('parseRetryAfter', () => {
  const cases: Array<[string | undefined, number | null]> = [
    [undefined, null],
    ['', null],
    ['soon', null],
    ['0', 0],
    ['120', 120],
    [' 30 ', 30],
    [after(90).toUTCString(), 90],
    [after(-90).toUTCString(), 0],
    ['999999999', 86_400],
  ];
  for (const [value, expected] of cases) {
    test(`${JSON.stringify(value)} › ${expected}`, () => assert.equal(parseRetryAfter(value, now), expected));
  }
});
