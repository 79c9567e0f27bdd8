/** Bank connection settings (BANK_CONNECTIONS) and the sandbox bank in the configuration; the sandbox bank's username switches. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { generateKeyPairSync } from 'node:crypto';
import { directoryEntries } from '../banks/directory.ts';
import { createTestPki } from '../sandbox-bank/pki.ts';
import { parseUsername } from '../sandbox-bank/state.ts';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
};

/** A transport key and certificate, and a signing key, written to files as an operator would keep them. */
async function operatorFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'obi-bank-'));
  const pki = await createTestPki();
  const transport = await pki.issueClientCertificate('obi-operator');
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  });
  const files = { cert: 'obwac.pem', key: 'obwac.key', signing: 'obseal.key', ca: 'ca.pem' };
  writeFileSync(path.join(dir, files.cert), transport.certPem);
  writeFileSync(path.join(dir, files.key), transport.keyPem);
  writeFileSync(path.join(dir, files.signing), String(signing));
  writeFileSync(path.join(dir, files.ca), pki.caPem);
  const at = (f: string) => path.join(dir, f);
  return {
    at,
    transport,
    signingPem: String(signing),
    entry: (extra: Record<string, unknown> = {}) => ({
      client_id: 'obi-at-the-bank',
      signing_key: { file: at(files.signing) },
      signing_key_id: 'kid-1',
      transport_certificate: { file: at(files.cert) },
      transport_key: { env: 'OBI_TEST_TRANSPORT_KEY' },
      ...extra,
    }),
  };
}

describe('bank configuration', () => {
  test('the sandbox bank is on by default; a real bank needs its settings; a daily refresh; retries after 1 min, 10 min, 1 h', () => {
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://obi.example' });
    assert.equal(c.sandboxBank, true);
    assert.equal(c.sandboxBankMtlsPort, 0);
    assert.equal(c.consentRefreshIntervalSeconds, 86_400);
    assert.deepEqual(c.bankPullRetrySchedule, [60, 600, 3600]);
    assert.deepEqual(c.bankConnections, {}, 'a real bank needs its settings');
  });

  test('production refuses the sandbox bank unless explicitly allowed', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production' }).sandboxBank, false);
    assert.match(
      problems({ NODE_ENV: 'production', SANDBOX_BANK: 'true' })[0]!,
      /SANDBOX_BANK: .*refused in production/,
    );
    assert.equal(loadConfig({ NODE_ENV: 'production', SANDBOX_BANK_ALLOWED_IN_PRODUCTION: 'true' }).sandboxBank, true);
  });

  test('BANK_CONNECTIONS: credentials from files and variables, the public configuration from the directory unless overridden', async () => {
    const op = await operatorFiles();
    const c = loadConfig({
      OBI_TEST_TRANSPORT_KEY: op.transport.keyPem,
      BANK_CONNECTIONS: JSON.stringify({
        barclays: op.entry({
          well_known_url: 'https://auth.bank.example/.well-known/openid-configuration',
          api_base_url: 'https://api.bank.example/open-banking/v3.1/aisp/',
          ca: { file: op.at('ca.pem') },
          token_endpoint_auth_method: 'tls_client_auth',
          authorization_response: 'jarm',
        }),
      }),
    });
    const s = c.bankConnections.barclays!;
    assert.equal(s.discoveryUrl, 'https://auth.bank.example/.well-known/openid-configuration');
    assert.equal(s.apiBaseUrl, 'https://api.bank.example/open-banking/v3.1/aisp');
    assert.equal(s.clientId, 'obi-at-the-bank');
    assert.equal(s.authMethod, 'tls_client_auth');
    assert.equal(s.authorizationResponse, 'jarm');
    assert.deepEqual(s.signingKey, { pem: op.signingPem, kid: 'kid-1' });
    assert.equal(s.tls.cert, op.transport.certPem);
    assert.equal(s.tls.key, op.transport.keyPem, 'from the variable the entry names');
    assert.match(s.tls.ca!, /BEGIN CERTIFICATE/);
    assert.equal(s.timeoutMs, 30_000);
  });

  test('a bank missing part of its configuration is left out and reported, never half-offered', async () => {
    const op = await operatorFiles();
    const entry = directoryEntries().find((e) => e.wellKnownUrl === null || e.aispBaseUrl === null);
    const c = loadConfig({
      OBI_TEST_TRANSPORT_KEY: op.transport.keyPem,
      BANK_CONNECTIONS: JSON.stringify({
        hsbc: {
          ...op.entry(),
          client_id: undefined,
          well_known_url: 'https://auth.hsbc.example/.well-known/openid-configuration',
        },
        ...(entry ? { [entry.slug]: op.entry() } : {}),
      }),
    });
    assert.equal(c.bankConnections.hsbc, undefined);
    const hsbc = c.bankConnectionsIncomplete.find((i) => i.slug === 'hsbc');
    assert.ok(hsbc && hsbc.missing.includes('client_id'), JSON.stringify(c.bankConnectionsIncomplete));
    if (entry) {
      const reported = c.bankConnectionsIncomplete.find((i) => i.slug === entry.slug);
      assert.ok(reported && reported.missing.some((m) => /not in the bank directory/.test(m)));
    }
  });

  test('every bad bank setting is listed at once', () => {
    const list = problems({
      BANK_CONNECTIONS: JSON.stringify({
        'no-such-bank': {},
        sandbox: {},
        hsbc: {
          well_known_url: 'http://bank.example/x',
          client_id: '',
          extra: 1,
          token_endpoint_auth_method: 'client_secret_basic',
          signing_key: { file: '/nonexistent/key.pem' },
          transport_certificate: { env: 'OBI_TEST_UNSET_VARIABLE' },
          transport_key: '/etc/key.pem',
        },
      }),
      CONSENT_REFRESH_INTERVAL_SECONDS: '5',
      BANK_PULL_RETRY_SCHEDULE: 'soon',
    });
    const text = list.join('\n');
    for (const expected of [
      /no-such-bank: not a bank this installation can be configured for/,
      /sandbox: not a bank this installation can be configured for/,
      /hsbc: unknown member "extra"/,
      /hsbc: "well_known_url" must be an https URL/,
      /hsbc: "client_id" must be a non-empty string/,
      /hsbc: "token_endpoint_auth_method" must be private_key_jwt or tls_client_auth/,
      /hsbc: "signing_key": cannot read "\/nonexistent\/key.pem"/,
      /hsbc: "transport_certificate": the variable OBI_TEST_UNSET_VARIABLE is not set/,
      /hsbc: "transport_key" must be \{ "file": "<path>" \} or \{ "env": "<VARIABLE>" \}/,
      /CONSENT_REFRESH_INTERVAL_SECONDS/,
      /BANK_PULL_RETRY_SCHEDULE/,
    ]) {
      assert.match(text, expected);
    }
    assert.match(problems({ BANK_CONNECTIONS: '{nope' })[0]!, /BANK_CONNECTIONS: not valid JSON/);
  });

  test('a key or certificate that is not one stops the start', async () => {
    const op = await operatorFiles();
    const text = problems({
      OBI_TEST_TRANSPORT_KEY: 'not a key',
      BANK_CONNECTIONS: JSON.stringify({
        barclays: op.entry({ transport_certificate: { file: op.at('obseal.key') } }),
      }),
    }).join('\n');
    assert.match(text, /barclays: "transport_key" is not a PEM private key/);
    assert.match(text, /barclays: "transport_certificate" is not a PEM certificate/);
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
