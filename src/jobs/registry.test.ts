/**
 * The job registry is the one declaration of each job (docs/decisions/0067-jobs-declared-once.md): the typed
 * enqueue, the handler table and the run-time check of a job's data all derive from it. The `@ts-expect-error`
 * lines are the type-level half of this test: `npm run typecheck` fails if any of them stops being an error, that
 * is, if a misspelt payload field, a missing one, a wrong type or an unknown job name would compile.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../db/db.ts';
import { JOBS, JOB_NAMES, type JobName } from './registry.ts';
import { checkJobData, type Queue } from './queue.ts';
import type { JobHandlers } from './handlers.ts';

/** Never called: only compiled. */
export function typeLevelChecks(queue: Queue, tx: Db, handlers: JobHandlers): void {
  void queue.enqueue(tx, 'report.compute', { customer_id: 'c' });
  void queue.enqueue(tx, 'bank.pull', { pull_id: 'p' });
  void queue.enqueue(tx, 'bank.pull', { pull_id: 'p', customer_ip: 'sealed' });
  // @ts-expect-error a misspelt field
  void queue.enqueue(tx, 'report.compute', { customerId: 'c' });
  // @ts-expect-error a missing field
  void queue.enqueue(tx, 'bank.revoke', { bank_slug: 'sandbox' });
  // @ts-expect-error a field of the wrong type
  void queue.enqueue(tx, 'invitation.email', { invitation_id: 42 });
  // @ts-expect-error a field the payload does not have
  void queue.enqueue(tx, 'report.compute', { customer_id: 'c', extra: true });
  // @ts-expect-error a job the registry does not declare
  void queue.enqueue(tx, 'report.computed', { customer_id: 'c' });
  // A handler receives its job's payload, typed.
  const bankPull: (data: { pull_id: string; customer_ip?: string }) => Promise<void> = handlers['bank.pull'];
  // @ts-expect-error a handler of one job is not a handler of another
  const revoke: (data: { pull_id: string }) => Promise<void> = handlers['bank.revoke'];
  void bankPull;
  void revoke;
}

describe('job registry', () => {
  test('every job declares a payload schema, a policy, retries and expiry', () => {
    for (const name of JOB_NAMES) {
      const def: (typeof JOBS)[JobName] = JOBS[name];
      assert.equal(typeof def.payload, 'object', `${name} payload`);
      assert.ok(['standard', 'short', 'singleton', 'stately'].includes(def.policy), `${name} policy`);
      assert.ok(def.retryLimit >= 0 && def.expireInSeconds > 0 && def.heartbeatSeconds >= 10, `${name} retries`);
    }
  });

  test("a job's data is checked against its payload before its handler runs", () => {
    assert.deepEqual(checkJobData('report.compute', { customer_id: 'c1' }), { customer_id: 'c1' });
    assert.deepEqual(checkJobData('webhook.dispatch', null), {}, 'a periodic run (no data) is an empty payload');
    assert.throws(() => checkJobData('report.compute', { customerId: 'c1' }), /report\.compute.*customer_id/);
    assert.throws(() => checkJobData('bank.pull', { pull_id: 7 }), /bank\.pull.*\/pull_id/);
    assert.throws(() => checkJobData('transactions.maintain', {}), /transactions\.maintain/);
  });

  test('the statistics refresh after a large write is a job of the registry, not a promise of its own', () => {
    assert.ok(JOB_NAMES.includes('transactions.analyze'));
    assert.equal(JOBS['transactions.analyze'].policy, 'stately', 'a burst of large writes collapses into one run');
  });
});
