import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults make the service start with no environment at all', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.databaseUrl, null);
    assert.equal(c.publicBaseUrl, 'http://127.0.0.1:8080');
    assert.equal(c.accessTokenTtlSeconds, 3600);
    assert.equal(c.customerTokenTtlSeconds, 86400);
    assert.deepEqual(c.bootstrapClients, []);
    assert.ok(Object.isFrozen(c));
  });

  test('WORKER_WARM: on by default, off with false, anything else refused', () => {
    assert.equal(loadConfig({}).workerWarm, true);
    assert.equal(loadConfig({ WORKER_WARM: 'false' }).workerWarm, false);
    assert.throws(
      () => loadConfig({ WORKER_WARM: 'sometimes' }),
      (err) => err instanceof ConfigError && err.problems.some((p) => p.startsWith('WORKER_WARM')),
    );
  });

  test('reads every setting', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_BASE_URL: 'https://obi.example/',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      CUSTOMER_TOKEN_TTL_SECONDS: '120',
      LOG_LEVEL: 'debug',
      OBI_BOOTSTRAP_CLIENTS: 'acme:0123456789abcdef, beta:fedcba9876543210',
    });
    assert.equal(c.port, 9000);
    assert.equal(c.publicBaseUrl, 'https://obi.example');
    assert.equal(c.databaseUrl, 'postgres://u@h/db');
    assert.deepEqual(c.bootstrapClients, [
      { clientId: 'acme', clientSecret: '0123456789abcdef' },
      { clientId: 'beta', clientSecret: 'fedcba9876543210' },
    ]);
  });

  test('lists every bad key at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        ACCESS_TOKEN_TTL_SECONDS: '-5',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        OBI_BOOTSTRAP_CLIENTS: 'nosecret',
        PUBLIC_BASE_URL: 'ftp://x',
      });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      const keys = err.problems.map((p) => p.split(':')[0]);
      assert.deepEqual(keys.sort(), [
        'ACCESS_TOKEN_TTL_SECONDS',
        'DATABASE_URL',
        'LOG_LEVEL',
        'OBI_BOOTSTRAP_CLIENTS',
        'PORT',
        'PUBLIC_BASE_URL',
      ]);
      assert.match(err.message, /PORT: expected an integer/);
    }
  });

  test('the admin token: off by default, inline or from a file, not both, at least 32 characters', () => {
    assert.equal(loadConfig({}).adminToken, null);
    const token = 'adm_0123456789abcdef0123456789abcdef';
    assert.equal(loadConfig({ OBI_ADMIN_TOKEN: token }).adminToken, token);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'obi-admin-')), 'token');
    fs.writeFileSync(file, `${token}\n`);
    assert.equal(loadConfig({ OBI_ADMIN_TOKEN_FILE: file }).adminToken, token);
    for (const env of [
      { OBI_ADMIN_TOKEN: 'too-short' },
      { OBI_ADMIN_TOKEN: token, OBI_ADMIN_TOKEN_FILE: file },
      { OBI_ADMIN_TOKEN_FILE: `${file}.missing` },
    ]) {
      assert.throws(
        () => loadConfig(env),
        (err) => err instanceof ConfigError && /OBI_ADMIN_TOKEN/.test(err.message),
      );
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('operations: role all by default; api runs no workers, worker always does; both need PostgreSQL', () => {
    const pg = { DATABASE_URL: 'postgres://u@h/db' };
    const c = loadConfig({});
    assert.deepEqual([c.role, c.workers, c.metricsToken, c.shutdownTimeoutSeconds], ['all', true, null, 25]);
    assert.equal(loadConfig({ WORKERS: 'false' }).workers, false);
    assert.deepEqual(
      [loadConfig({ ...pg, ROLE: 'api' }).workers, loadConfig({ ...pg, ROLE: 'worker' }).workers],
      [false, true],
    );
    const token = 'metrics_0123456789abcdef0123456789ab';
    assert.equal(loadConfig({ METRICS_TOKEN: token, SHUTDOWN_TIMEOUT_SECONDS: '60' }).metricsToken, token);
    for (const [env, key] of [
      [{ ROLE: 'api' }, 'ROLE'],
      [{ ROLE: 'worker' }, 'ROLE'],
      [{ ...pg, ROLE: 'worker', WORKERS: 'false' }, 'WORKERS'],
      [{ ROLE: 'both' }, 'ROLE'],
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
    ] as const) {
      assert.throws(
        () => loadConfig(env),
        (err) => err instanceof ConfigError && err.problems.some((p) => p.startsWith(key)),
        JSON.stringify(env),
      );
    }
  });
});
