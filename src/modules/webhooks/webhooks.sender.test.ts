/**
 * The connect-time guard of the HTTP edge, against a receiver on 127.0.0.1 and a resolver the test controls:
 * the socket goes to the address the guard checked, and a name that resolves to a refused address is never
 * connected to (DNS rebinding: the registration-time answer does not matter).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sendWebhook } from './webhooks.sender.ts';
import type { Resolver, UrlPolicy } from './webhooks.url-guard.ts';
import { startSink } from '../../../test/helpers/webhook-sink.ts';

// The deadline is not under test here: long, so a busy machine cannot turn an answer into a timeout.
const send = (url: string, policy: UrlPolicy, resolve: Resolver) =>
  sendWebhook({ url, body: '{"a":1}', headers: { 'webhook-id': 'msg_1' }, timeoutMs: 120_000, policy, resolve });

describe('sendWebhook', async () => {
  const sink = await startSink();
  const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

  test('connects to the address the guarded lookup returned (names never reach the system resolver)', async () => {
    const r = await send(
      `http://receiver.test:${sink.port}/hook`,
      { allowLoopback: true, allowHttp: true },
      toLoopback,
    );
    assert.deepEqual(r.result, { kind: 'response', status: 200, retryAfter: undefined });
    assert.equal(sink.received.at(-1)!.headers.host, `receiver.test:${sink.port}`);
    assert.equal(sink.received.at(-1)!.body, '{"a":1}');
  });

  test('a name that resolves to loopback is refused without connecting', async () => {
    const before = sink.received.length;
    const r = await send(
      `http://rebound.test:${sink.port}/hook`,
      { allowLoopback: false, allowHttp: true },
      toLoopback,
    );
    assert.deepEqual(r.result, { kind: 'error', error: 'refused: the host resolves to a loopback address' });
    assert.equal(sink.received.length, before);
  });

  test('one refused address among public ones refuses the whole name', async () => {
    const mixed: Resolver = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    const r = await send('https://mixed.test/hook', { allowLoopback: false, allowHttp: false }, mixed);
    assert.deepEqual(r.result, { kind: 'error', error: 'refused: the host resolves to a cloud metadata address' });
  });

  test('http:// is refused in production before any lookup', async () => {
    let asked = 0;
    const r = await send(`http://receiver.test:${sink.port}/`, { allowLoopback: true, allowHttp: false }, async () => {
      asked++;
      return [{ address: '127.0.0.1', family: 4 }];
    });
    assert.equal(r.result.kind, 'error');
    assert.match((r.result as { error: string }).error, /^refused: the url must use https/);
    assert.equal(asked, 0);
  });

  test('a closed port is "connection refused"; an unresolvable name says so', async () => {
    const closed = await startSink();
    await closed.down();
    assert.deepEqual((await send(closed.url, { allowLoopback: true, allowHttp: true }, toLoopback)).result, {
      kind: 'error',
      error: 'connection refused',
    });
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    assert.deepEqual((await send('http://nowhere.test/', { allowLoopback: true, allowHttp: true }, nowhere)).result, {
      kind: 'error',
      error: 'the host name does not resolve',
    });
  });
});
