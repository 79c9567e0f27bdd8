import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig › webhook settings', () => {
  test('defaults: loopback refused, 10 s timeout, the Standard Webhooks schedule', () => {
    const c = loadConfig({});
    assert.equal(c.webhookAllowLoopback, false);
    assert.equal(c.webhookTimeoutMs, 10_000);
    assert.deepEqual(c.webhookRetrySchedule, [5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    assert.ok(Object.isFrozen(c.webhookRetrySchedule));
  });

  test('reads them', () => {
    const c = loadConfig({
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: '2500',
      WEBHOOK_RETRY_SCHEDULE: '1, 10,100',
    });
    assert.equal(c.webhookAllowLoopback, true);
    assert.equal(c.webhookTimeoutMs, 2500);
    assert.deepEqual(c.webhookRetrySchedule, [1, 10, 100]);
  });

  test('lists every bad one at once', () => {
    try {
      loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'yes', WEBHOOK_TIMEOUT_MS: '5', WEBHOOK_RETRY_SCHEDULE: '5,soon,-1' });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.problems.map((p) => p.split(':')[0]).sort(), [
        'WEBHOOK_ALLOW_LOOPBACK',
        'WEBHOOK_RETRY_SCHEDULE',
        'WEBHOOK_TIMEOUT_MS',
      ]);
    }
    assert.throws(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '700000' }), /WEBHOOK_RETRY_SCHEDULE/);
    assert.throws(
      () => loadConfig({ WEBHOOK_RETRY_SCHEDULE: Array(51).fill('1').join(',') }),
      /WEBHOOK_RETRY_SCHEDULE/,
    );
  });
});
