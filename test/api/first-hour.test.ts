/**
 * A new operator's first commands (docs/decisions/0048-first-hour.md): every command of `obi --help` answers
 * `--help` with its own usage, `obi bank` alone says what it takes, `obi console invite` makes the first console
 * admin with no service running, `obi migrate` beside a running service says what to do, the service answers
 * `--help`, its first start says where the reference and the console are and how to make a client, and `GET /`
 * links people and programs to them.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { newClient, startService } from '../helpers/app.ts';
import { logStartHints } from '../../src/app/start-hints.ts';
import { chooseEncoding, encodedAsset } from '../../src/docs-ui/docs-ui.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-first-hour-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function node(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawnSync(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      ...env,
    },
    encoding: 'utf8',
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}
const obi = (...args: string[]) => node('src/cli/cli.ts', args);

/** The command words of each usage entry: `obi clients rotate-secret <client_id> …` → ["clients", "rotate-secret"]. */
function usageCommands(usage: string): string[][] {
  return usage
    .split('\n')
    .filter((line) => /^ {2}obi /.test(line))
    .map((line) => {
      const words: string[] = [];
      for (const word of (line.trim().split(/\s{2,}/)[0] ?? '').split(' ').slice(1)) {
        if (!/^[a-z][a-z-]*$/.test(word)) break;
        words.push(word);
      }
      return words;
    });
}

describe('the operator CLI, first hour', () => {
  test('every command of the usage text answers --help with its own usage (exit 0)', () => {
    const all = obi('--help');
    assert.equal(all.status, 0, all.stderr);
    const commands = usageCommands(all.stdout);
    assert.ok(commands.length >= 12, `${commands.length} commands in the usage text`);
    for (const words of commands) {
      if (words[0] === 'serve') continue; // the service's own --help, below
      const help = obi(...words, '--help');
      assert.equal(help.status, 0, `obi ${words.join(' ')} --help: ${help.stderr}`);
      assert.match(help.stdout, new RegExp(`^ {2}obi ${words.join(' ')}( |$)`, 'm'), `obi ${words.join(' ')}`);
      assert.ok(help.stdout.length < all.stdout.length, `obi ${words.join(' ')} --help is its own usage`);
    }
  });

  test('obi bank alone is a usage mistake that names obi bank register', () => {
    const bank = obi('bank');
    assert.equal(bank.status, 64);
    assert.match(bank.stderr, /obi bank register --bank <slug>/);
    assert.doesNotMatch(bank.stderr, /unknown command/);
  });

  test('the service answers --help (also as obi serve --help) with its options, and starts nothing', () => {
    for (const help of [node('src/main.ts', ['--help']), obi('serve', '--help')]) {
      assert.equal(help.status, 0, help.stderr);
      assert.match(help.stdout, /--role=api\|worker\|all/);
      assert.match(help.stdout, /DATABASE_URL/);
    }
    assert.ok(!fs.existsSync(path.join(dir, 'pg')), 'no database was opened');
  });

  test('obi console invite makes the first console admin with no service running', () => {
    const created = obi('clients', 'create', '--name', 'First Hour Lender');
    assert.equal(created.status, 0, created.stderr);
    const { client_id: clientId } = JSON.parse(created.stdout) as { client_id: string };
    const invited = obi('console', 'invite', '--client', clientId, '--email', 'head.of.lending@acme.example');
    assert.equal(invited.status, 0, invited.stderr);
    const invitation = JSON.parse(invited.stdout) as Record<string, unknown>;
    assert.equal(invitation.client_id, clientId);
    assert.equal(invitation.role, 'admin');
    assert.equal(invitation.emailed, false);
    assert.match(String(invitation.url), /\/console\/invitations\/[\w-]{20,}$/);

    const badEmail = obi('console', 'invite', '--client', clientId, '--email', 'not an address');
    assert.equal(badEmail.status, 64);
    assert.match(badEmail.stderr, /--email/);
  });

  test('obi migrate beside a running embedded service says what to do instead of failing on the lock', () => {
    // A discovery file as a running service writes it (src/cli/admin-discovery.ts): this test's own process is alive.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-first-hour-running-'));
    try {
      const file = path.join(other, 'admin.json');
      const discovery = { url: 'http://127.0.0.1:9', token: 'x'.repeat(43), pid: process.pid, started_at: '' };
      fs.writeFileSync(file, JSON.stringify(discovery), { mode: 0o600 });
      const migrate = node('src/cli/cli.ts', ['migrate'], { DATA_DIR: other, DATABASE_URL: '' });
      assert.equal(migrate.status, 75, migrate.stderr);
      assert.match(migrate.stderr, /a service is running/);
      assert.match(migrate.stderr, /restart it/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('first start and the landing page', async () => {
  const svc = await startService();
  after(() => svc.close());

  test('the start says where the reference and the console are and how to make a client, one line each', async () => {
    const lines: string[] = [];
    const logger = { info: (a: unknown, b?: string) => void lines.push(typeof a === 'string' ? a : (b ?? '')) };
    await logStartHints(logger as never, {
      db: svc.deps.db,
      publicBaseUrl: 'http://127.0.0.1:8123',
      now: svc.clock.now(),
    });
    assert.equal(lines.length, 3);
    assert.match(lines[0] ?? '', /^API reference: http:\/\/127\.0\.0\.1:8123\/docs/);
    assert.match(lines[1] ?? '', /^lender console: http:\/\/127\.0\.0\.1:8123\/console .*npx obi console invite/);
    assert.match(lines[2] ?? '', /npx obi clients create --name/);
  });

  test('text answers of 1 KiB or more are compressed as the client accepts; small ones and request bodies are not', async () => {
    const plain = await svc.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: sent as it is');
    const br = await svc.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'), plain.body);
    assert.ok(br.rawPayload.length * 4 < plain.rawPayload.length, 'the document shrinks');
    const gzip = await svc.app.inject({ method: 'GET', url: '/docs', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.statusCode, 200);
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.match(zlib.gunzipSync(gzip.rawPayload).toString('utf8'), /<html/i);
    const small = await svc.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(small.headers['content-encoding'], undefined, 'under 1 KiB: not worth it');
    // A compressed request body is not unpacked (the body limit stays the bytes received): refused, never a 5xx.
    const packed = await svc.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' })),
    });
    assert.ok(packed.statusCode >= 400 && packed.statusCode < 500, `${packed.statusCode} ${packed.body}`);
  });

  test('the /docs page and its script are compressed once per process, with an ETag a revalidation answers 304', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => svc.app.inject({ method: 'GET', url, headers });
    const plain = await get('/docs');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['cache-control'], 'no-cache');
    const src = /<script defer src="(\/docs\/redoc-[A-Za-z0-9_-]+\.js)"><\/script>/.exec(plain.body)?.[1] ?? '';
    for (const [url, cacheControl] of [
      ['/docs', 'no-cache'],
      [src, 'public, max-age=31536000, immutable'],
    ] as const) {
      const identity = await get(url);
      const br = await get(url, { 'accept-encoding': 'gzip, br' });
      const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
      assert.equal(br.headers['content-encoding'], 'br', url);
      assert.equal(gzip.headers['content-encoding'], 'gzip', url);
      assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'), identity.body, url);
      assert.equal(zlib.gunzipSync(gzip.rawPayload).toString('utf8'), identity.body, url);
      assert.ok(br.rawPayload.length * 3 < identity.rawPayload.length, `${url} shrinks`);
      // The same bytes again: made once, kept (a second compression at quality 9 would give them too, so the
      // unit test below checks the kept Buffer itself).
      assert.ok((await get(url, { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload), url);
      for (const r of [identity, br, gzip]) {
        assert.equal(r.headers['cache-control'], cacheControl, url);
        assert.match(String(r.headers.vary), /accept-encoding/i, url);
        assert.match(String(r.headers.etag), /^"[A-Za-z0-9_-]{27}(-br|-gzip)?"$/, url);
      }
      assert.equal(new Set([identity, br, gzip].map((r) => r.headers.etag)).size, 3, 'one ETag per encoding');
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      assert.equal(again.statusCode, 304, url);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers.etag, br.headers.etag);
      const stale = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
      assert.equal(stale.statusCode, 200, url);
    }
  });

  test('an encoded asset compresses each encoding once and keeps it', async () => {
    const asset = encodedAsset('reference '.repeat(500));
    const first = await asset.body('br');
    assert.equal(await asset.body('br'), first, 'the very same Buffer: not compressed again');
    assert.equal(zlib.brotliDecompressSync(first).toString('utf8'), 'reference '.repeat(500));
    assert.equal(await asset.body('gzip'), await asset.body('gzip'));
    assert.ok(asset.matches(`W/${asset.etag('gzip')}, "x"`));
    assert.ok(!asset.matches(undefined));
    assert.equal(chooseEncoding(undefined), 'identity');
    assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0'), 'identity');
  });

  test('the reference: every operation has a summary and a description, every response a description, every operation curl and (public API and probes) SDK samples', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    let operations = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const where = `${method.toUpperCase()} ${route}`;
        assert.ok(typeof op.summary === 'string' && op.summary.length > 0, `${where} has a summary`);
        assert.ok(typeof op.description === 'string' && op.description.length > 40, `${where} has a description`);
        for (const [status, r] of Object.entries(op.responses as Record<string, { description?: string }>)) {
          assert.ok(r.description && r.description !== 'Default Response', `${where} ${status} is described`);
        }
        const samples = op['x-codeSamples'] as { label: string; source: string }[];
        assert.ok(
          samples.some((c) => c.label === 'curl' && c.source.startsWith(`curl -s -X ${method.toUpperCase()} `)),
          where,
        );
        if (route.startsWith('/public/') || route === '/health' || route === '/ready')
          assert.ok(
            samples.some((c) => c.label === 'SDK' && c.source.includes(`obi.api.${method.toUpperCase()}('${route}'`)),
            where,
          );
      }
    }
    assert.ok(operations > 50, `${operations} operations`);
  });

  test('GET / is JSON for programs and a page of links for people; it tells nothing of the installation', async () => {
    await newClient(svc);
    const json = await svc.app.inject({ method: 'GET', url: '/' });
    assert.equal(json.statusCode, 200);
    assert.match(String(json.headers['content-type']), /^application\/json/);
    assert.match(String(json.headers.vary), /accept/i);
    const body = json.json() as { service: string; _links: Record<string, { href: string }> };
    assert.equal(body.service, 'open-banking-insights');
    assert.deepEqual(
      Object.values(body._links).map((l) => l.href),
      ['/docs', '/openapi.json', '/console', '/health'],
    );
    const page = await svc.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    for (const href of ['/docs', '/console', '/health']) assert.ok(page.body.includes(`href="${href}"`), href);
    assert.doesNotMatch(page.body + json.body, /cl_|version|Test Lender/);
  });
});
