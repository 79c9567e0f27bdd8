/**
 * Sending e-mail (an edge): through the SMTP server of SMTP_URL with nodemailer, or, when none is configured,
 * into a local outbox folder as .eml files (RFC 5322, the exact bytes an SMTP server would have received), with a
 * log line saying where. Development and demos need no mail server, and nothing is silently dropped.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** names the outbox file and goes into the log */
  ref: string;
}

export type SendResult = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

export interface Mailer {
  send(mail: OutgoingEmail): Promise<SendResult>;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>;

export function createMailer(config: MailConfig, logger: Pick<Logger, 'info'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        const info = await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        transport.close();
        return { via: 'smtp', messageId: String(info.messageId) };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(config.mailOutboxDir, { recursive: true });
      const file = path.join(
        config.mailOutboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${outboxName(mail.ref)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { file, ref: mail.ref },
        'no SMTP_URL configured: the e-mail was written to the outbox folder instead of being sent',
      );
      return { via: 'outbox', file };
    },
  };
}

/** The part of an outbox file's name that its ref makes: `<time>-<this>.eml`. */
function outboxName(ref: string): string {
  return ref.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * Deletes the outbox files of these refs (an erased customer's invitation e-mails, docs/decisions/0063-customer-erasure.md);
 * returns how many. Without an outbox folder there is nothing to delete (e-mail went by SMTP, or none was written).
 */
export async function deleteOutboxMail(
  config: Pick<Config, 'mailOutboxDir'>,
  refs: readonly string[],
): Promise<number> {
  if (refs.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(config.mailOutboxDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const endings = refs.map((ref) => `-${outboxName(ref)}.eml`);
  const doomed = names.filter((name) => endings.some((ending) => name.endsWith(ending)));
  for (const name of doomed) await rm(path.join(config.mailOutboxDir, name), { force: true });
  return doomed.length;
}
