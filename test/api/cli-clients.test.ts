/** `obi clients …`, the operator CLI, run as a process against a fresh data directory (or DATABASE_URL). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('obi clients', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-cli-'));
  const obi = (...args: string[]) => {
    const child = spawnSync(process.execPath, ['src/cli/cli.ts', 'clients', ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dir,
        DATABASE_URL: process.env.DATABASE_URL ?? '',
      },
      encoding: 'utf8',
    });
    return { status: child.status, stdout: child.stdout, stderr: child.stderr, json: () => JSON.parse(child.stdout) };
  };

  test('create, rotate, disable, enable, delete --confirm; every step in the audit log, no secret in it', () => {
    try {
      const created = obi('create', '--name', 'CLI Lender');
      assert.equal(created.status, 0, created.stderr);
      const { client_id: id, client_secret: secret } = created.json();
      assert.match(secret, /^obi_cs_/);
      assert.ok(
        obi('list')
          .json()
          .some((c: { client_id: string }) => c.client_id === id),
      );

      const rotated = obi('rotate-secret', id, '--overlap-seconds', '3600');
      assert.equal(rotated.status, 0, rotated.stderr);
      assert.ok(rotated.json().previous_secret_expires_at, 'the old secret works for an hour');
      const tooLong = obi('rotate-secret', id, '--overlap-seconds', '604801');
      assert.equal(tooLong.status, 1);
      assert.match(tooLong.stderr, /overlap/);

      assert.equal(obi('disable', id).json().status, 'disabled');
      assert.equal(obi('enable', id).json().status, 'active');
      const retention = obi('settings', id, '--data-retention-days', '365');
      assert.equal(retention.status, 0, retention.stderr);
      assert.equal(
        retention.json().data_retention_days,
        365,
        'a retention period (docs/decisions/0064-data-retention.md)',
      );

      const unconfirmed = obi('delete', id);
      assert.equal(unconfirmed.status, 64);
      assert.match(unconfirmed.stderr, /--confirm/);
      const deleted = obi('delete', id, '--confirm');
      assert.equal(deleted.status, 0, deleted.stderr);
      assert.deepEqual(deleted.json(), { client_id: id, deleted: true, customers_deleted: 0 });
      const gone = obi('show', id);
      assert.equal(gone.status, 1);
      assert.match(gone.stderr, /No client/);

      const audit = obi('audit', id);
      assert.equal(audit.status, 0, audit.stderr);
      assert.deepEqual(
        audit.json().map((e: { action: string; actor: string }) => [e.action, e.actor]),
        [
          ['deleted', 'cli'],
          ['settings_changed', 'cli'],
          ['enabled', 'cli'],
          ['disabled', 'cli'],
          ['secret_rotated', 'cli'],
          ['created', 'cli'],
        ],
      );
      assert.ok(!audit.stdout.includes(secret) && !audit.stdout.includes(rotated.json().client_secret));
      assert.equal(obi('audit', id, '--limit', '2').json().length, 2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
