/**
 * The connector's side of FAPI 1.0 Advanced against the sandbox bank (oidc-provider, over mutual TLS): what reaches
 * the bank (a pushed, signed request object; the browser gets only its request_uri), both ways of answering (the
 * hybrid code id_token for Sandbox Bank, JARM for Sandbox Business Bank), and the refusals on our side: an
 * id_token in the hybrid answer whose c_hash, s_hash or nonce is wrong, or that the bank's key did not sign, ends
 * the consent as failed, and its code is never exchanged (the first pull never runs).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DestinationStream } from 'pino';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import {
  answerBankLogin,
  call,
  connect,
  CookieJar,
  newLiveClient,
  newLiveCustomer,
  reachBankLogin,
  returnToCallback,
  runBankJobs,
  sandboxControl,
  startBankFlow,
  startLiveService,
  type LiveClient,
  type LiveService,
} from '../helpers/bank-flow.ts';
import { personasAt, SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

/** The customer's trip up to the bank's answer, stopped there: the callback URL the bank redirected to. */
async function bankAnswer(svc: LiveService, client: LiveClient, slug = 'sandbox') {
  const username = personasAt(slug)[0]!;
  const customer = await newLiveCustomer(svc, client);
  const flow = await call(
    svc,
    'POST',
    `/public/v3/webflow/banks/${slug}/redirect?url=${encodeURIComponent(client.returnUrl)}`,
    { auth: customer.appUser, body: {} },
  );
  assert.equal(flow.status, 200, flow.text);
  const jar = new CookieJar();
  const authorizationUrl = new URL(await startBankFlow(svc, flow.json.url, jar));
  const loginUrl = await reachBankLogin(svc, authorizationUrl.toString(), jar);
  const callback = await answerBankLogin(svc, loginUrl, jar, {
    username,
    password: SANDBOX_PASSWORD,
    decision: 'approve',
  });
  return { customer, flow: flow.json, jar, authorizationUrl, callback: new URL(callback) };
}

describe('FAPI 1.0 Advanced: the connector against the sandbox bank', async () => {
  const lines: string[] = [];
  const sink: DestinationStream = { write: (line: string) => void lines.push(line) };
  const svc = await startLiveService({ LOG_LEVEL: 'warn' }, { logTo: sink });
  const client = await newLiveClient(svc);
  const sandbox = svc.deps.sandboxBank!;

  test('the browser gets only a request_uri: the signed request object was pushed to the bank (PAR)', async () => {
    const a = await bankAnswer(svc, client);
    assert.deepEqual([...a.authorizationUrl.searchParams.keys()].sort(), ['client_id', 'request_uri']);
    assert.match(a.authorizationUrl.searchParams.get('request_uri')!, /^urn:ietf:params:oauth:request_uri:/);
    assert.equal(a.callback.search, '', 'the hybrid answer comes in the fragment');
    const answer = new URLSearchParams(a.callback.hash.slice(1));
    for (const k of ['code', 'id_token', 'state']) assert.ok(answer.get(k), k);
    const idToken = decodeJwt(answer.get('id_token')!);
    assert.equal(idToken.openbanking_intent_id, (await consentOf(a.customer.appUser)).bank_consent_id);
    for (const k of ['c_hash', 's_hash', 'nonce']) assert.equal(typeof idToken[k], 'string', k);
    const back = await returnToCallback(svc, a.callback.toString(), a.jar);
    assert.equal(new URL(back.headers.get('location')!).searchParams.get('status'), 'Success');
  });

  test('Sandbox Business Bank answers with JARM (a signed response JWT in the query), and the flow completes', async () => {
    const a = await bankAnswer(svc, client, 'sandbox-business');
    const response = a.callback.searchParams.get('response');
    assert.ok(response, `a JARM response: ${a.callback.toString()}`);
    assert.equal(a.callback.hash, '');
    assert.equal(decodeJwt(response).state, a.flow.state);
    const back = await returnToCallback(svc, a.callback.toString(), a.jar);
    assert.equal(new URL(back.headers.get('location')!).searchParams.get('status'), 'Success');
    await runBankJobs(svc);
    assert.deepEqual(await pullsOf(a.flow.consent_id), ['succeeded'], 'the first pull ran, over mutual TLS');
  });

  async function pullsOf(consentId: string): Promise<string[]> {
    const rows = await svc.deps.db.query<{ state: string }>('SELECT state FROM bank_pulls WHERE consent_id = $1', [
      consentId,
    ]);
    return rows.rows.map((r) => r.state);
  }

  async function consentOf(appUser: string) {
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: appUser });
    const list = await call(svc, 'GET', `/public/v3/customers/${status.json.customer_id ?? ''}/consents`, {
      auth: client.auth.authorization,
    });
    const id = status.json.consent_id as string;
    const row = await svc.deps.db.query<{ bank_consent_id: string; status: string }>(
      'SELECT bank_consent_id, status FROM consents WHERE id = $1',
      [id],
    );
    void list;
    return row.rows[0]!;
  }

  /** The answer with its id_token replaced by `forge(claims)`, posted as the relay page would. */
  async function tampered(forge: (claims: Record<string, unknown>) => Promise<string>) {
    const a = await bankAnswer(svc, client);
    const answer = new URLSearchParams(a.callback.hash.slice(1));
    answer.set('id_token', await forge(decodeJwt(answer.get('id_token')!)));
    const before = lines.length;
    const back = await call(svc, 'POST', `${svc.baseUrl}/webflow/callback`, {
      jar: a.jar,
      form: Object.fromEntries(answer),
    });
    assert.equal(back.status, 302, back.text);
    const landing = new URL(back.headers.get('location')!);
    assert.equal(landing.searchParams.get('status'), 'Error');
    assert.equal(landing.searchParams.get('error'), 'authorisation_failed');
    const consent = await consentOf(a.customer.appUser);
    assert.equal(consent.status, 'Rejected');
    assert.deepEqual(await pullsOf(a.flow.consent_id), [], 'no pull: nothing was authorised');
    return lines.slice(before).join('\n');
  }

  const asBank = (claims: Record<string, unknown>) => sandbox.signAsBank('sandbox', claims);

  test('an id_token whose c_hash is not the code’s is refused', async () => {
    const log = await tampered((c) => asBank({ ...c, c_hash: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    assert.match(log, /c_hash/);
  });

  test('an id_token whose s_hash is not the state’s is refused', async () => {
    const log = await tampered((c) => asBank({ ...c, s_hash: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    assert.match(log, /s_hash/);
  });

  test('an id_token carrying another nonce is refused', async () => {
    const log = await tampered((c) => asBank({ ...c, nonce: 'not-the-nonce-we-sent' }));
    assert.match(log, /nonce/);
  });

  test('an id_token the bank did not sign is refused', async () => {
    const { privateKey } = await generateKeyPair('PS256');
    const log = await tampered(async (c) => {
      const kid = (await sandbox.signAsBank('sandbox', {})).split('.')[0]!;
      const header = JSON.parse(Buffer.from(kid, 'base64url').toString()) as { kid?: string };
      return new SignJWT(c).setProtectedHeader({ alg: 'PS256', kid: header.kid }).sign(privateKey);
    });
    assert.match(log, /signature/i);
  });

  test('the first pull after the authorisation tells the bank the customer is present', async () => {
    const r = await connect(svc, client, (await newLiveCustomer(svc, client)).appUser, {
      username: 'salaried-monthly',
    });
    assert.equal(r.landing.searchParams.get('status'), 'Success');
    await runBankJobs(svc);
    assert.deepEqual(await pullsOf(r.flow.consent_id), ['succeeded']);
    const consents = await sandboxControl(svc, 'GET', '/consents');
    const atBank = consents.json.data as Array<Record<string, unknown>>;
    const row = await svc.deps.db.query<{ bank_consent_id: string }>(
      'SELECT bank_consent_id FROM consents WHERE id = $1',
      [r.flow.consent_id],
    );
    const mine = atBank.find((c) => c.ConsentId === row.rows[0]!.bank_consent_id);
    assert.equal(mine?.CustomerIpAddress, '127.0.0.1', 'the bank saw x-fapi-customer-ip-address on its data calls');
  });
});
