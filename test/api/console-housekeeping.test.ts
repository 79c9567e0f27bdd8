/**
 * The console.housekeeping job (src/jobs/registry.ts) deletes console sessions past their idle timeout or absolute
 * lifetime, and keeps the others. It runs over every session in the database, by this service's moved clock: on
 * PostgreSQL this file gets a database of its own, so it never ends another test file's sessions.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';
import { consoleUser } from '../helpers/console.ts';
import { freshTarget } from '../helpers/fresh-target.ts';

describe('console.housekeeping', async () => {
  const target = process.env.DATABASE_URL ? await freshTarget('obi_console_housekeeping') : null;
  const svc = await startService({
    CONSOLE_SESSION_IDLE_SECONDS: '600',
    CONSOLE_SESSION_MAX_SECONDS: '3600',
    ...(target ? { DATABASE_URL: target.env.DATABASE_URL } : {}),
  });
  // Registered after the service's own close (test/helpers/app.ts), so it runs once the service let go of it.
  if (target) after(() => target.drop());
  const client = await newClient(svc, 'Acme Lending');
  const sessions = async () =>
    (await svc.deps.db.query<{ n: string | number }>('SELECT count(*) AS n FROM console_sessions')).rows[0]?.n;
  const runJob = async () => {
    await svc.deps.db.transaction((tx) => svc.deps.queue.enqueue(tx, 'console.housekeeping', {}));
    assert.equal(await svc.deps.queue.drain(['console.housekeeping']), 1);
  };

  test('a session idle past the timeout is deleted; a signing-in user does not delete anyone else’s', async () => {
    const { browser: idle } = await consoleUser(svc, client.clientId, 'viewer');
    svc.clock.advance(601);
    const { browser: fresh } = await consoleUser(svc, client.clientId, 'viewer');
    assert.equal(Number(await sessions()), 2, 'a sign-in leaves other sessions to the job');
    await runJob();
    assert.equal(Number(await sessions()), 1, 'the idle one is gone');
    assert.equal((await idle.get('/console/customers')).statusCode, 303);
    assert.equal((await fresh.get('/console/customers')).statusCode, 200, 'the fresh one still works');
  });

  test('a session used all along is deleted once past its absolute lifetime', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'viewer');
    for (let t = 0; t < 8; t++) {
      svc.clock.advance(500);
      await browser.get('/console/customers');
    }
    await runJob();
    assert.equal(Number(await sessions()), 0);
  });
});
