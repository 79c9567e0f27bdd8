/** The lender console's sign-in, sessions, CSRF, invitations and roles (docs/decisions/0034-console.md). */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';
import { createServer } from '../../src/app/app.ts';
import { registerJsonParser } from '../../src/http/json-body.ts';
import { consoleAdminRoutes } from '../../src/modules/console/console-admin.routes.ts';
import { ConsoleBrowser, consoleUser, csrfOf, ORIGIN, PASSWORD } from '../helpers/console.ts';
import { freshTarget } from '../helpers/fresh-target.ts';

describe('lender console › sign-in and sessions', async () => {
  // Its failed sign-ins count against the loopback address and its clock moves by hours: on PostgreSQL a database of
  // its own keeps both from other test files, and from this file's own earlier runs.
  const target = process.env.DATABASE_URL ? await freshTarget('obi_console_auth') : null;
  const svc = await startService({
    CONSOLE_SIGN_IN_LOCKOUT_AFTER: '3',
    CONSOLE_SESSION_IDLE_SECONDS: '600',
    CONSOLE_SESSION_MAX_SECONDS: '3600',
    ...(target ? { DATABASE_URL: target.env.DATABASE_URL } : {}),
  });
  // Registered after the service's own close (test/helpers/app.ts), so it runs once the service let go of it.
  if (target) after(() => target.drop());
  const client = await newClient(svc, 'Acme Lending');

  test('a page without a session › sends the browser to the sign-in page', async () => {
    const b = new ConsoleBrowser(svc);
    const res = await b.get('/console/customers');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/console/sign-in');
  });

  test('the sign-in page › has a strict CSP, no-store, no referrer, and is never framed', async () => {
    const res = await new ConsoleBrowser(svc).get('/console/sign-in');
    assert.equal(res.statusCode, 200);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|https:/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.doesNotMatch(res.body, /<script>|style="/);
  });

  test('an invitation accepted › signs in with an HttpOnly, SameSite=Strict cookie on /console; sign-out ends it', async () => {
    const { browser, email } = await consoleUser(svc, client.clientId, 'viewer');
    const cookie = browser.jar.cookies.get('obi_console');
    assert.ok(cookie);
    const list = await browser.get('/console/customers');
    assert.equal(list.statusCode, 200);
    assert.match(list.body, new RegExp(email.replace(/[.]/g, '\\.')));
    const out = await browser.post('/console/sign-out', { csrf: csrfOf(list.body) });
    assert.equal(out.statusCode, 303);
    const after = await svc.app.inject({
      method: 'GET',
      url: '/console/customers',
      headers: { cookie: `obi_console=${cookie}` },
    });
    assert.equal(after.statusCode, 303, 'the old cookie no longer works');
  });

  test('the session cookie › is HttpOnly, SameSite=Strict, path /console', async () => {
    const { email } = await consoleUser(svc, client.clientId, 'viewer');
    const b = new ConsoleBrowser(svc);
    const form = await b.get('/console/sign-in');
    const res = await b.post('/console/sign-in', {
      csrf: csrfOf(form.body),
      client_id: client.clientId,
      email,
      password: PASSWORD,
    });
    assert.equal(res.statusCode, 303);
    const c = res.cookies.find((x) => x.name === 'obi_console');
    assert.ok(c);
    assert.equal(c.httpOnly, true);
    assert.equal(c.sameSite, 'Strict');
    assert.equal(c.path, '/console');
  });

  test('sign-in › the e-mail in any case signs in; a wrong password and an unknown e-mail get the same answer', async () => {
    const { email } = await consoleUser(svc, client.clientId, 'viewer');
    const ok = await new ConsoleBrowser(svc).signIn(client.clientId, email.toUpperCase());
    assert.equal(ok.statusCode, 303);
    const wrong = await new ConsoleBrowser(svc).signIn(client.clientId, email, 'not the password at all');
    const unknown = await new ConsoleBrowser(svc).signIn(
      client.clientId,
      'nobody@example.com',
      'not the password at all',
    );
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    const message = (body: string) => /<p class="notice error"[^>]*>([^<]*)</.exec(body)?.[1];
    assert.equal(message(wrong.body), message(unknown.body));
  });

  test('sign-in › after 3 failures the e-mail is locked (429, Retry-After), even with the right password', async () => {
    const { email } = await consoleUser(svc, client.clientId, 'viewer');
    for (let i = 0; i < 3; i++) {
      const res = await new ConsoleBrowser(svc).signIn(client.clientId, email, `wrong password ${i}`);
      assert.equal(res.statusCode, 401);
    }
    const locked = await new ConsoleBrowser(svc).signIn(client.clientId, email);
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers['retry-after']) > 0);
    svc.clock.advance(3600);
    const later = await new ConsoleBrowser(svc).signIn(client.clientId, email);
    assert.equal(later.statusCode, 303, 'the lock ends');
  });

  test('sign-in › 40 guesses at once against a lock-out of 3: exactly 3 passwords are checked, the rest are 429', async () => {
    const { email } = await consoleUser(svc, client.clientId, 'viewer');
    const browsers = Array.from({ length: 40 }, () => new ConsoleBrowser(svc));
    const tokens: string[] = [];
    for (const b of browsers) tokens.push(csrfOf((await b.get('/console/sign-in')).body));
    const answers = await Promise.all(
      browsers.map((b, i) =>
        b.post('/console/sign-in', {
          csrf: tokens[i] as string,
          client_id: client.clientId,
          email,
          password: `guess ${i}`,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    assert.equal(statuses.filter((s) => s === 401).length, 3, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 37, statuses.join(','));
  });

  test('CSRF › a POST without the token, with a wrong token, or from another origin is refused', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'admin');
    const page = await browser.get('/console/staff');
    const csrf = csrfOf(page.body);
    const form = { email: 'someone@example.com', role: 'viewer' };
    assert.equal((await browser.post('/console/staff', form)).statusCode, 403);
    assert.equal((await browser.post('/console/staff', { ...form, csrf: 'x'.repeat(43) })).statusCode, 403);
    assert.equal(
      (await browser.post('/console/staff', { ...form, csrf }, { origin: 'https://evil.example' })).statusCode,
      403,
    );
    assert.equal((await browser.post('/console/staff', { ...form, csrf }, {})).statusCode, 403, 'no Origin');
    const nullOrigin = { origin: 'null', 'sec-fetch-site': 'cross-site' };
    assert.equal((await browser.post('/console/staff', { ...form, csrf }, nullOrigin)).statusCode, 403);
    // What browsers send on a form POST from a no-referrer page: Origin null, and Sec-Fetch-Site.
    const sameSite = { origin: 'null', 'sec-fetch-site': 'same-origin' };
    assert.equal((await browser.post('/console/staff', { ...form, csrf }, sameSite)).statusCode, 200);
    assert.equal((await browser.post('/console/staff', { ...form, csrf })).statusCode, 200);
  });

  test('CSRF › the sign-in form is refused without its pre-session token', async () => {
    const { email } = await consoleUser(svc, client.clientId, 'viewer');
    const b = new ConsoleBrowser(svc);
    const res = await b.post('/console/sign-in', { client_id: client.clientId, email, password: PASSWORD });
    assert.equal(res.statusCode, 403);
  });

  test('sessions › end after the idle timeout, and after the absolute lifetime even when used', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'viewer');
    svc.clock.advance(601);
    assert.equal((await browser.get('/console/customers')).statusCode, 303, 'idle for longer than 600 s');

    const { browser: busy } = await consoleUser(svc, client.clientId, 'viewer');
    for (let t = 0; t < 7; t++) {
      svc.clock.advance(500);
      assert.equal((await busy.get('/console/customers')).statusCode, 200);
    }
    svc.clock.advance(200); // 3700 s since sign-in, 200 s since the last request: within the idle timeout
    const res = await busy.get('/console/customers');
    assert.equal(res.statusCode, 303, 'past the 3600 s lifetime');
  });

  test('staff invitations › an admin invites; the link works once; the invitee signs in with the invited role', async () => {
    const { browser: admin } = await consoleUser(svc, client.clientId, 'admin');
    const page = await admin.get('/console/staff');
    const res = await admin.post('/console/staff', {
      csrf: csrfOf(page.body),
      email: 'new.viewer@example.com',
      role: 'viewer',
    });
    assert.equal(res.statusCode, 200);
    const link = /(http:\/\/127\.0\.0\.1:8080\/console\/invitations\/[A-Za-z0-9_-]+)/.exec(res.body)?.[1];
    assert.ok(link, 'without SMTP the admin is shown the link');
    const path = new URL(link).pathname;
    const invitee = new ConsoleBrowser(svc);
    const short = await invitee.submit(path, path, { password: 'short', confirm: 'short' });
    assert.equal(short.statusCode, 400);
    const done = await invitee.submit(path, path, { password: PASSWORD, confirm: PASSWORD });
    assert.equal(done.statusCode, 303);
    const again = await new ConsoleBrowser(svc).get(path);
    assert.equal(again.statusCode, 404, 'used');
    const staff = await admin.get('/console/staff');
    assert.match(staff.body, /new\.viewer@example\.com<\/td><td>viewer/);
  });

  test('roles › a viewer cannot invite staff or customers', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'viewer');
    const list = await browser.get('/console/customers');
    const csrf = csrfOf(list.body);
    assert.doesNotMatch(list.body, /href="\/console\/staff"/);
    assert.equal((await browser.get('/console/staff')).statusCode, 403);
    assert.equal(
      (await browser.post('/console/staff', { csrf, email: 'x@example.com', role: 'admin' })).statusCode,
      403,
    );
    assert.equal((await browser.get('/console/invite-customer')).statusCode, 403);
    const inv = await browser.post('/console/invite-customer', { csrf, reference: 'r1', email: 'c@example.com' });
    assert.equal(inv.statusCode, 403);
  });

  test('invite a customer › an admin creates a customer invitation; the customer is in the list; the audit log says who', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'admin');
    const reference = `console-invited-${process.pid}`;
    const res = await browser.submit('/console/invite-customer', '/console/invite-customer', {
      reference,
      email: 'customer@example.com',
      first_name: 'Jane',
      send_email: 'no',
    });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /http:\/\/127\.0\.0\.1:8080\/connect\/invitations\//);
    const bad = await browser.submit('/console/invite-customer', '/console/invite-customer', {
      reference,
      email: 'nope',
    });
    assert.equal(bad.statusCode, 400);
    const list = await browser.get(`/console/customers?q=${encodeURIComponent(reference)}`);
    assert.match(list.body, new RegExp(`>${reference}</a>`));
    assert.match(list.body, /No bank connection/);
    const audit = await svc.deps.db.query<{ details: { user_id?: string } }>(
      `SELECT details FROM client_audit_log WHERE client_id = $1 AND action = 'console_customer_invited'`,
      [client.clientId],
    );
    assert.equal(audit.rows.length, 1);
    assert.ok(audit.rows[0]?.details.user_id);
  });

  test('audit › sign-in, invitations and joins are in the client audit log, with no secret', async () => {
    const r = await svc.deps.db.query<{ action: string; actor: string; details: unknown }>(
      'SELECT action, actor, details FROM client_audit_log WHERE client_id = $1',
      [client.clientId],
    );
    const actions = new Set(r.rows.map((x) => x.action));
    for (const a of ['console_user_invited', 'console_user_joined', 'console_signed_in', 'console_signed_out'])
      assert.ok(actions.has(a), a);
    assert.doesNotMatch(JSON.stringify(r.rows), /password|token|csrf/i);
  });

  test('the operator route › is documented and answers 404 on the public listener', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: `/admin/v1/clients/${client.clientId}/console_invitations`,
      headers: { origin: ORIGIN },
      payload: { email: 'first@example.com' },
    });
    assert.equal(res.statusCode, 404);
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(doc.paths['/admin/v1/clients/{client_id}/console_invitations'].post);
  });

  test('the operator route on an admin server › 401 without the operator token, 404 for an unknown client, 400 for a bad e-mail, 201 with a working link', async () => {
    const admin = await createServer(svc.deps);
    registerJsonParser(admin, 64 * 1024, false, svc.deps.workerPool);
    await consoleAdminRoutes(admin, { ...svc.deps, adminToken: 'operator-token-for-tests' });
    await admin.ready();
    const post = (url: string, payload: unknown, token = 'operator-token-for-tests') =>
      admin.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
    const url = `/admin/v1/clients/${client.clientId}/console_invitations`;
    assert.equal((await post(url, { email: 'first@example.com' }, 'wrong')).statusCode, 401);
    assert.equal(
      (await post('/admin/v1/clients/cl_nobody/console_invitations', { email: 'a@example.com' })).statusCode,
      404,
    );
    const bad = await post(url, { email: 'not an e-mail' });
    assert.equal(bad.statusCode, 400);
    assert.match(String(bad.headers['content-type']), /^application\/problem\+json/);
    assert.equal(bad.json().errors[0]?.pointer, '/email');
    const res = await post(url, { email: 'first.admin@example.com' });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.role, 'admin');
    assert.equal(body.emailed, false);
    const path = new URL(body.url).pathname;
    const b = new ConsoleBrowser(svc);
    assert.equal((await b.submit(path, path, { password: PASSWORD, confirm: PASSWORD })).statusCode, 303);
    assert.equal((await b.get('/console/staff')).statusCode, 200, 'an admin');
    await admin.close();
  });
});
