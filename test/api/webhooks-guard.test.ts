/**
 * The URL guard with its default setting (loopback refused): at registration, and again at connect time for a
 * target that passed registration but resolves somewhere forbidden now (DNS rebinding). The "now" is simulated
 * by writing the webhook row directly, as if its host had resolved to a public address when it was registered.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { deliver, deliveryLog, emit, startSink } from '../helpers/webhook-sink.ts';
import { newId } from '../../src/lib/ids.ts';
import { insertWebhook } from '../../src/modules/webhooks/webhooks.repo.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import { generateWebhookSecret } from '../../src/modules/webhooks/webhooks.signing.ts';

describe('webhook URL guard (WEBHOOK_ALLOW_LOOPBACK unset)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const register = (url: string) =>
    svc.app.inject({ method: 'POST', url: '/public/v3/webhooks', headers: client.auth, payload: { url } });

  test('registration › loopback targets are 400, by IP literal in any form and by a name that resolves to loopback', async () => {
    for (const [url, detail] of [
      ['https://127.0.0.1/hook', 'points at a loopback address; webhook targets must be public'],
      ['https://127.1.2.3/hook', 'points at a loopback address; webhook targets must be public'],
      ['https://2130706433/hook', 'points at a loopback address; webhook targets must be public'],
      ['https://[::1]/hook', 'points at a loopback address; webhook targets must be public'],
      ['https://[::ffff:127.0.0.1]/hook', 'points at a loopback address; webhook targets must be public'],
      [
        'http://localhost:8080/hook',
        'has a host name that resolves to a loopback address; webhook targets must be public',
      ],
    ] as const) {
      const res = await register(url);
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'webhook_url_not_allowed');
      assert.deepEqual(res.json().errors, [{ pointer: '/url', detail }], url);
    }
  });

  test('registration › a public address is accepted', async () => {
    assert.equal((await register('https://1.1.1.20/hook')).statusCode, 201);
  });

  async function plantWebhook(clientId: string, url: string): Promise<string> {
    const row = await insertWebhook(svc.deps.db, {
      id: newId(),
      clientId,
      url,
      comment: null,
      secretSealed: seal(svc.deps.installationKey, 'webhook signing secrets', generateWebhookSecret()),
      now: svc.clock.now(),
    });
    return row.id;
  }

  test('connect time › a host name that now resolves to loopback is refused before connecting; the receiver hears nothing', async () => {
    const c = await newClient(svc, 'Rebinding Lender');
    const sink = await startSink();
    const customerId = await newCustomer(svc, c);
    const byName = await plantWebhook(c.clientId, `http://localhost:${sink.port}/hook`);
    const byIp = await plantWebhook(c.clientId, sink.url);
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    assert.deepEqual(await deliver(svc, c.clientId), { attempted: 2, delivered: 0, retried: 2, failed: 0 });
    assert.equal(sink.received.length, 0);
    const nameAttempt = (await deliveryLog(svc, c.auth, byName)).data[0].attempts[0];
    assert.equal(nameAttempt.error, 'refused: the host resolves to a loopback address');
    assert.equal(nameAttempt.status_code, null);
    const ipAttempt = (await deliveryLog(svc, c.auth, byIp)).data[0].attempts[0];
    assert.equal(ipAttempt.error, 'refused: the url points at a loopback address; webhook targets must be public');
  });
});
