/**
 * A body sent a byte at a time is cut off (408, Problem Details, connection closed) once the grace period has
 * passed, while a body sent at a decent pace over the same period goes through. Here the pace rule is tightened
 * (1 s grace, 1 000 bytes/s) so the test takes seconds; the defaults are documented in docs/security.md.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { newLiveClient, startLiveService } from '../helpers/bank-flow.ts';
import { withDeadline } from '../helpers/wait.ts';

/** Sends the head, then the body in `pieces`, one every `everyMs`; answers everything the server wrote back. */
function sendPaced(port: number, head: string, pieces: string[], everyMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        const piece = pieces[i++];
        if (piece === undefined || socket.destroyed) return clearInterval(timer);
        socket.write(piece);
      }, everyMs);
    });
  });
}

describe('slow request bodies', async () => {
  const svc = await startLiveService({ BODY_RATE_GRACE_SECONDS: '1', BODY_MIN_BYTES_PER_SECOND: '1000' });
  const client = await newLiveClient(svc, 'Pace Lender');
  const port = Number(new URL(svc.baseUrl).port);
  const head = (length: number) =>
    `POST /public/v3/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${client.auth.authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  test('a body dripped a byte at a time gets 408 and the connection is closed', async () => {
    const body = JSON.stringify({ user_reference: 'x'.repeat(4000) });
    const answer = await withDeadline(sendPaced(port, head(body.length), [...body], 100), {
      what: 'the server to cut the drip off',
    });
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /"code":"body_too_slow"/);
  });

  test('a body at a decent pace over a longer time than the grace is read whole', async () => {
    // 20 000 bytes in 20 pieces, one every 100 ms: ten times the minimum rate, so a busy machine's late timers
    // do not bring it near the line. The body is read and parsed: its unknown member is a 400, not a 408.
    const body = JSON.stringify({ user_reference: 'paced', padding: 'p'.repeat(19_950) });
    const size = Math.ceil(body.length / 20);
    const pieces = Array.from({ length: 20 }, (_, i) => body.slice(i * size, (i + 1) * size));
    const answer = await withDeadline(sendPaced(port, head(body.length), pieces, 100), {
      what: 'the paced request to be answered',
    });
    assert.match(answer, /^HTTP\/1\.1 400 /, answer.slice(0, 300));
    assert.match(answer, /"code":"validation_failed"/);
  });
});
