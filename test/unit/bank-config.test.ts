/** Bank connection settings and the sandbox bank in the configuration; the sandbox bank's username switches. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { bankConnection } from '../../src/banks/connections.ts';
import { parseUsername } from '../../src/sandbox-bank/state.ts';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
};

describe('bank configuration', () => {
  test('the sandbox bank is on by default and points at the service itself; a daily refresh; retries after 1 min, 10 min, 1 h', () => {
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://obi.example' });
    assert.equal(c.sandboxBank, true);
    assert.equal(c.consentRefreshIntervalSeconds, 86_400);
    assert.deepEqual(c.bankPullRetrySchedule, [60, 600, 3600]);
    const s = bankConnection(c, 'sandbox')!;
    assert.equal(s.discoveryUrl, 'https://obi.example/sandbox-bank/sandbox/.well-known/openid-configuration');
    assert.equal(s.apiBaseUrl, 'https://obi.example/sandbox-bank/sandbox/open-banking/v3.1/aisp');
    assert.equal(bankConnection(c, 'barclays'), null, 'a real bank needs its settings');
  });

  test('production refuses the sandbox bank unless explicitly allowed', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production' }).sandboxBank, false);
    assert.equal(bankConnection(loadConfig({ NODE_ENV: 'production' }), 'sandbox'), null);
    assert.match(
      problems({ NODE_ENV: 'production', SANDBOX_BANK: 'true' })[0]!,
      /SANDBOX_BANK: .*refused in production/,
    );
    assert.equal(loadConfig({ NODE_ENV: 'production', SANDBOX_BANK_ALLOWED_IN_PRODUCTION: 'true' }).sandboxBank, true);
  });

  test('BANK_CONNECTIONS gives a bank its discovery URL, API base, credentials and TLS files (read at start-up)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'obi-tls-'));
    writeFileSync(path.join(dir, 'ca.pem'), 'CA PEM');
    const c = loadConfig({
      BANK_CONNECTIONS: JSON.stringify({
        barclays: {
          discovery_url: 'https://auth.bank.example/.well-known/openid-configuration',
          api_base_url: 'https://api.bank.example/open-banking/v3.1/aisp/',
          client_id: 'id',
          client_secret: 'secret',
          tls: { ca_file: path.join(dir, 'ca.pem') },
        },
      }),
    });
    const s = bankConnection(c, 'barclays')!;
    assert.equal(s.apiBaseUrl, 'https://api.bank.example/open-banking/v3.1/aisp');
    assert.equal(s.tls.ca, 'CA PEM');
    assert.equal(s.tls.rejectUnauthorized, true);
    assert.equal(s.timeoutMs, 30_000);
  });

  test('every bad bank setting is listed at once', () => {
    const list = problems({
      BANK_CONNECTIONS: JSON.stringify({
        'no-such-bank': {},
        hsbc: {
          discovery_url: 'http://bank.example/x',
          client_id: '',
          extra: 1,
          tls: { cert_file: '/nonexistent/cert.pem' },
        },
      }),
      CONSENT_REFRESH_INTERVAL_SECONDS: '5',
      BANK_PULL_RETRY_SCHEDULE: 'soon',
    });
    const text = list.join('\n');
    for (const expected of [
      /no-such-bank: unknown bank slug/,
      /hsbc: unknown member "extra"/,
      /hsbc: "discovery_url" must be an https URL/,
      /hsbc: "api_base_url" is required/,
      /hsbc: "client_id" must be a non-empty string/,
      /hsbc: "client_secret" is required/,
      /cert_file" cannot be read/,
      /CONSENT_REFRESH_INTERVAL_SECONDS/,
      /BANK_PULL_RETRY_SCHEDULE/,
    ]) {
      assert.match(text, expected);
    }
    assert.match(problems({ BANK_CONNECTIONS: '{nope' })[0]!, /BANK_CONNECTIONS: not valid JSON/);
  });
});

describe('sandbox bank usernames', () => {
  test('a persona name with switches: kind[:times|all][@after]', () => {
    assert.deepEqual(parseUsername('gambler'), { persona: 'gambler', switches: [] });
    assert.deepEqual(parseUsername('gambler+429+500:all@3+pending-new-id'), {
      persona: 'gambler',
      switches: [
        { kind: '429', times: 1, after: 0 },
        { kind: '500', times: Infinity, after: 3 },
        { kind: 'pending-new-id', times: 1, after: 0 },
      ],
    });
    assert.match((parseUsername('gambler+teapot') as { error: string }).error, /unknown switch "teapot"/);
  });
});
