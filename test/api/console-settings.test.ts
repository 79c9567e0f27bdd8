/**
 * The console's settings page: the client's retention period (docs/decisions/0072-console-retention-setting.md,
 * docs/decisions/0064-data-retention.md). Everyone signed in reads it as the API answers it; only an admin changes
 * it, through the API's own check and store, and a refused value is explained in words with nothing saved.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';
import { consoleUser, csrfOf } from '../helpers/console.ts';

describe('lender console › settings: the retention period', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  const other = await newClient(svc, 'Other Lending');
  const admin = (await consoleUser(svc, client.clientId, 'admin')).browser;
  const viewer = (await consoleUser(svc, client.clientId, 'viewer')).browser;
  const apiRetention = async (c = client) =>
    (await svc.app.inject({ method: 'GET', url: '/public/v3/settings', headers: c.auth })).json()
      .data_retention_days as number | null;
  const save = (typed: string) =>
    admin.submit('/console/settings', '/console/settings/retention', { data_retention_days: typed });

  test('no period yet › the page says data is kept until erased; the nav links to it for every role', async () => {
    const page = await admin.get('/console/settings');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /No retention period: customers’ data is kept until you erase them\./);
    assert.match(page.body, /<a href="\/console\/settings" aria-current="page">Settings<\/a>/);
    assert.match(
      page.body,
      /<input type="text" inputmode="numeric" id="data_retention_days" name="data_retention_days" value=""/,
    );
    assert.match(
      page.body,
      /<label for="data_retention_days">Retention period in days \(1 to 36,500; empty: kept until erased\)/,
    );
    assert.match((await viewer.get('/console/customers')).body, /href="\/console\/settings"/);
  });

  test('an admin saves 365 › stored through the API’s settings, shown as the API answers it, audited with the user', async () => {
    const res = await save('365');
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, '/console/settings?done=retention');
    assert.equal(await apiRetention(), 365);
    const page = await admin.get('/console/settings?done=retention');
    assert.match(page.body, /The retention period was saved\./);
    assert.match(page.body, /Customers’ data is kept for 365 days after their last activity\./);
    assert.match(page.body, /name="data_retention_days" value="365"/);
    const audit = await svc.deps.db.query<{ actor: string; details: { changes: unknown; user_id?: string } }>(
      `SELECT actor, details FROM client_audit_log WHERE client_id = $1 AND action = 'settings_changed'`,
      [client.clientId],
    );
    assert.equal(audit.rows.length, 1);
    assert.equal(audit.rows[0]?.actor, 'console');
    assert.deepEqual(audit.rows[0]?.details.changes, { data_retention_days: 365 });
    assert.ok(audit.rows[0]?.details.user_id, 'who changed it');
    assert.equal(await apiRetention(other), null, 'another client is untouched');
  });

  for (const typed of ['0', '36501', 'a year', '12.5', '-3', '1,000'])
    test(`an admin types "${typed}" › 400, the reason in words beside the field, nothing saved`, async () => {
      const res = await save(typed);
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Nothing was saved\./);
      assert.match(
        res.body,
        /<p class="field-error" id="retention-error">The retention period has the wrong type or format: enter a whole number of days from 1 to 36,500, or leave it empty to keep customers’ data until they are erased\.<\/p>/,
      );
      assert.match(res.body, /aria-describedby="retention-error retention-hint" aria-invalid="true"/);
      assert.ok(res.body.includes(`value="${typed}"`), 'what was typed is shown again');
      assert.equal(await apiRetention(), 365, 'unchanged');
    });

  test('a period set through the API › the console shows it (it formats, never computes)', async () => {
    const patched = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: { data_retention_days: 36500 },
    });
    assert.equal(patched.statusCode, 200);
    const page = await viewer.get('/console/settings');
    assert.match(page.body, /Customers’ data is kept for 36,500 days after their last activity\./);
  });

  test('a viewer › reads the period, gets no form, and a forged post is refused with nothing changed', async () => {
    const page = await viewer.get('/console/settings');
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /name="data_retention_days"/);
    assert.match(page.body, /Only an admin of your organisation can change it\./);
    const res = await viewer.post('/console/settings/retention', { csrf: csrfOf(page.body), data_retention_days: '1' });
    assert.equal(res.statusCode, 403);
    assert.match(res.body, /Only an admin of your organisation can do this\./);
    assert.equal(await apiRetention(), 36500);
  });

  test('an admin empties the field › null: kept until erased', async () => {
    assert.equal((await save('')).statusCode, 303);
    assert.equal(await apiRetention(), null);
    assert.match((await admin.get('/console/settings')).body, /No retention period/);
  });

  test('without the form’s token, or from another site › refused, nothing changed', async () => {
    const res = await admin.post('/console/settings/retention', { csrf: 'forged', data_retention_days: '7' });
    assert.equal(res.statusCode, 403);
    const page = await admin.get('/console/settings');
    const foreign = await admin.post(
      '/console/settings/retention',
      { csrf: csrfOf(page.body), data_retention_days: '7' },
      { origin: 'https://attacker.example' },
    );
    assert.equal(foreign.statusCode, 403);
    assert.equal(await apiRetention(), null);
  });
});
