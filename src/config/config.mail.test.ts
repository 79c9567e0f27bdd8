/** loadConfig's e-mail settings: SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig › e-mail', () => {
  test('without SMTP_URL, e-mails go to DATA_DIR/mail-outbox', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/obi-data' });
    assert.equal(c.smtpUrl, null);
    assert.equal(c.mailOutboxDir, path.resolve('/tmp/obi-data/mail-outbox'));
    assert.equal(c.mailFrom, 'Open Banking Insights <no-reply@localhost>');
  });

  test('reads SMTP_URL, MAIL_FROM and MAIL_OUTBOX_DIR', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      MAIL_FROM: 'Acme Lending <hello@acme.example>',
      MAIL_OUTBOX_DIR: '/tmp/outbox',
    });
    assert.equal(c.smtpUrl, 'smtps://user:pw@smtp.example.com:465');
    assert.equal(c.mailFrom, 'Acme Lending <hello@acme.example>');
    assert.equal(c.mailOutboxDir, '/tmp/outbox');
  });

  test('a bad SMTP_URL or MAIL_FROM, or SMTP_URL without MAIL_FROM, is listed', () => {
    assert.throws(
      () => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'not an address' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(err.problems.map((p) => p.split(':')[0]).sort(), ['MAIL_FROM', 'SMTP_URL']);
        return true;
      },
    );
    assert.throws(
      () => loadConfig({ SMTP_URL: 'smtp://mail.example.com' }),
      /MAIL_FROM: required when SMTP_URL is set/,
    );
  });
});
