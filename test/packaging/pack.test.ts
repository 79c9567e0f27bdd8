/**
 * The package (docs/decisions/0048-first-hour.md): the tarball `npm pack` makes installs into an empty project without the internet, and
 * there `npx open-banking-insights` starts the service and `npx obi` runs the operator CLI, on the Node the package
 * depends on, from the JavaScript build alone (the package holds no TypeScript).
 *
 * Slow, and required: a build, an offline install of ~180 packages and Node itself, cold starts. Minutes on a busy
 * machine; every wait is a poll or an event under a deadline of minutes, never a timing. Nothing is skipped: with
 * no npm, no npx or a package missing from the npm cache (`npm ci` fills it), the test fails and says which.
 * How the install works offline: test/packaging/installed-package.ts. Under DATABASE_URL the service runs on a
 * PostgreSQL database of its own (test/helpers/fresh-target.ts), else on the embedded one in the temporary folder.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshTarget, type Target } from '../helpers/fresh-target.ts';
import { waitFor, withDeadline } from '../helpers/wait.ts';
import { cleanEnv, collect, exited, installOffline, pack, REPO, run } from './installed-package.ts';

const LISTENING = 'open-banking-insights is listening';
const SECRET = 'package-check-secret-0123456789';

let work: string;
let project: string;
let installOutput = '';

/** Bytes under a directory (files as stored; symlinks not followed). */
function sizeOf(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) total += fs.statSync(path.join(e.parentPath, e.name)).size;
  return total;
}
const targets: Target[] = [];
const children: ChildProcess[] = [];

async function target(prefix: string): Promise<Target> {
  const t = await freshTarget(prefix);
  targets.push(t);
  return t;
}

/** `npx obi …` in the installed project; its stdout. */
function obi(args: string[], env: Record<string, string>): Promise<string> {
  return run(`npx obi ${args.join(' ')}`, 'npx', ['obi', ...args], { cwd: project, env: cleanEnv(env) });
}

async function call(baseUrl: string, method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The bound port and the service's process id, from its listening line (pino JSON). */
function listening(output: string): { port: number; pid: number } | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(LISTENING)) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; pid?: number; address?: { port?: number } };
      if (entry.msg === LISTENING && entry.address?.port !== undefined && entry.pid !== undefined)
        return { port: entry.address.port, pid: entry.pid };
    } catch {
      // a partial line: the next poll reads it whole
    }
  }
  return undefined;
}

/** A customer's data submitted; resolves once the report is ready (computed on a worker thread of the package). */
async function reportComputed(baseUrl: string, stillRunning: () => string | undefined): Promise<void> {
  const token = await call(baseUrl, 'POST', '/oauth/v2/token', null, {
    client_id: 'package-check',
    client_secret: SECRET,
    grant_type: 'client_credentials',
  });
  assert.equal(token.status, 200, JSON.stringify(token.json));
  const bearer = String(token.json.access_token);
  const customer = await call(baseUrl, 'POST', '/public/v3/customers', bearer, { user_reference: 'package-check-1' });
  assert.equal(customer.status, 201, JSON.stringify(customer.json));
  const base = `/public/v3/customers/${String(customer.json.id)}`;
  const account = { bank_slug: 'barclays', number: '20000012345678', currency: 'GBP', type: 'Personal' };
  const accounts = await call(baseUrl, 'POST', `${base}/account_collections`, bearer, {
    accounts: [{ ...account, sub_type: 'CurrentAccount', name: 'Ms J Smith' }],
  });
  assert.equal(accounts.status, 200, JSON.stringify(accounts.json));
  const day = 86_400;
  const start = Math.floor(Date.now() / 1000) - 90 * day;
  const transactions = [0, 1, 2].map((i) => ({
    external_transaction_id: `salary-${i}`,
    name: 'BGC ACME LTD SALARY',
    amount: 2450.12,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: 'barclays',
    account_number: account.number,
    booking_date_time: start + i * 30 * day,
    value_date_time: start + i * 30 * day,
  }));
  const submitted = await call(baseUrl, 'POST', `${base}/transaction_collections`, bearer, { transactions });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
  await waitFor(
    async () =>
      (await call(baseUrl, 'GET', `${base}/report_readiness_statuses/insights`, bearer)).json.status === 'ready',
    { what: 'the insights report to be ready (report.compute on a worker thread)', giveUp: stillRunning },
  );
}

describe('the npm package (slow, required): npm pack, an offline install into an empty project, its bins', () => {
  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-package-'));
    project = path.join(work, 'project');
    const tarball = await pack(work);
    installOutput = await installOffline(tarball, project);
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const t of targets) await t.drop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('npm installs it on a supported Node without an engine warning', (t) => {
    assert.doesNotMatch(installOutput, /EBADENGINE|Unsupported engine/, installOutput.slice(-4000));
    // The figure (the README's "From the package" quotes it); never asserted: it moves with the dependencies.
    t.diagnostic(`installed project: ${(sizeOf(path.join(project, 'node_modules')) / 1e6).toFixed(0)} MB`);
  });

  test('it holds the build and what the service reads at run time, and no sources or tests', async () => {
    const installed = path.join(project, 'node_modules', 'open-banking-insights');
    assert.ok(
      fs.existsSync(path.join(installed, 'dist/pglite-image/image.json')),
      'the pre-initialised database image is in the package',
    );
    for (const file of ['dist/main.js', 'dist/cli/cli.js', 'bin/obi.js', 'bin/open-banking-insights.js', 'LICENSE'])
      assert.ok(fs.existsSync(path.join(installed, file)), `${file} is in the package`);
    const migrations = fs.readdirSync(path.join(REPO, 'migrations')).filter((f) => f.endsWith('.sql'));
    assert.deepEqual(fs.readdirSync(path.join(installed, 'migrations')).sort(), migrations.sort());
    for (const dir of ['src', 'test', 'bench', 'docs', 'scripts'])
      assert.ok(!fs.existsSync(path.join(installed, dir)), `${dir}/ is not in the package`);
    const node = await run('node --version', path.join(project, 'node_modules', '.bin', 'node'), ['--version'], {
      cwd: project,
      env: cleanEnv(),
    });
    const wanted = /\d+/.exec(
      String(JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).dependencies.node),
    );
    assert.equal(node.trim().split('.')[0], `v${wanted?.[0]}`, 'the project has the Node the package depends on');
  });

  test('npx open-banking-insights starts it, it answers and computes a report, and SIGTERM stops it', async (t) => {
    const db = await target('obi-package');
    const spawnedAt = Date.now();
    const child = spawn('npx', ['open-banking-insights'], {
      cwd: project,
      env: cleanEnv({
        ...db.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        WORKERS: 'true',
        OBI_BOOTSTRAP_CLIENTS: `package-check:${SECRET}`,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const { output } = collect(child);
    const done = exited(child);
    const stillRunning = () =>
      child.exitCode !== null || child.signalCode !== null ? `npx exited (${child.exitCode})\n${output()}` : undefined;

    const bound = await waitFor(() => listening(output()), {
      what: 'the service to log its port',
      giveUp: stillRunning,
    });
    const baseUrl = `http://127.0.0.1:${bound.port}`;
    await waitFor(async () => (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) })).ok, {
      what: `the service to answer ${baseUrl}/health`,
      giveUp: stillRunning,
    });
    // The figure (the README's "From the package" quotes it), never asserted: it is the machine's as much as ours.
    t.diagnostic(`npx open-banking-insights → first /health answered: ${Date.now() - spawnedAt} ms`);
    if (!db.env.DATABASE_URL)
      assert.match(output(), /created from the pre-initialised image/, 'the first start used the shipped image');
    // Every command the log suggests exists here: each answers --help. None is an npm script of the repository.
    const hints = await waitFor(() => (/"msg":"lender console: /.test(output()) ? output() : undefined), {
      what: 'the start hints in the log',
      giveUp: stillRunning,
    });
    assert.doesNotMatch(hints, /npm run /);
    const suggested = new Set([...hints.matchAll(/npx obi((?: [a-z][a-z-]*)+)/g)].map((m) => (m[1] ?? '').trim()));
    assert.ok(suggested.size >= 2, `the log suggests obi commands: ${[...suggested].join('; ')}`);
    for (const words of suggested) assert.match(await obi([...words.split(' '), '--help'], {}), /usage:/);
    // the hosted pages' scripts are files beside the code (src/web/assets, copied into dist/ by the build)
    const embed = await fetch(`${baseUrl}/connect/embed.js`, { signal: AbortSignal.timeout(60_000) });
    assert.equal(embed.status, 200);
    assert.equal(await embed.text(), fs.readFileSync(path.join(REPO, 'src/web/assets/embed.js'), 'utf8'));
    // the API reference is rendered by a child process running a module of dist/ (src/docs-ui/docs-render.ts, renamed by the build)
    const docs = await fetch(`${baseUrl}/docs`, { signal: AbortSignal.timeout(180_000) });
    assert.equal(docs.status, 200, await docs.clone().text());
    assert.match(await docs.text(), />1\. Get an access token</);
    await reportComputed(baseUrl, stillRunning);

    // To the service itself: npx may run it under a shell, which need not pass a signal on.
    process.kill(bound.pid, 'SIGTERM');
    const end = await withDeadline(done, { what: 'the service (and npx) to exit after SIGTERM', detail: output });
    assert.equal(end.code, 0, output());
    assert.match(output(), /"msg":"shut down"/, 'the graceful shutdown ran to its end');
  });

  test('npx obi runs the operator CLI: help, migrate, clients create and list', async () => {
    const db = await target('obi-package-cli');
    const env = { ...db.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
    assert.match(await obi(['--help'], env), /obi clients create --name/);
    assert.deepEqual(JSON.parse(await obi(['migrate'], env)), { status: 'migrated' });
    const created = JSON.parse(await obi(['clients', 'create', '--name', 'Package Check'], env)) as {
      client_id: string;
    };
    assert.ok(created.client_id, 'a client id');
    const listed = JSON.parse(await obi(['clients', 'list'], env)) as { client_id: string }[];
    assert.deepEqual(
      listed.map((c) => c.client_id),
      [created.client_id],
    );
  });
});
