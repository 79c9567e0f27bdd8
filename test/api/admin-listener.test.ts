/**
 * The admin listener's settings and start-up (src/app/admin-server.ts, docs/decisions/0033-admin-listener.md):
 * loopback unless configured, beyond loopback only with a configured token and with a warning, the discovery file
 * private and removed on close, a configured token never copied into it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { startAdminListener } from '../../src/app/admin-server.ts';
import { readAdminDiscovery, UnsafeDiscoveryFileError } from '../../src/cli/admin-discovery.ts';
import { startService } from '../helpers/app.ts';

const TOKEN = 'adm_0123456789abcdef0123456789abcdef';

describe('admin listener settings', () => {
  test('loopback and a system-chosen port by default; the discovery file in the data directory', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/obi-x' });
    assert.equal(config.adminHost, '127.0.0.1');
    assert.equal(config.adminPort, 0);
    assert.equal(config.adminDiscoveryFile, '/tmp/obi-x/admin.json');
    assert.equal(config.adminToken, null);
  });

  test('beyond loopback needs a configured token; the admin port must differ from PORT', () => {
    assert.throws(
      () => loadConfig({ OBI_ADMIN_HOST: '0.0.0.0' }),
      (err: Error) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /OBI_ADMIN_HOST: an address beyond loopback needs OBI_ADMIN_TOKEN/);
        return true;
      },
    );
    assert.equal(loadConfig({ OBI_ADMIN_HOST: '0.0.0.0', OBI_ADMIN_TOKEN: TOKEN }).adminHost, '0.0.0.0');
    assert.equal(loadConfig({ OBI_ADMIN_HOST: '::1' }).adminHost, '::1');
    assert.throws(() => loadConfig({ PORT: '9000', OBI_ADMIN_PORT: '9000' }), /OBI_ADMIN_PORT: must differ from PORT/);
    assert.throws(() => loadConfig({ OBI_ADMIN_PORT: '70000' }), /OBI_ADMIN_PORT/);
  });
});

/** The service's log lines, as objects. */
function logSink(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

describe('the admin listener', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-admin-listener-'));

  test('a per-run token in a 0600 discovery file, removed on close; the listener on loopback', async () => {
    const file = path.join(dir, 'run', 'admin.json');
    const svc = await startService({ OBI_ADMIN_DISCOVERY_FILE: file });
    const admin = await startAdminListener(svc.deps);
    try {
      assert.equal(fs.statSync(file).mode & 0o777, 0o600);
      const discovery = readAdminDiscovery(file);
      assert.ok(discovery?.token);
      assert.equal(discovery.url, admin.url);
      assert.equal(new URL(admin.url).hostname, '127.0.0.1');
      const res = await fetch(`${admin.url}/admin/v1/clients`, {
        headers: { authorization: `Bearer ${discovery.token}` },
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', 'the same headers as every answer');
    } finally {
      await admin.close();
    }
    assert.equal(fs.existsSync(file), false);
  });

  test('a configured token is used and never written to the file; beyond loopback is logged as a warning', async () => {
    const file = path.join(dir, 'configured.json');
    const { stream, lines } = logSink();
    const svc = await startService(
      { OBI_ADMIN_DISCOVERY_FILE: file, OBI_ADMIN_TOKEN: TOKEN, OBI_ADMIN_HOST: '0.0.0.0', LOG_LEVEL: 'info' },
      { logTo: stream },
    );
    const admin = await startAdminListener(svc.deps);
    try {
      const text = fs.readFileSync(file, 'utf8');
      assert.ok(!text.includes(TOKEN));
      assert.equal(JSON.parse(text).token, undefined);
      const port = new URL(admin.url).port;
      const res = await fetch(`http://127.0.0.1:${port}/admin/v1/clients`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assert.equal(res.status, 200);
      const warning = lines.find((l) => l.msg === String(l.msg) && /beyond loopback/.test(String(l.msg)));
      assert.equal(warning?.level, 40, 'a warning');
      assert.ok(!JSON.stringify(lines).includes(TOKEN), 'the token is never logged');
    } finally {
      await admin.close();
    }
  });

  test("a discovery file others can read, or another user's, is refused", () => {
    const file = path.join(dir, 'loose.json');
    fs.writeFileSync(file, JSON.stringify({ url: 'http://127.0.0.1:1', pid: process.pid }), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    assert.throws(() => readAdminDiscovery(file), UnsafeDiscoveryFileError);
    fs.chmodSync(file, 0o600);
    assert.equal(readAdminDiscovery(file)?.url, 'http://127.0.0.1:1');
    fs.writeFileSync(file, JSON.stringify({ url: 'http://127.0.0.1:1', pid: 2 ** 22 + 12345 }));
    assert.equal(readAdminDiscovery(file), undefined, 'its process is gone: stale');
  });
});
