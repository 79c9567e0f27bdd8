/**
 * Logs tell no secrets (docs/security.md, "Logs"). A whole flow runs with every request logged: a client's token
 * (and a failed guess), a customer and its token, the bank flow through the sandbox bank (start token, state,
 * code, cookies), a webhook (its signing secret), an invitation (its signed link), a component URL, a console staff
 * invitation link and filter values (a console search, a user_reference). Every
 * secret and token used is collected, and none of them may appear anywhere in what was logged.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DestinationStream } from 'pino';
import { createLogger } from '../../src/app/logger.ts';
import { call, connect, newLiveClient, newLiveCustomer, startLiveService } from '../helpers/bank-flow.ts';
import { inviteStaff } from '../../src/modules/console/index.ts';

describe('logs tell no secrets', async () => {
  const lines: string[] = [];
  const sink: DestinationStream = { write: (line: string) => void lines.push(line) };
  const svc = await startLiveService({ LOG_LEVEL: 'debug' }, { logTo: sink });

  test('a full flow logs requests, and none of its secrets, tokens or personal data', async () => {
    const secrets = new Map<string, string>();
    const keep = (what: string, value: unknown) => {
      assert.equal(typeof value, 'string', what);
      secrets.set(what, value as string);
    };
    const client = await newLiveClient(svc, 'Logged Lender');
    keep('client secret', client.clientSecret);
    keep('access token', client.token);
    const guess = await call(svc, 'POST', '/oauth/v2/token', {
      body: {
        client_id: client.clientId,
        client_secret: 'guessed-secret-0123456789',
        grant_type: 'client_credentials',
      },
    });
    assert.equal(guess.status, 401);
    keep('guessed secret', 'guessed-secret-0123456789');
    const customer = await newLiveCustomer(svc, client);
    keep('customer token', customer.appUser.replace('AppUserToken ', ''));

    const flow = await connect(svc, client, customer.appUser, { username: 'salaried-monthly' });
    keep('bank-flow start token', flow.flow.url.split('/').at(-1));
    keep('state', flow.flow.state);
    // The hybrid answer (code, id_token) comes in the fragment, which the relay page posts back.
    const answer = new URLSearchParams(new URL(flow.callback).hash.slice(1));
    keep('code', answer.get('code'));
    keep('id_token', answer.get('id_token'));
    for (const [name, value] of flow.jar.cookies) {
      const secret = decodeURIComponent(value).split('.')[0];
      if (secret) keep(`cookie ${name}`, secret); // a cookie the bank cleared (empty) holds nothing
    }

    const hook = await call(svc, 'POST', '/public/v3/webhooks', {
      auth: client.auth.authorization,
      body: { url: 'https://1.1.1.1/hook' },
    });
    assert.equal(hook.status, 201, hook.text);
    keep('webhook secret', hook.json.secret);

    const invitation = await call(svc, 'POST', '/public/v3/invitations', {
      auth: client.auth.authorization,
      body: { email: 'invitee.private@example.com', reference: 'log-check', send_email: false },
    });
    assert.equal(invitation.status, 201, invitation.text);
    keep('invitation signature', new URL(invitation.json.url).pathname.split('/').at(-1));
    keep('invitee e-mail', 'invitee.private@example.com');
    const opened = await call(svc, 'GET', invitation.json.url);
    assert.equal(opened.status, 303, 'the invitation link was used, so its URL reached the log');

    await call(svc, 'PATCH', '/public/v3/settings', {
      auth: client.auth.authorization,
      body: { component_origins: ['https://lender.example'] },
    });
    const component = await call(svc, 'POST', '/public/v3/component_auth/init', {
      auth: client.auth.authorization,
      body: { ip: '0.0.0.0', user_agent: 'test', user_reference: 'log-component', origin: 'https://lender.example' },
    });
    assert.equal(component.status, 200, component.text);
    keep('component token', new URL(component.json.url).pathname.split('/').at(-1));
    await call(svc, 'GET', component.json.url);

    // The console: a staff invitation's link opened, and filter values (a customer search, an account number).
    const staff = await inviteStaff(
      svc.deps,
      client.clientId,
      { email: 'staff.private@example.com', role: 'viewer', sendEmail: false },
      null,
    );
    keep('staff invitation token', new URL(staff.url).pathname.split('/').at(-1));
    assert.equal((await call(svc, 'GET', staff.url)).status, 200);
    keep('console filter', '12345678-account-filter');
    await call(svc, 'GET', '/console/customers?q=12345678-account-filter');
    keep('customer filter', 'user-reference-filter-42');
    const filtered = await call(svc, 'GET', '/public/v3/customers?user_reference=user-reference-filter-42', {
      auth: client.auth.authorization,
    });
    assert.equal(filtered.status, 200, filtered.text);

    const logged = lines.join('');
    assert.ok(lines.length > 20, `requests were logged (${lines.length} lines)`);
    assert.match(logged, /"url":"\/webflow\/callback"/, 'the callback request itself is in the log');
    for (const [what, value] of secrets) {
      assert.ok(value.length >= 8, `${what} is long enough to look for`);
      assert.ok(!logged.includes(value), `the ${what} appears in the logs`);
    }
  });

  test('database errors: the values of the statement (err.detail, parameters) are redacted', () => {
    const out: string[] = [];
    const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void out.push(line) });
    const err = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (email)=(alice.private@example.com) already exists.',
      parameters: ['alice.private@example.com'],
    });
    logger.error({ err, params: ['alice.private@example.com'] }, 'insert failed');
    assert.equal(out.length, 1);
    assert.doesNotMatch(out.join(''), /alice\.private/);
    assert.match(out.join(''), /duplicate key value/, 'the error itself is still there');
  });
});
