/** Endpoint 4 (consent screen) and the customer's bank list, through app.inject (no bank is reached). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';

describe('consent screen (endpoint 4)', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: client.auth,
    payload: { application_name: 'Acme Loans', terms_and_condition_url: 'https://acme.example/terms' },
  });
  const customerId = await newCustomer(svc, client);
  const headers = { authorization: `AppUserToken ${await newCustomerToken(svc, client, customerId)}` };
  const screen = (slug: string, payload?: unknown) =>
    svc.app.inject({
      method: 'POST',
      url: `/public/v3/webflow/banks/${slug}/consent`,
      headers,
      payload: payload as string,
    });

  test('without a body › the default purpose, no third parties, the client names and URLs (null where unset)', async () => {
    const res = await screen('sandbox');
    assert.equal(res.statusCode, 200, res.body);
    const m = res.json().metadata;
    assert.equal(m.company_name, 'Acme Lending');
    assert.equal(m.application_name, 'Acme Loans');
    assert.equal(m.terms_and_condition_url, 'https://acme.example/terms');
    assert.equal(m.privacy_policy_url, null);
    assert.equal(m.logo_url, 'http://127.0.0.1:8080/public/v3/banks/sandbox/logo.svg');
    assert.deepEqual(m.application_sharing_purposes, [
      { description: 'Apply Bank transaction data to improve your financial credibility' },
    ]);
    assert.deepEqual(m.application_sharing_third_parties, []);
    assert.deepEqual(m.requested_permissions, [
      'ReadAccountsBasic',
      'ReadAccountsDetail',
      'ReadBalances',
      'ReadTransactionsCredits',
      'ReadTransactionsDebits',
      'ReadTransactionsDetail',
      'ReadStatementsDetail',
      'ReadParty',
    ]);
  });

  test('given purposes and third parties are shown as sent', async () => {
    const res = await screen('sandbox', {
      application_sharing_purposes: [{ description: 'Check affordability' }],
      application_sharing_third_parties: [
        { company_name: 'Credit Partner Ltd', company_city: 'Leeds', company_phone: null },
      ],
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().metadata.application_sharing_purposes, [{ description: 'Check affordability' }]);
    assert.deepEqual(res.json().metadata.application_sharing_third_parties, [
      { company_name: 'Credit Partner Ltd', company_city: 'Leeds' },
    ]);
    assert.ok(
      res
        .json()
        .consents.at(-1)
        .elements.some((e: string) => e.includes('Credit Partner Ltd')),
    );
  });

  test('an unknown member is 400 naming it; an unknown bank is 404; a bank without a connection is 422', async () => {
    const bad = await screen('sandbox', { application_sharing_purposes: null, colour: 'red' });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().errors.some((e: { pointer: string }) => e.pointer === '/colour'));
    const unknown = await screen('no-such-bank');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'bank_not_found');
    const unconfigured = await screen('barclays');
    assert.equal(unconfigured.statusCode, 422);
    assert.equal(unconfigured.json().code, 'bank_not_connectable');
  });

  test('the customer bank list shows the banks that can be connected here, none connected yet', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/public/v3/webflow/banks', headers });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json().data.map((b: { slug: string }) => b.slug),
      ['sandbox', 'sandbox-business', 'sandbox-no-par'],
    );
    assert.ok(
      res.json().data.every((b: { is_connected: boolean; consent: unknown }) => !b.is_connected && b.consent === null),
    );
  });

  test('consent status without any consent at the bank is 404 consent_not_found', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: '/public/v3/webflow/banks/sandbox/consent/status',
      headers,
    });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'consent_not_found');
  });
});
