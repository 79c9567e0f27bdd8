/**
 * What the server answers by itself (src/http/edge-answers.ts): Node's own 400 and 431 as Problem Details on a real
 * socket, OPTIONS 204 with Allow, TRACE 405, and the header timeout Node is given.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startService } from '../helpers/app.ts';

/** Sends raw bytes and reads until the server closes the connection. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

function problemOf(answer: string): { status: number; contentType: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
    body: JSON.parse(body) as Record<string, unknown>,
  };
}

describe('answers the server writes itself', async () => {
  const svc = await startService();
  await svc.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (svc.app.server.address() as AddressInfo).port;
  after(() => svc.close());

  test('a malformed request line › 400 Problem Details', async () => {
    const p = problemOf(await raw(port, 'NOT HTTP AT ALL\r\n\r\n'));
    assert.equal(p.status, 400);
    assert.equal(p.contentType, 'application/problem+json');
    assert.equal(p.body.code, 'bad_request');
    assert.equal(p.body.status, 400);
  });

  test('headers larger than Node accepts › 431 Problem Details', async () => {
    const p = problemOf(await raw(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    assert.equal(p.status, 431);
    assert.equal(p.contentType, 'application/problem+json');
    assert.equal(p.body.code, 'headers_too_large');
  });

  test('OPTIONS › 204 with the methods the path serves; 404 where nothing is served', async () => {
    const res = await svc.app.inject({ method: 'OPTIONS', url: '/public/v3/customers' });
    assert.equal(res.statusCode, 204);
    const allow = String(res.headers.allow).split(', ');
    for (const m of ['GET', 'POST', 'OPTIONS']) assert.ok(allow.includes(m), `${m} in ${allow.join(',')}`);
    assert.ok(!allow.includes('PUT'));
    const none = await svc.app.inject({ method: 'OPTIONS', url: '/nothing/here' });
    assert.equal(none.statusCode, 404);
    assert.equal(none.json().code, 'not_found');
  });

  test('TRACE › 405 Problem Details with Allow', async () => {
    const res = await svc.app.inject({ method: 'TRACE', url: '/health' });
    assert.equal(res.statusCode, 405);
    assert.equal(res.json().code, 'method_not_allowed');
    assert.match(String(res.headers.allow), /GET/);
  });

  test('the header timeout Node is given is the documented 20 s', () => {
    assert.equal(svc.app.server.headersTimeout, 20_000);
  });
});
