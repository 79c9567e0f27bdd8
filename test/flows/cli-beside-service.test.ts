/**
 * `obi clients …` beside a running embedded service (docs/decisions/0033-admin-listener.md): the service holds the
 * data directory, so the CLI goes through its admin listener, found by the discovery file; the public listener
 * serves no admin path; the discovery file is private and goes away with the service; with no service running the
 * CLI opens the database itself and prints the same.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildService, type ChildService } from '../helpers/child-service.ts';

interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('obi clients beside a running embedded service', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-cli-beside-'));
  const discoveryFile = path.join(dir, 'admin.json');
  // The embedded database whatever the suite runs against: the lock on its data directory is the point.
  const env = { DATA_DIR: dir, DATABASE_URL: '', OBI_ADMIN_TOKEN: '', OBI_ADMIN_URL: '' };
  const services: ChildService[] = [];
  after(async () => {
    for (const s of services) if (s.child.exitCode === null && s.child.signalCode === null) await s.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async () => {
    const svc = await startChildService(env);
    services.push(svc);
    return svc;
  };

  // Not spawnSync: the test's own event loop keeps reading the service's output meanwhile.
  const obi = (...args: string[]): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['src/cli/cli.ts', 'clients', ...args], {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr, json: () => JSON.parse(stdout) }));
    });
  const ok = (r: CliResult) => {
    assert.equal(r.status, 0, r.stderr);
    return r.json();
  };

  const svc = await start();
  const seen: Record<string, string> = {};

  test('the discovery file: mode 0600, the loopback admin URL and a per-run token', async () => {
    const stat = fs.statSync(discoveryFile);
    assert.equal(stat.mode & 0o777, 0o600);
    const discovery = JSON.parse(fs.readFileSync(discoveryFile, 'utf8'));
    assert.equal(discovery.pid, svc.pid);
    const adminUrl = new URL(discovery.url);
    assert.equal(adminUrl.hostname, '127.0.0.1', 'loopback by default');
    assert.notEqual(adminUrl.port, String(svc.port), 'a listener of its own');
    assert.match(discovery.token, /^obi_adm_[A-Za-z0-9_-]{43}$/);
    const auth = { authorization: `Bearer ${discovery.token}` };

    const onAdmin = await fetch(`${discovery.url}/admin/v1/clients`, { headers: auth });
    assert.equal(onAdmin.status, 200);
    assert.equal((await fetch(`${discovery.url}/admin/v1/clients`)).status, 401);
    assert.equal((await fetch(`${discovery.url}/public/v3/banks`, { headers: auth })).status, 404);
    const onPublic = await fetch(`${svc.baseUrl}/admin/v1/clients`, { headers: auth });
    assert.equal(onPublic.status, 404, 'the public listener serves no admin path');
    await onPublic.arrayBuffer();
  });

  test('create, list, show, rotate-secret, disable, enable, settings, audit, delete --confirm: all beside it', async () => {
    const created = ok(await obi('create', '--name', 'Beside Lender'));
    const id: string = created.client_id;
    assert.match(created.client_secret, /^obi_cs_/);
    const kept = ok(await obi('create', '--name', 'Kept Lender'));
    seen.keptId = kept.client_id;
    assert.ok(ok(await obi('list')).some((c: { client_id: string }) => c.client_id === id));
    assert.equal(ok(await obi('show', id)).name, 'Beside Lender');

    const rotated = ok(await obi('rotate-secret', id, '--overlap-seconds', '3600'));
    assert.ok(rotated.previous_secret_expires_at);
    const tooLong = await obi('rotate-secret', id, '--overlap-seconds', '604801');
    assert.equal(tooLong.status, 1);
    assert.match(tooLong.stderr, /^obi: .*overlap_seconds/);
    assert.equal(ok(await obi('disable', id)).status, 'disabled');
    assert.equal(ok(await obi('enable', id)).status, 'active');
    assert.equal(ok(await obi('settings', id, '--company-name', 'Beside Ltd')).company_name, 'Beside Ltd');
    assert.equal(ok(await obi('settings', id)).company_name, 'Beside Ltd');

    const unconfirmed = await obi('delete', id);
    assert.equal(unconfirmed.status, 64);
    assert.match(unconfirmed.stderr, /--confirm/);
    assert.deepEqual(ok(await obi('delete', id, '--confirm')), { client_id: id, deleted: true, customers_deleted: 0 });
    const gone = await obi('show', id);
    assert.equal(gone.status, 1);
    assert.match(gone.stderr, /^obi: No client/);

    const audit = ok(await obi('audit', id));
    assert.deepEqual(
      audit.map((e: { action: string; actor: string }) => [e.action, e.actor]),
      [
        ['deleted', 'admin_api'],
        ['settings_changed', 'admin_api'],
        ['enabled', 'admin_api'],
        ['disabled', 'admin_api'],
        ['secret_rotated', 'admin_api'],
        ['created', 'admin_api'],
      ],
      'every step went through the service',
    );
    assert.equal(ok(await obi('audit', id, '--limit', '2')).length, 2);
    seen.show = (await obi('show', kept.client_id)).stdout;
    seen.settings = (await obi('settings', kept.client_id)).stdout;
  });

  test('stopped, the service takes its discovery file away; the CLI then opens the database and prints the same', async () => {
    assert.equal(await svc.stop('SIGTERM'), 0);
    assert.equal(fs.existsSync(discoveryFile), false);
    const show = await obi('show', seen.keptId!);
    assert.equal(show.status, 0, show.stderr);
    assert.equal(show.stdout, seen.show, 'the direct path prints what the admin API path printed');
    assert.equal((await obi('settings', seen.keptId!)).stdout, seen.settings);
  });

  test('a service that died leaves a stale file behind: the CLI sees it is gone and opens the database', async () => {
    const second = await start();
    assert.ok(fs.existsSync(discoveryFile));
    assert.equal(await second.stop('SIGKILL'), null);
    assert.ok(fs.existsSync(discoveryFile), 'a killed process removes nothing');
    const list = await obi('list');
    assert.equal(list.status, 0, list.stderr);
    assert.ok(list.json().some((c: { client_id: string }) => c.client_id === seen.keptId));
  });
});
