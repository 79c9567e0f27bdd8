/**
 * A process killed (SIGKILL) in the middle of a 100 000-transaction submission leaves either all or none of
 * that batch visible after restart. The service runs as a child process on its own embedded data directory
 * (or, with DATABASE_URL, on that server) so it can really be killed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startChildService, type ChildService } from '../helpers/child-service.ts';

const SECRET = 'crash-test-secret-0123456789';

/** Unique per run: on a reused database, an earlier run's client (sealed with another key) must not be met. */
const CLIENT_ID = `crash-client-${process.pid}-${Date.now()}`;

function startChild(dataDir: string): Promise<ChildService> {
  return startChildService({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    WORKERS: 'false',
    OBI_BOOTSTRAP_CLIENTS: `${CLIENT_ID}:${SECRET}`,
  });
}

/** Sends the body; resolves 'sent' once the request is fully written, and the response (or error) later. */
function postBig(port: number, urlPath: string, token: string, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: urlPath,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const response = new Promise<number | 'aborted'>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('aborted'));
  });
  const sent = new Promise<void>((resolve) => req.end(body, () => resolve()));
  return { sent, response };
}

describe('a submission killed mid-request', () => {
  // Everything, the first start included, happens inside the test: a failure anywhere is a failing test.
  test('leaves all or none of the batch after restart, never part of it', async (t) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-crash-'));
    let svc = await startChild(dataDir);
    t.after(async () => {
      await svc.stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const json = async (url: string, init: RequestInit = {}) =>
      (
        await fetch(`${svc.baseUrl}${url}`, {
          ...init,
          headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
        })
      ).json() as Promise<Record<string, unknown>>;
    const token = (
      await json('/oauth/v2/token', {
        method: 'POST',
        body: JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET, grant_type: 'client_credentials' }),
      })
    ).access_token as string;
    const auth = { authorization: `Bearer ${token}` };

    const N = 100_000;
    let killedMidRequest = false;
    let customerId = '';
    // Kill at a point inside the work; if the request had already finished, try again sooner.
    for (const delayMs of [1500, 700, 300, 100]) {
      customerId = (
        await json('/public/v3/customers', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ user_reference: `crash-${Date.now()}-${delayMs}` }),
        })
      ).id as string;
      await json(`/public/v3/customers/${customerId}/account_collections`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          accounts: [
            {
              bank_slug: 'sandbox',
              number: '04000411112222',
              currency: 'GBP',
              type: 'Personal',
              sub_type: 'CurrentAccount',
            },
          ],
        }),
      });
      const transactions = Array.from({ length: N }, (_, i) => ({
        external_transaction_id: `k${i}`,
        name: 'CARD PAYMENT TO TESCO',
        amount: -1.25,
        currency: 'GBP',
        status: 'Booked',
        bank_slug: 'sandbox',
        account_number: '04000411112222',
        value_date_time: 1_700_000_000 + i,
        booking_date_time: 1_700_000_000 + i,
      }));
      const { sent, response } = postBig(
        svc.port,
        `/public/v3/customers/${customerId}/transaction_collections`,
        token,
        JSON.stringify({ transactions }),
      );
      await sent;
      const outcome = await Promise.race([
        response,
        new Promise<'timer'>((r) => setTimeout(() => r('timer'), delayMs)),
      ]);
      await svc.stop('SIGKILL');
      svc = await startChild(dataDir);
      if (outcome === 'timer') {
        killedMidRequest = true;
        break;
      }
    }
    assert.ok(killedMidRequest, 'the process was killed while the request was still being processed');
    const fresh = (
      await json('/oauth/v2/token', {
        method: 'POST',
        body: JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET, grant_type: 'client_credentials' }),
      })
    ).access_token as string;
    const page = await json(`/public/v3/customers/${customerId}/raw-transactions?max_per_page=1`, {
      headers: { authorization: `Bearer ${fresh}` },
    });
    assert.ok(page.total === 0 || page.total === N, `all or none, got ${page.total}`);
  });
});
