/**
 * Graceful shutdown as a container runs it (docs/operations.md, "Signals and shutdown"): the service is started
 * with `npm start`, and the signal goes to npm's process, as `docker stop` or Kubernetes would send it to the
 * container's first process. npm runs the start script through `sh -c`; the script's `exec` makes node replace
 * that shell, so npm passes the signal to node itself (without it the shell died and node ran on, orphaned).
 *
 * A request is in flight when the signal arrives: its headers are in (the server has answered `Expect:
 * 100-continue`) and half its body sent. The rest is sent only once the service has logged that it is shutting
 * down, and the request still gets its answer; then the service exits 0 and npm with it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createQueue } from '../../src/jobs/queue.ts';
import { startChildService, type ChildService } from '../helpers/child-service.ts';
import { freshTarget } from '../helpers/fresh-target.ts';
import { waitFor, withDeadline } from '../helpers/wait.ts';

const SECRET = 'shutdown-secret-0123456789abcdef';

function start(env: Record<string, string>): Promise<ChildService> {
  return startChildService(
    {
      ...env,
      WORKERS: 'true',
      OBI_BOOTSTRAP_CLIENTS: `shutdown:${SECRET}`,
      // The test holds a request body open while it waits for the log line: never cut it off as slow.
      BODY_RATE_GRACE_SECONDS: '3600',
    },
    { npmStart: true },
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A token request whose body is sent in two halves: the second when `finish()` is called. */
function tokenRequestInTwoHalves(baseUrl: string) {
  const body = Buffer.from(
    JSON.stringify({ client_id: 'shutdown', client_secret: SECRET, grant_type: 'client_credentials' }),
  );
  const half = Math.floor(body.length / 2);
  const req = http.request(`${baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
  });
  // The server's 100 Continue: it has the request's headers, so the request is in flight.
  const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  // Awaited below; this keeps a failure before that point (the test already failing) from going unhandled.
  answered.catch(() => undefined);
  req.flushHeaders();
  return {
    accepted: accepted.then(() => void req.write(body.subarray(0, half))),
    finish: () => req.end(body.subarray(half)),
    answered,
  };
}

describe('npm start, then SIGTERM to npm (as a container is stopped)', () => {
  test('the service logs that it is shutting down, answers the request in flight, and exits 0', async (t) => {
    const target = await freshTarget('obi-shutdown');
    t.after(() => target.drop());
    const svc = await start(target.env);
    t.after(() => svc.stop('SIGKILL'));
    assert.notEqual(svc.pid, svc.child.pid, 'npm started node as a child of its own');

    const inFlight = tokenRequestInTwoHalves(svc.baseUrl);
    await withDeadline(inFlight.accepted, { what: 'the server to take the request (100 Continue)' });
    const exit = svc.stop('SIGTERM');
    await waitFor(() => svc.output().includes('"msg":"shutting down"'), {
      what: 'node to log "shutting down" (the signal reached it through npm)',
      giveUp: () => (svc.child.exitCode !== null ? `npm exited\n${svc.output()}` : undefined),
    });
    inFlight.finish();
    const answer = await withDeadline(inFlight.answered, { what: 'the answer to the request in flight' });
    assert.equal(answer.status, 200, answer.body);
    assert.ok((JSON.parse(answer.body) as { access_token?: string }).access_token, 'a token was issued');

    assert.equal(await withDeadline(exit, { what: 'npm to exit', detail: svc.output }), 0, svc.output());
    assert.match(svc.output(), /"msg":"shut down"/, 'the shutdown ran to its end');
    await waitFor(() => !isAlive(svc.pid), { what: `the service process ${svc.pid} to be gone` });
  });

  test('SIGINT (Ctrl-C) shuts it down the same way', async (t) => {
    const target = await freshTarget('obi-shutdown-int');
    t.after(() => target.drop());
    const svc = await start(target.env);
    t.after(() => svc.stop('SIGKILL'));
    // Started with PORT=0 and no PUBLIC_BASE_URL: the links it makes name the port the system picked, not port 0.
    const servers = ((await (await fetch(`${svc.baseUrl}/openapi.json`)).json()) as { servers: Array<{ url: string }> })
      .servers;
    assert.deepEqual(
      servers.map((s) => s.url),
      [svc.baseUrl],
    );
    assert.match(svc.output(), new RegExp(`API reference: ${svc.baseUrl}/docs`));
    assert.equal(await withDeadline(svc.stop('SIGINT'), { what: 'npm to exit', detail: svc.output }), 0, svc.output());
    assert.match(svc.output(), /"signal":"SIGINT".*"msg":"shutting down"/);
    await waitFor(() => !isAlive(svc.pid), { what: `the service process ${svc.pid} to be gone` });
  });
});

describe("the queue's stop (the last step of a shutdown before the database closes)", () => {
  test('lets a running job finish within its grace, and the job is recorded as completed', async () => {
    const server = process.env.DATABASE_URL;
    const db = server ? await openPostgres(server) : await openPglite(null);
    const schema = `pgboss_stop_${process.pid}_${Date.now()}`;
    await migrate(db);
    const queue = await createQueue(db, { workers: true, databaseUrl: server ?? null, schema });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let running = false;
    const state = async () =>
      (await db.query<{ state: string }>(`SELECT state FROM ${schema}.job WHERE name = 'invitation.email'`)).rows[0]
        ?.state;
    try {
      await queue.handle('invitation.email', async () => {
        running = true;
        await released;
      });
      await db.transaction((tx) => queue.enqueue(tx, 'invitation.email', { invitation_id: 'stop' }));
      await waitFor(() => running, { what: 'the job to start' });
      const stopped = queue.stop(600);
      assert.equal(await queue.ping(), false, 'a stopping queue is not ready');
      release();
      await withDeadline(stopped, { what: 'the queue to stop once the job has finished' });
      if (!server) assert.equal(await state(), 'completed');
    } finally {
      await queue.stop(1);
      if (server) {
        assert.equal(await state(), 'completed');
        await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }
      await db.close();
    }
  });
});
