/**
 * The README runs as written. Every shell block of README.md, from "Quick start with curl" to the end of the file,
 * is taken from the file itself and run in order against a fresh embedded instance, twice: the service is stopped
 * and started again on the same data directory between the runs, so a second run of the walkthrough (a reader
 * running it again) must work as the first. A block that cannot run on a test machine is preceded by
 * `<!-- readme-test: not run (REASON) -->`; the test checks that every such marker gives a reason and that it skips
 * nothing else.
 * - a block that starts with `# in another shell` (the service, the webhook receiver) runs in the background, and
 *   the test waits until it answers;
 * - every other block runs, in order, in one bash with `set -eu`: a variable used before it is set, or a failing
 *   command, stops it. Between blocks the test prints a marker, so each block's output is checked on its own.
 * The only inputs the test chooses are where things listen: PORT and BASE for the service, HOOK_PORT for the
 * receiver (the README's blocks read them, defaulting to 8080 and 9000), and a fresh DATA_DIR (the blocks that read
 * the service's discovery file, and the CLI, find it there).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEADLINE_MS, waitFor } from '../helpers/wait.ts';

const README = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const NOT_RUN = /<!-- readme-test: not run \((.+)\) -->\n$/;

/** Every shell block of the README, in order, with the reason it is not run when it carries the marker. */
function shellBlocks(): { code: string; notRun: string | undefined; at: number }[] {
  return [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => ({
    code: m[1] ?? '',
    notRun: NOT_RUN.exec(README.slice(Math.max(0, m.index - 400), m.index))?.[1],
    at: m.index,
  }));
}

/** The walkthrough's shell blocks: every block from "Quick start with curl" to the end, but those marked not run. */
function walkthroughBlocks(): string[] {
  const from = README.indexOf('## Quick start with curl');
  assert.ok(from >= 0, 'the README has its walkthrough');
  return shellBlocks()
    .filter((b) => b.at > from && b.notRun === undefined)
    .map((b) => b.code);
}

const isBackground = (block: string): boolean => block.startsWith('# in another shell');

/** A port the OS had free a moment ago (the children bind it themselves). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

function run(script: string, env: NodeJS.ProcessEnv, cwd: string): Running {
  // detached: its own process group, so the whole tree (npm, node) is stopped at the end
  const child = spawn('bash', ['-c', script], { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

function stop(r: Running): void {
  if (r.child.pid === undefined || r.child.exitCode !== null) return;
  try {
    process.kill(-r.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const exitOf = (r: Running): Promise<number | null> =>
  r.child.exitCode !== null
    ? Promise.resolve(r.child.exitCode)
    : new Promise((resolve) => r.child.once('exit', resolve));

// The walkthrough runs the embedded default whatever DATABASE_URL says, so the suite's PostgreSQL pass would only
// repeat the embedded pass's run (about a minute of CI): it runs in the embedded pass.
const ON_POSTGRES = process.env.DATABASE_URL
  ? 'the README walkthrough runs on the embedded default only: the embedded pass of the suite runs it'
  : false;

describe('the README walkthrough, run as written', { skip: ON_POSTGRES }, async () => {
  const blocks = walkthroughBlocks();
  const background = blocks.filter(isBackground);
  const foreground = blocks.filter((b) => !isBackground(b));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-readme-'));
  const port = await freePort();
  const hookPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The README's service is the embedded default: a PostgreSQL the suite may be pointed at is not its business.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), BASE: base, HOOK_PORT: String(hookPort) };
  delete env.DATABASE_URL;
  const repo = path.resolve(import.meta.dirname, '../..');
  const running: Running[] = [];

  test('the walkthrough has the blocks this test expects (the service, a receiver, the steps)', () => {
    assert.equal(background.length, 2, 'two blocks run in another shell');
    assert.match(background[0] ?? '', /npm start/);
    assert.match(background[1] ?? '', /HOOK_PORT/);
    assert.ok(foreground.length >= 11, `${foreground.length} blocks`);
    // to the end of the file: the admin API, the console invitation and the Webhooks section are in it
    for (const text of ['/admin/v1/clients', 'obi console invite', 'WEBHOOK_URL='])
      assert.ok(
        foreground.some((b) => b.includes(text)),
        `a block with ${text} runs`,
      );
  });

  test('a shell block is skipped only with a marker that gives its reason', () => {
    const markers = [...README.matchAll(/<!-- readme-test:.*?-->/g)];
    const skipped = shellBlocks().filter((b) => b.notRun !== undefined);
    assert.equal(skipped.length, markers.length, 'every marker stands right above a shell block');
    for (const b of skipped) assert.ok((b.notRun ?? '').trim().length >= 10, `a reason: ${b.code.slice(0, 80)}`);
    // the prose's other shell-like blocks are shell blocks too (marked or run), not unmarked plain fences
    assert.doesNotMatch(README, /```\n(npm|npx|curl|mkdir) /);
  });

  const startReadmeService = async (): Promise<Running> => {
    const service = run(background[0] ?? '', { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, repo);
    running.push(service);
    await waitFor(async () => (await fetch(`${base}/health`)).ok, {
      what: 'the README service to answer /health',
      intervalMs: 250,
      giveUp: () => (service.child.exitCode !== null ? `it exited: ${service.output().slice(-2000)}` : undefined),
    });
    return service;
  };

  /** Every foreground block in one bash, in order; each block's output, checked against what the README says. */
  const runWalkthrough = async (round: number): Promise<void> => {
    const marker = (i: number) => `@@README block ${i}@@`;
    const script = ['set -eu', ...foreground.flatMap((b, i) => [`printf '\\n%s\\n' '${marker(i)}'`, b])].join('\n');
    const steps = run(script, { ...env, DATA_DIR: dataDir }, repo);
    running.push(steps);
    // A walkthrough that has not finished within the deadline is stopped, and fails below with its output.
    const deadline = setTimeout(() => stop(steps), 3 * DEADLINE_MS);
    const code = await exitOf(steps);
    clearTimeout(deadline);
    const output = steps.output();
    assert.equal(code, 0, `run ${round}: the walkthrough stopped (${String(code)}):\n${output.slice(-4000)}`);

    const outputs = foreground.map((_, i) => {
      const start = output.indexOf(marker(i));
      const end = output.indexOf(marker(i + 1));
      return output.slice(start, end < 0 ? undefined : end);
    });
    const blockWith = (text: string): string => {
      const i = foreground.findIndex((b) => b.includes(text));
      assert.ok(i >= 0, `a block with ${text}`);
      return outputs[i] ?? '';
    };
    // No step answered with an error (every error is Problem Details; the token endpoint's has "error").
    outputs.forEach((o, i) => {
      assert.doesNotMatch(o, /urn:obi:problem:/, `run ${round}, block ${i} answered an error:\n${o.slice(0, 2000)}`);
      assert.doesNotMatch(o, /"error":"/, `run ${round}, block ${i} answered an error:\n${o.slice(0, 2000)}`);
    });
    assert.match(blockWith('# 1. an access token'), /"token":"obi_ut_/);
    assert.match(blockWith('# 20. a webhook'), /"secret":"whsec_/);
    assert.match(blockWith('transaction_collections'), /"saved":2/); // the second run's is the first's, replayed
    assert.match(blockWith('transactions/sync'), /"added":\[\{"id":/);
    assert.match(
      blockWith('transactions/sync'),
      /"added":\[\],"modified":\[\],"removed":\[\],"next_cursor":"v1\.[^"]+","has_more":false/,
    );
    assert.match(blockWith('# 6. consent status'), /status=Success/);
    assert.match(blockWith('# 6. consent status'), /"status":"Authorised"/);
    assert.match(blockWith('# 6. consent status'), /"sub_type":"CurrentAccount"/);
    assert.match(blockWith('/control/consents"'), /"Persona":"gambler"/);
    assert.match(blockWith('# 8. invite'), /"status":"pending"/);
    assert.match(blockWith('component_auth/init'), /\/connect\/component\//);
    // Retention set; a customer erased (204), then unknown (404): on the second run too (a new customer, erased again).
    assert.match(blockWith('customer-erase-0001'), /"data_retention_days":365\n204\n404/);
    const persona = blockWith('PERSONA_CUSTOMER=');
    assert.match(persona, /"employment":/);
    assert.match(persona, /"affordability_type":"TWELVE_MONTH"/);
    const corrections = blockWith('category_rules/preview');
    assert.match(corrections, /"category_id":"eating_out","merchant":[^,]+,"category_source":"correction"/);
    assert.match(corrections, /"corrected_by":\{"type":"api_client","id":"demo"\}/);
    assert.match(corrections, /"would_change":\d+,"customers_affected":\d+,"complete":true/);
    assert.match(corrections, /"pattern":"netflix","category_id":"entertainment"/);
    assert.match(corrections, /Labels from corrections: 1 transactions/);
    assert.match(blockWith('/rotate-secret'), /"client_secret":"obi_cs_/);
    assert.match(blockWith('obi console invite'), /"url": "http:\/\/[^"]+\/console\/invitations\/[^"]+"/);
    assert.match(blockWith('WEBHOOK_URL='), /"secret":"whsec_/);
    assert.match(blockWith('/test -H'), /"webhook_type":"WEBHOOK_TEST","customer_id":null/);
  };

  test(
    'every block runs, in order, and answers what the README says; twice, across a restart',
    { timeout: 8 * DEADLINE_MS },
    async (t) => {
      t.after(() => {
        for (const r of running) stop(r);
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const first = await startReadmeService();
      const receiver = run(background[1] ?? '', env, repo);
      running.push(receiver);
      await waitFor(
        () =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect(hookPort, '127.0.0.1', () => resolve(socket.end() !== undefined));
            socket.on('error', () => resolve(false));
          }),
        {
          what: 'the README webhook receiver to listen',
          giveUp: () => (receiver.child.exitCode !== null ? receiver.output() : undefined),
        },
      );
      await runWalkthrough(1);
      // The webhook receiver heard of the reports (the persona's REPORT_AVAILABLE at least), signed per message.
      await waitFor(() => /msg_\S+ \{.*"webhook_type":"REPORT_AVAILABLE"/.test(receiver.output()), {
        what: 'the receiver to print a REPORT_AVAILABLE webhook',
        intervalMs: 250,
      });

      // The Webhooks section's test event reached the receiver too.
      await waitFor(() => /msg_\S+ \{.*"webhook_type":"WEBHOOK_TEST"/.test(receiver.output()), {
        what: 'the receiver to print the WEBHOOK_TEST event',
        intervalMs: 250,
      });

      // A reader runs it again: the same data directory, the service started anew.
      stop(first);
      await exitOf(first);
      await startReadmeService();
      await runWalkthrough(2);
    },
  );
});
