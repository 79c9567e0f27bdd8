/**
 * A bank that misbehaves, through the sandbox bank's switches: 429 and 500 are retried, an unreadable answer
 * fails the attempt and the next one succeeds, a bank that stays down fails the pull cleanly (nothing stored);
 * revoked, expired and rejected consents; pending items that book under a new id; abandonment after 30 minutes;
 * the 90-day reconfirmation; the scheduled refresh. Each scenario has its own client (the sweep is per client).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  connect,
  newLiveClient,
  newLiveCustomer,
  rawTransactions,
  renewToken,
  runBankJobs,
  sandboxControl,
  startLiveService,
  type LiveClient,
} from '../helpers/bank-flow.ts';
import { waitFor } from '../helpers/wait.ts';
import { personaAt, sandboxAsOf } from '../../src/sandbox-bank/index.ts';
import { sweepConsents } from '../../src/modules/consents/consents.sweep.ts';

const pence = (x: number | string) => Math.round(Number(x) * 100);

describe('consent flow › a misbehaving bank', async () => {
  // Failed attempts are retried at once (twice), so one drain shows the whole story.
  const svc = await startLiveService({ BANK_PULL_RETRY_SCHEDULE: '0,0' });

  async function connected(username: string, client?: LiveClient) {
    const c = client ?? (await newLiveClient(svc));
    const customer = await newLiveCustomer(svc, c);
    const r = await connect(svc, c, customer.appUser, { username });
    const consent = () =>
      call(svc, 'GET', `/public/v3/customers/${customer.id}/consents/${r.flow.consent_id}`, {
        auth: c.auth.authorization,
      });
    return { client: c, customer, flow: r.flow, landing: r.landing, consent };
  }
  const count = async (c: LiveClient, customerId: string) => ({
    accounts: (await call(svc, 'GET', `/public/v3/customers/${customerId}/accounts`, { auth: c.auth.authorization }))
      .json.data.length as number,
    transactions: (await rawTransactions(svc, c, customerId)).length,
    statements: Number(
      (
        await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM statements WHERE customer_id = $1', [
          customerId,
        ])
      ).rows[0]!.n,
    ),
  });
  const persona = (name: string) => personaAt('sandbox', name, sandboxAsOf(svc.clock.now()));

  test('429 with Retry-After › waited for and retried: the pull succeeds in one attempt with all the data', async () => {
    const s = await connected('thin-file+429:2');
    await runBankJobs(svc);
    const pull = (await s.consent()).json.latest_pull;
    assert.equal(pull.state, 'succeeded');
    assert.equal(pull.attempts, 1);
    assert.equal((await count(s.client, s.customer.id)).transactions, persona('thin-file').transactions.length);
  });

  test('500 › retried: the pull succeeds in one attempt', async () => {
    const s = await connected('thin-file+500:2');
    await runBankJobs(svc);
    const pull = (await s.consent()).json.latest_pull;
    assert.equal(pull.state, 'succeeded');
    assert.equal(pull.attempts, 1);
    assert.equal((await count(s.client, s.customer.id)).transactions, persona('thin-file').transactions.length);
  });

  test('an answer that is not JSON › that attempt fails (its payloads kept, nothing stored), the next one stores everything', async () => {
    const s = await connected('thin-file+garbage@3');
    await runBankJobs(svc);
    const view = (await s.consent()).json;
    assert.equal(view.latest_pull.state, 'succeeded');
    assert.equal(view.latest_pull.attempts, 2);
    assert.equal(view.latest_pull.error_code, null);
    const raw = await svc.deps.db.query<{ attempt: number; body: string }>(
      'SELECT attempt, body FROM bank_payloads WHERE pull_id = $1 ORDER BY id',
      [view.latest_pull.id],
    );
    const failedAttempt = raw.rows.filter((r) => r.attempt === 1);
    assert.equal(failedAttempt.length, 4, 'the failed attempt kept what it received');
    assert.throws(() => JSON.parse(failedAttempt[3]!.body), 'including the unreadable answer');
    const p = persona('thin-file');
    const counts = await count(s.client, s.customer.id);
    assert.deepEqual(counts, {
      accounts: p.accounts.length,
      transactions: p.transactions.length,
      statements: p.statements.length,
    });
  });

  test('a bank that stays down › retried, then the run fails cleanly: nothing stored, the consent stays Authorised', async () => {
    const s = await connected('thin-file+500:all@3');
    await runBankJobs(svc);
    const view = (await s.consent()).json;
    assert.equal(view.status, 'Authorised');
    assert.equal(view.latest_pull.state, 'failed');
    assert.equal(view.latest_pull.attempts, 3, 'the first attempt and the two retries of the schedule');
    assert.equal(view.latest_pull.error_code, 'unavailable');
    assert.deepEqual(
      await count(s.client, s.customer.id),
      { accounts: 0, transactions: 0, statements: 0 },
      'never a half-stored pull',
    );
    // The bank recovers; a refresh on demand brings everything.
    assert.equal(
      (await sandboxControl(svc, 'PUT', `/consents/${view.bank_consent_id}/switches`, { switches: [] })).status,
      200,
    );
    assert.equal(
      (
        await call(svc, 'POST', `/public/v3/customers/${s.customer.id}/consents/${view.consent_id}/refresh`, {
          auth: s.client.auth.authorization,
        })
      ).status,
      202,
    );
    await runBankJobs(svc);
    assert.equal((await count(s.client, s.customer.id)).transactions, persona('thin-file').transactions.length);
  });

  test('revoked by the client while a pull is reading › the pull stores nothing and no account is authorised again', async () => {
    // Three 429s with Retry-After: 1 keep the pull reading (waiting at the bank) for three seconds.
    const s = await connected('thin-file+429:3');
    const bankConsentId = (await s.consent()).json.bank_consent_id as string;
    const pulling = runBankJobs(svc);
    // Revoke once the bank has answered the pull's first data call (a 429): the pull is then waiting to read again.
    await waitFor(
      async () =>
        (await sandboxControl(svc, 'GET', '/consents')).json.data.find(
          (c: { ConsentId: string }) => c.ConsentId === bankConsentId,
        )?.DataCalls >= 1,
      { what: "the pull's first data call at the bank", intervalMs: 10 },
    );
    const revoked = await call(svc, 'DELETE', `/public/v3/customers/${s.customer.id}/consents/${s.flow.consent_id}`, {
      auth: s.client.auth.authorization,
    });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.json.status, 'Revoked');
    await pulling;
    const view = (await s.consent()).json;
    assert.equal(view.latest_pull.state, 'failed');
    assert.equal(view.latest_pull.error_code, 'consent_not_authorised');
    assert.deepEqual(await count(s.client, s.customer.id), { accounts: 0, transactions: 0, statements: 0 });
  });

  test('the bank rejects the authorisation › status=Error and Rejected', async () => {
    const s = await connected('thin-file+reject');
    assert.equal(s.landing.searchParams.get('status'), 'Error');
    assert.equal((await s.consent()).json.status, 'Rejected');
  });

  test('revoked at the bank before the first pull › Revoked, no data, no account events', async () => {
    const s = await connected('thin-file+revoke');
    assert.equal(s.landing.searchParams.get('status'), 'Success');
    await runBankJobs(svc);
    const view = (await s.consent()).json;
    assert.equal(view.status, 'Revoked');
    assert.equal(view.status_reason, 'revoked_at_bank');
    assert.equal(view.latest_pull.error_code, 'auth_lost');
    assert.equal((await count(s.client, s.customer.id)).accounts, 0);
  });

  test('expired at the bank after a pull › the next refresh revokes: accounts unauthorised, one LOST per account', async () => {
    const s = await connected('new-employer');
    const hook = await call(svc, 'POST', '/public/v3/webhooks', {
      auth: s.client.auth.authorization,
      body: { url: 'https://1.1.1.10/hook' },
    });
    await runBankJobs(svc);
    const view = (await s.consent()).json;
    assert.equal(view.latest_pull.state, 'succeeded');
    assert.equal((await sandboxControl(svc, 'POST', `/consents/${view.bank_consent_id}/expire`)).status, 200);
    await call(svc, 'POST', `/public/v3/customers/${s.customer.id}/consents/${view.consent_id}/refresh`, {
      auth: s.client.auth.authorization,
    });
    await runBankJobs(svc);
    const after = (await s.consent()).json;
    assert.equal(after.status, 'Revoked');
    assert.equal(after.status_reason, 'expired');
    const accounts = (
      await call(svc, 'GET', `/public/v3/customers/${s.customer.id}/accounts`, { auth: s.client.auth.authorization })
    ).json.data;
    assert.equal(accounts.length, 2);
    assert.ok(accounts.every((a: { is_authorized: boolean }) => !a.is_authorized));
    const log = (
      await call(svc, 'GET', `/public/v3/webhooks/${hook.json.id}/deliveries`, { auth: s.client.auth.authorization })
    ).json.data;
    assert.deepEqual(
      log
        .filter((d: { webhook_type: string }) => d.webhook_type === 'ACCOUNT_AUTHORIZATION_LOST')
        .map((d: { payload: { account_id: string } }) => d.payload.account_id)
        .sort(),
      accounts.map((a: { id: string }) => a.id).sort(),
    );
  });

  test('an abandoned authorisation (over 30 minutes) is Rejected, and the bank consent is deleted', async () => {
    const c = await newLiveClient(svc);
    const customer = await newLiveCustomer(svc, c);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(c.returnUrl)}`,
      { auth: customer.appUser, body: {} },
    );
    svc.clock.advance(29 * 60);
    assert.equal(
      (await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: customer.appUser })).json
        .status,
      'AwaitingAuthorisation',
    );
    svc.clock.advance(2 * 60);
    assert.deepEqual(await sweepConsents(svc.deps, { clientId: c.clientId }), {
      abandoned: 1,
      lapsed: 0,
      refreshed: 0,
    });
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', {
      auth: customer.appUser,
    });
    assert.equal(status.json.status, 'Rejected');
    await runBankJobs(svc);
    const page = await call(svc, 'GET', flow.json.url);
    assert.equal(page.status, 400, 'the bank no longer offers the authorisation');
  });

  test('pending items that book under a new id › after the refresh (tokens refreshed) nothing is counted twice', async () => {
    const s = await connected('payday-borrower+pending-new-id');
    await runBankJobs(svc);
    const before = await rawTransactions(svc, s.client, s.customer.id);
    const first = persona('payday-borrower');
    assert.equal(before.length, first.transactions.length);
    assert.ok(
      before.some((t) => t.status === 'Pending' && String(t.external_transaction_id).startsWith('PND')),
      'pending items came under their pending ids',
    );
    // The change feed's position before the refresh (docs/decisions/0052-transaction-change-feed.md).
    const feed = async (cursor?: string) => {
      const out = {
        added: [] as Array<Record<string, unknown>>,
        removed: [] as Array<Record<string, unknown>>,
        cursor,
      };
      for (;;) {
        const q = out.cursor ? `?count=500&cursor=${out.cursor}` : '?count=500';
        const res = await call(svc, 'GET', `/public/v3/customers/${s.customer.id}/transactions/sync${q}`, {
          auth: s.client.auth.authorization,
        });
        assert.equal(res.status, 200, JSON.stringify(res.json));
        out.added.push(...(res.json.added as Array<Record<string, unknown>>));
        out.removed.push(...(res.json.removed as Array<Record<string, unknown>>));
        out.cursor = res.json.next_cursor as string;
        if (!res.json.has_more) return out;
      }
    };
    const seen = await feed();
    assert.equal(seen.added.length, before.length);

    svc.clock.advance(3 * 86_400); // past the access token's hour: the pull refreshes it
    await renewToken(svc, s.client);
    const refresh = await call(
      svc,
      'POST',
      `/public/v3/customers/${s.customer.id}/consents/${s.flow.consent_id}/refresh`,
      { auth: s.client.auth.authorization },
    );
    assert.equal(refresh.status, 202);
    await runBankJobs(svc);
    const view = (await s.consent()).json;
    assert.equal(view.latest_pull.state, 'succeeded', JSON.stringify(view.latest_pull));
    assert.ok((view.latest_pull.counts.transactions.removed_pending as number) > 0);
    // The feed since then: each pending item removed, linked both ways to the booked one that replaced it.
    await renewToken(svc, s.client);
    const since = await feed(seen.cursor);
    assert.equal(since.removed.length, view.latest_pull.counts.transactions.removed_pending);
    const addedById = new Map(since.added.map((t) => [t.id, t]));
    for (const r of since.removed) {
      assert.match(String(r.external_transaction_id), /^PND/);
      const booked = addedById.get(r.replaced_by);
      assert.ok(booked, `the booking of ${String(r.external_transaction_id)} is among the added`);
      assert.equal(booked.pending_transaction_id, r.id);
      assert.equal(`PND${String(booked.external_transaction_id)}`, r.external_transaction_id);
    }
    const later = persona('payday-borrower');
    const stored = await rawTransactions(svc, s.client, s.customer.id);
    const storedById = new Map(stored.map((t) => [t.external_transaction_id, t]));
    for (const t of later.transactions) {
      const id = t.status === 'Pending' ? `PND${t.external_transaction_id}` : t.external_transaction_id;
      assert.equal(pence(storedById.get(id)?.amount ?? NaN), pence(t.amount), id);
      assert.equal(storedById.get(id)!.status, t.status);
    }
    const laterIds = new Set(
      later.transactions.map((t) =>
        t.status === 'Pending' ? `PND${t.external_transaction_id}` : t.external_transaction_id,
      ),
    );
    const extra = stored.filter((t) => !laterIds.has(t.external_transaction_id));
    assert.ok(
      extra.every((t) => t.status === 'Booked' && t.booking_date_time < later.from),
      'only history older than the bank now shows stays beyond it',
    );
  });

  test('the 90-day reconfirmation › reconfirming moves the date; not reconfirming revokes access (LOST per account)', async () => {
    const s = await connected('benefits');
    await runBankJobs(svc);
    const authorisedAt = (await s.consent()).json.authorised_at as number;
    assert.equal((await s.consent()).json.reconfirm_by_date_time, authorisedAt + 90 * 86_400);
    svc.clock.advance(60 * 86_400);
    await renewToken(svc, s.client);
    const appUser = async () =>
      `AppUserToken ${(await call(svc, 'POST', `/public/v3/customers/${s.customer.id}/token`, { auth: s.client.auth.authorization })).json.token}`;
    const reconfirmed = await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent/reconfirm', {
      auth: await appUser(),
    });
    assert.equal(reconfirmed.status, 200);
    assert.equal(reconfirmed.json.reconfirm_by_date_time, Math.floor(svc.clock.now().getTime() / 1000) + 90 * 86_400);
    svc.clock.advance(89 * 86_400);
    assert.equal((await sweepConsents(svc.deps, { clientId: s.client.clientId })).lapsed, 0);
    svc.clock.advance(2 * 86_400);
    assert.equal((await sweepConsents(svc.deps, { clientId: s.client.clientId })).lapsed, 1);
    await renewToken(svc, s.client);
    const view = (await s.consent()).json;
    assert.equal(view.status, 'Revoked');
    assert.equal(view.status_reason, 'reconfirmation_lapsed');
    const accounts = (
      await call(svc, 'GET', `/public/v3/customers/${s.customer.id}/accounts`, { auth: s.client.auth.authorization })
    ).json.data;
    assert.ok(accounts.length > 0 && accounts.every((a: { is_authorized: boolean }) => !a.is_authorized));
    const late = await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent/reconfirm', {
      auth: await appUser(),
    });
    assert.equal(late.status, 409);
  });

  test('the scheduled refresh › a day later the sweep pulls again (trigger scheduled)', async () => {
    const s = await connected('overdrawn');
    await runBankJobs(svc);
    assert.deepEqual(await sweepConsents(svc.deps, { clientId: s.client.clientId }), {
      abandoned: 0,
      lapsed: 0,
      refreshed: 0,
    });
    svc.clock.advance(86_400);
    assert.equal((await sweepConsents(svc.deps, { clientId: s.client.clientId })).refreshed, 1);
    await runBankJobs(svc);
    await renewToken(svc, s.client);
    const view = (await s.consent()).json;
    assert.equal(view.latest_pull.trigger, 'scheduled');
    assert.equal(view.latest_pull.state, 'succeeded');
    assert.equal(
      (
        await call(svc, 'GET', `/public/v3/customers/${s.customer.id}/consents/${s.flow.consent_id}`, {
          auth: s.client.auth.authorization,
        })
      ).json.pulls.length,
      2,
    );
  });
});
