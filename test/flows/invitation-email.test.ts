/**
 * The invitation e-mail through a real SMTP server on loopback (the smtp-server package): sent when the job runs,
 * with a plain-text and an HTML part that both carry the invitation's link; a refusal by the server is recorded
 * and retried, never marked sent.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { newClient, startService, uniqueRef } from '../helpers/app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example')) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The parts of a multipart/alternative message, decoded (quoted-printable or base64). */
function parts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  assert.ok(boundary, 'a multipart message');
  const out: Record<string, string> = {};
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = chunk.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const type = /Content-Type:\s*([^;\r\n]+)/i.exec(head!)?.[1]?.trim() ?? '';
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head!)?.[1]?.toLowerCase();
    out[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8')
          : body;
  }
  return out;
}

describe('invitation e-mail over SMTP', async () => {
  const smtp = await startSmtp();
  after(() => smtp.close());
  const svc = await startService(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Acme Lending <invitations@lender.example>' },
    // On a shared PostgreSQL server, a queue of this file's own: another file's service must not send these e-mails.
    { queueSchema: process.env.DATABASE_URL ? `pgboss_mail_${process.pid}` : undefined },
  );
  const client = await newClient(svc, 'Acme Lending');

  test('send_email: true › the SMTP server receives one message with a plain-text and an HTML part, both with the link', async () => {
    const inv = (
      await svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: {
          email: 'jane.smith@example.com',
          reference: uniqueRef('smtp'),
          first_name: 'Jane',
          last_name: 'Smith',
          send_email: true,
        },
      })
    ).json();
    assert.equal(smtp.received.length, 0, 'sent by the job, after the invitation is stored');
    await svc.deps.queue.drain(['invitation.email']);
    assert.equal(smtp.received.length, 1);
    const mail = smtp.received[0]!;
    assert.equal(mail.from, 'invitations@lender.example');
    assert.deepEqual(mail.to, ['jane.smith@example.com']);
    assert.match(mail.raw, /^Subject: Acme Lending asks you to connect your bank account\r?$/m);
    assert.match(mail.raw, /^From: Acme Lending <invitations@lender\.example>\r?$/m);
    assert.match(mail.raw, /Content-Type: multipart\/alternative/);
    const p = parts(mail.raw);
    assert.deepEqual(Object.keys(p).sort(), ['text/html', 'text/plain']);
    assert.ok(p['text/plain']!.includes(inv.url), 'the plain-text part carries the link');
    assert.match(p['text/plain']!, /Hello Jane Smith,/);
    assert.match(p['text/plain']!, /The link works until 8 June 2026\./);
    assert.ok(p['text/html']!.includes(`href="${inv.url}"`), 'the HTML part links to it');
    assert.match(p['text/html']!, />Connect your bank<\/a>/);
    assert.doesNotMatch(p['text/html']!, /<img|<link|src=/, 'the HTML part fetches nothing');
    const got = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/invitations/${inv.id}`, headers: client.auth })
    ).json();
    assert.equal(got.email_sent_at, Math.floor(svc.clock.now().getTime() / 1000));
  });

  test('send_email: false › nothing is sent', async () => {
    const before = smtp.received.length;
    await svc.app.inject({
      method: 'POST',
      url: '/public/v3/invitations',
      headers: client.auth,
      payload: { email: 'quiet@example.com', reference: uniqueRef('quiet') },
    });
    await svc.deps.queue.drain(['invitation.email']);
    assert.equal(smtp.received.length, before);
  });

  test('the server refuses the recipient › the failure is recorded, the e-mail is not marked sent', async () => {
    const inv = (
      await svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: { email: 'nobody@refused.example', reference: uniqueRef('refused'), send_email: true },
      })
    ).json();
    await svc.deps.queue.drain(['invitation.email']);
    const row = (
      await svc.deps.db.query<{ email_sent_at: Date | null; email_error: string | null }>(
        'SELECT email_sent_at, email_error FROM invitations WHERE id = $1',
        [inv.id],
      )
    ).rows[0]!;
    assert.equal(row.email_sent_at, null);
    assert.match(row.email_error ?? '', /550|rejected/i);
  });
});
