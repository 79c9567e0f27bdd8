/** Endpoints 8 and 9, get and revoke; the invitation link's pages for revoked and expired invitations; the outbox. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newClient, startService, uniqueRef } from '../helpers/app.ts';

const outbox = await mkdtemp(path.join(os.tmpdir(), 'obi-outbox-'));

describe('invitations', async () => {
  // On a shared PostgreSQL server, a queue of this file's own: another file's service must not send these e-mails.
  const svc = await startService(
    { MAIL_OUTBOX_DIR: outbox },
    { queueSchema: process.env.DATABASE_URL ? `pgboss_inv_${process.pid}` : undefined },
  );
  const client = await newClient(svc, 'Acme Lending');
  const create = (payload: unknown, auth = client.auth) =>
    svc.app.inject({ method: 'POST', url: '/public/v3/invitations', headers: auth, payload: payload as object });

  test('create invitation › answers 201 with every member of the spec, timestamps null until they happen, expiry in 7 days', async () => {
    const res = await create({
      email: 'jane@example.com',
      reference: uniqueRef('inv'),
      first_name: 'Jane',
      last_name: 'Smith',
    });
    assert.equal(res.statusCode, 201);
    const inv = res.json();
    for (const k of [
      'id',
      'customer_type',
      'last_name',
      'first_name',
      'company_name',
      'email',
      'phone',
      'reference',
      'send_email',
      'created_at',
      'revoked_at',
      'used_at',
      'expires_in',
      'url',
    ]) {
      assert.ok(k in inv, `member ${k}`);
    }
    assert.equal(inv.customer_type, 'Individual');
    assert.equal(inv.company_name, null);
    assert.equal(inv.phone, null);
    assert.equal(inv.send_email, false);
    assert.equal(inv.created_at, Math.floor(svc.clock.now().getTime() / 1000));
    assert.equal(inv.used_at, null);
    assert.equal(inv.revoked_at, null);
    assert.equal(inv.expires_in, 7 * 86_400);
    assert.equal(inv.expires_at, inv.created_at + 7 * 86_400);
    assert.equal(inv.status, 'pending');
    assert.match(inv.url, new RegExp(`^http://127\\.0\\.0\\.1:8080/connect/invitations/${inv.id}/[A-Za-z0-9_-]{32}$`));
  });

  test('create invitation › the reference names the customer: created when new, reused when it exists', async () => {
    const reference = uniqueRef('applicant');
    const a = (await create({ email: 'a@example.com', reference })).json();
    const b = (
      await create({
        email: 'a@example.com',
        reference,
        customer_type: 'Business',
        company_name: 'Widgets Ltd',
        phone: '+44 20 7946 0000',
        expires_in: '3600',
      })
    ).json();
    assert.equal(a.customer_id, b.customer_id);
    assert.equal(b.customer_type, 'Business');
    assert.equal(b.expires_in, 3600);
    const customer = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${a.customer_id}`,
      headers: client.auth,
    });
    assert.equal(customer.json().user_reference, reference);
  });

  test('create invitation › bad input answers 400 naming each member by pointer', async () => {
    const res = await create({ email: 'not-an-address', customer_type: 'Person', extra: 1, phone: 'call me' });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.code, 'validation_failed');
    const pointers = body.errors.map((e: { pointer: string }) => e.pointer).sort();
    assert.deepEqual(pointers, ['/customer_type', '/email', '/extra', '/phone', '/reference']);
    // docs/decisions/0002-wire-conventions.md: booleans accept true/false only
    const bool = await create({ email: 'a@example.com', reference: uniqueRef(), send_email: 'true' });
    assert.equal(bool.statusCode, 400);
    assert.deepEqual(bool.json().errors, [{ pointer: '/send_email', detail: 'must be boolean' }]);
  });

  test('create invitation › expires_in outside 5 minutes … 30 days is 400 at /expires_in', async () => {
    for (const expires_in of [10, 31 * 86_400, '1.5']) {
      const res = await create({ email: 'a@example.com', reference: uniqueRef(), expires_in });
      assert.equal(res.statusCode, 400, String(expires_in));
      assert.deepEqual(
        res.json().errors.map((e: { pointer: string }) => e.pointer),
        ['/expires_in'],
      );
    }
  });

  test('get invitations › pages newest first with page, pages, max_per_page, total and _links', async () => {
    const other = await newClient(svc, 'Paging Lender');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create({ email: `p${i}@example.com`, reference: uniqueRef('page') }, other.auth)).json().id);
      svc.clock.advance(1);
    }
    const first = await svc.app.inject({
      method: 'GET',
      url: '/public/v3/invitations?max_per_page=2',
      headers: other.auth,
    });
    assert.equal(first.statusCode, 200);
    const p1 = first.json();
    assert.deepEqual([p1.page, p1.pages, p1.max_per_page, p1.total], [1, 2, 2, 3]);
    assert.deepEqual(
      p1.data.map((d: { id: string }) => d.id),
      [ids[2], ids[1]],
    );
    assert.equal(p1._links.previous, null);
    assert.match(p1._links.next.href, /\/public\/v3\/invitations\?page=2&max_per_page=2$/);
    const next = new URL(p1._links.next.href);
    const p2 = (
      await svc.app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: other.auth })
    ).json();
    assert.deepEqual(
      p2.data.map((d: { id: string }) => d.id),
      [ids[0]],
    );
    assert.equal(p2._links.next, null);
    assert.match(p2._links.previous.href, /page=1/);
    assert.match(p2._links.last.href, /page=2/);
  });

  test('get invitations › bad paging answers 400 with /query pointers', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: '/public/v3/invitations?page=0&max_per_page=501&colour=red',
      headers: client.auth,
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
      ['/query/colour', '/query/max_per_page', '/query/page'],
    );
  });

  test('revoke › sets revoked_at once; the link then shows a clear "withdrawn" page (410)', async () => {
    const inv = (await create({ email: 'r@example.com', reference: uniqueRef('revoke') })).json();
    const res = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/invitations/${inv.id}`,
      headers: client.auth,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().revoked_at, Math.floor(svc.clock.now().getTime() / 1000));
    assert.equal(res.json().status, 'revoked');
    svc.clock.advance(60);
    const again = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/invitations/${inv.id}`,
      headers: client.auth,
    });
    assert.equal(again.json().revoked_at, res.json().revoked_at, 'the first moment stays');
    const page = await svc.app.inject({ method: 'GET', url: new URL(inv.url).pathname });
    assert.equal(page.statusCode, 410);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.body, /This invitation has been withdrawn/);
    assert.match(page.body, /Acme Lending/);
  });

  test('revoke › an unknown id is 404 invitation_not_found', async () => {
    const res = await svc.app.inject({
      method: 'DELETE',
      url: '/public/v3/invitations/01900000-0000-7000-8000-00000000dead',
      headers: client.auth,
    });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'invitation_not_found');
  });

  test('an expired invitation › expires_in is 0, status expired, and the link shows a clear "expired" page', async () => {
    const inv = (await create({ email: 'x@example.com', reference: uniqueRef('expire'), expires_in: 300 })).json();
    svc.clock.advance(301);
    const got = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/invitations/${inv.id}`, headers: client.auth })
    ).json();
    assert.equal(got.expires_in, 0);
    assert.equal(got.status, 'expired');
    const page = await svc.app.inject({ method: 'GET', url: new URL(inv.url).pathname });
    assert.equal(page.statusCode, 410);
    assert.match(page.body, /This link has expired/);
  });

  test('a pending invitation link › opens a session and redirects to the bank picker; a tampered link is 404', async () => {
    const inv = (await create({ email: 'o@example.com', reference: uniqueRef('open') })).json();
    const res = await svc.app.inject({ method: 'GET', url: new URL(inv.url).pathname });
    assert.equal(res.statusCode, 303);
    assert.match(res.headers.location as string, /^\/connect\/s\/obi_ss_[A-Za-z0-9_-]+\/banks$/);
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    assert.match(cookie, /^obi_session=/, 'the session is bound to the browser that opened the link');
    const elsewhere = await svc.app.inject({ method: 'GET', url: res.headers.location as string });
    assert.equal(elsewhere.statusCode, 400, 'the session URL opened in another browser');
    assert.match(elsewhere.body, /Finish in the browser you started in/);
    const picker = await svc.app.inject({ method: 'GET', url: res.headers.location as string, headers: { cookie } });
    assert.equal(picker.statusCode, 200);
    assert.match(picker.body, /Choose your bank/);
    assert.match(picker.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
    const tampered = await svc.app.inject({ method: 'GET', url: `${new URL(inv.url).pathname.slice(0, -4)}AAAA` });
    assert.equal(tampered.statusCode, 404);
    assert.match(tampered.body, /This link is not valid/);
  });

  test('send_email without SMTP_URL › the e-mail (plain text and HTML) is written to the outbox folder', async () => {
    const inv = (
      await create({ email: 'mail@example.com', reference: uniqueRef('mail'), first_name: 'Ann', send_email: true })
    ).json();
    assert.equal(inv.send_email, true);
    assert.equal(inv.email_sent_at, null);
    await svc.deps.queue.drain(['invitation.email']);
    const files = (await readdir(outbox)).filter((f) => f.includes(inv.id));
    assert.equal(files.length, 1);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    assert.match(eml, /^To: mail@example\.com\r?$/m);
    assert.match(eml, /^Subject: Acme Lending asks you to connect your bank account\r?$/m);
    assert.match(eml, /Content-Type: multipart\/alternative/);
    assert.match(eml, /Content-Type: text\/plain/);
    assert.match(eml, /Content-Type: text\/html/);
    const got = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/invitations/${inv.id}`, headers: client.auth })
    ).json();
    assert.equal(got.email_sent_at, Math.floor(svc.clock.now().getTime() / 1000));
    // at least once, never twice: running the job again sends nothing more
    await svc.deps.queue.drain(['invitation.email']);
    assert.equal((await readdir(outbox)).filter((f) => f.includes(inv.id)).length, 1);
  });

  test('after all tests the outbox folder is removed', async () => {
    await rm(outbox, { recursive: true, force: true });
  });
});
