/**
 * Hosted reconfirmation links (docs/decisions/0060-reconfirmation-links.md): like an invitation, one customer's
 * link, expiring, revocable, optionally e-mailed; it opens a page that shows what the customer shares and lets them
 * reconfirm (FCA PS21/19: with us, the provider, not with the bank) or withdraw in one step. Both answers are the
 * consents module's own (src/modules/consents/consent-reconfirm.ts): a reconfirmation emits CONSENT_RECONFIRMED, a
 * withdrawal revokes the consent exactly as DELETE /public/v3/webflow/banks/{bank_slug}/consent does.
 */
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { isReconfirmationSignature, reconfirmationUrl } from '../../lib/reconfirmation-links.ts';
import { emailWindowStart, linkLifetimeSeconds, requireEmailAllowance } from '../../lib/customer-links.ts';
import { requireCustomer } from '../customers/index.ts';
import { answerReconfirmation, findCustomerConsent, type ConsentRow } from '../consents/index.ts';
import * as repo from './reconfirmations.repo.ts';
import type { ReconfirmationRow } from './reconfirmations.repo.ts';

export interface ReconfirmationDeps {
  db: Database;
  queue: Queue;
  clock: Clock;
  installationKey: string;
  config: Pick<Config, 'publicBaseUrl' | 'invitationEmailsPerRecipientPerDay'>;
}
type LinkDeps = Pick<ReconfirmationDeps, 'config' | 'installationKey'>;

export interface CreateReconfirmationInput {
  customer_id: string;
  consent_id: string;
  email?: string | null;
  send_email?: boolean;
  expires_in?: number | string;
}

export type ReconfirmationStatus = 'pending' | 'used' | 'revoked' | 'expired';

function reconfirmationStatus(row: ReconfirmationRow, now: Date): ReconfirmationStatus {
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'used';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
}

const ts = (d: Date | null) => (d ? unixSeconds(new Date(d)) : null);

function toReconfirmationView(deps: LinkDeps, row: ReconfirmationRow, now: Date) {
  const expiresAt = new Date(row.expires_at);
  return {
    id: row.id,
    customer_id: row.customer_id,
    consent_id: row.consent_id,
    email: row.email,
    send_email: row.send_email,
    email_sent_at: ts(row.email_sent_at),
    url: reconfirmationUrl(deps.config.publicBaseUrl, deps.installationKey, row.id),
    created_at: unixSeconds(new Date(row.created_at)),
    expires_at: unixSeconds(expiresAt),
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
    revoked_at: ts(row.revoked_at),
    used_at: ts(row.used_at),
    outcome: row.outcome,
    status: reconfirmationStatus(row, now),
  };
}
export type ReconfirmationView = ReturnType<typeof toReconfirmationView>;

export async function createReconfirmation(
  deps: ReconfirmationDeps,
  clientId: string,
  input: CreateReconfirmationInput,
  now: Date,
): Promise<ReconfirmationView> {
  const ttl = linkLifetimeSeconds(input.expires_in);
  const email = input.email ?? null;
  if (input.send_email === true && email === null)
    throw new AppError('validation_failed', '/email is required when send_email is true.', {
      errors: [{ pointer: '/email', detail: 'required when send_email is true' }],
    });
  await requireCustomer(deps.db, clientId, input.customer_id);
  // The invitations' cap, counted on these links alone.
  if (input.send_email === true && email !== null)
    requireEmailAllowance(
      'reconfirmation',
      await repo.emailedSince(deps.db, clientId, email, emailWindowStart(now)),
      deps.config.invitationEmailsPerRecipientPerDay,
      now,
    );
  const consent = await findCustomerConsent(deps.db, input.customer_id, input.consent_id);
  if (!consent)
    throw new AppError('consent_not_found', 'The customer has no consent with that id.', {
      errors: [{ pointer: '/consent_id', detail: 'not a consent of this customer' }],
    });
  requireAuthorised(consent);
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertReconfirmation(tx, {
      customer_id: input.customer_id,
      id: newId(),
      client_id: clientId,
      consent_id: consent.id,
      email,
      send_email: input.send_email === true,
      created_at: now,
      expires_at: new Date(now.getTime() + ttl * 1000),
    });
    // Sent (and retried) by a job enqueued in this transaction: only if the link exists.
    if (created.send_email)
      await deps.queue.enqueue(
        tx,
        'reconfirmation.email',
        { reconfirmation_id: created.id },
        { singletonKey: created.id },
      );
    return created;
  });
  return toReconfirmationView(deps, row, now);
}

function requireAuthorised(consent: ConsentRow): void {
  if (consent.status !== 'Authorised')
    throw new AppError(
      'consent_not_authorised',
      `The consent is ${consent.status}; only an Authorised consent can be reconfirmed. An ended consent needs a new authorisation at the bank (an invitation).`,
      {
        extra: { consent_status: consent.status },
        errors: [{ pointer: '/consent_id', detail: `the consent is ${consent.status}` }],
      },
    );
}

export async function listReconfirmations(
  deps: ReconfirmationDeps,
  clientId: string,
  opts: { customerId?: string; consentId?: string; page: number; maxPerPage: number },
  now: Date,
) {
  const { rows, total } = await repo.listReconfirmations(deps.db, clientId, {
    customerId: opts.customerId,
    consentId: opts.consentId,
    limit: opts.maxPerPage,
    offset: (opts.page - 1) * opts.maxPerPage,
  });
  return { data: rows.map((r) => toReconfirmationView(deps, r, now)), total };
}

export async function getReconfirmation(deps: ReconfirmationDeps, clientId: string, id: string, now: Date) {
  const row = await repo.findReconfirmation(deps.db, clientId, id);
  if (!row) throw notFound('reconfirmation');
  return toReconfirmationView(deps, row, now);
}

/** The link stops working at once; revoking twice is harmless. An answered link has done its work: 409. */
export async function revokeReconfirmation(deps: ReconfirmationDeps, clientId: string, id: string, now: Date) {
  const existing = await repo.findReconfirmation(deps.db, clientId, id);
  if (!existing) throw notFound('reconfirmation');
  if (existing.used_at && !existing.revoked_at)
    throw new AppError(
      'reconfirmation_used',
      `The customer already answered this link (${existing.outcome}). To end the access, revoke the consent (DELETE /public/v3/customers/{customer_id}/consents/{consent_id}).`,
    );
  const row = await repo.revokeReconfirmation(deps.db, clientId, id, now);
  if (!row) throw notFound('reconfirmation');
  return toReconfirmationView(deps, row, now);
}

/** What the hosted page may show, or why it shows nothing. */
export type OpenedLink =
  | { refused: 'unknown' | 'revoked' | 'expired' | 'ended'; clientId?: string }
  | { refused: 'used'; clientId: string; outcome: 'reconfirmed' | 'withdrawn'; consent: ConsentRow | null }
  | { link: ReconfirmationRow; consent: ConsentRow };

export async function openReconfirmationLink(
  deps: Pick<ReconfirmationDeps, 'db' | 'installationKey'>,
  id: string,
  signature: string,
  now: Date,
): Promise<OpenedLink> {
  if (!isReconfirmationSignature(deps.installationKey, id, signature)) return { refused: 'unknown' };
  const link = await repo.findReconfirmationById(deps.db, id);
  if (!link) return { refused: 'unknown' };
  const consent = await findCustomerConsent(deps.db, link.customer_id, link.consent_id);
  const status = reconfirmationStatus(link, now);
  if (status === 'used' && link.outcome)
    return { refused: 'used', clientId: link.client_id, outcome: link.outcome, consent };
  if (status !== 'pending') return { refused: status === 'used' ? 'unknown' : status, clientId: link.client_id };
  if (!consent || consent.status !== 'Authorised') return { refused: 'ended', clientId: link.client_id };
  return { link, consent };
}

/**
 * The customer's answer through the page: the link is claimed first (a second answer, a revoked or expired link
 * finds nothing), then the consent answers; a consent that ended meanwhile releases the claim and says so.
 */
export async function answerReconfirmationLink(
  deps: ReconfirmationDeps,
  id: string,
  signature: string,
  answer: 'reconfirmed' | 'withdrawn',
): Promise<OpenedLink> {
  const now = deps.clock.now();
  const opened = await openReconfirmationLink(deps, id, signature, now);
  if (!('link' in opened)) return opened;
  const claimed = await repo.claimReconfirmation(deps.db, id, answer, now);
  if (!claimed) return openReconfirmationLink(deps, id, signature, now);
  try {
    const consent = await answerReconfirmation(deps, claimed.customer_id, claimed.consent_id, answer);
    return { refused: 'used', clientId: claimed.client_id, outcome: answer, consent };
  } catch (err) {
    await repo.releaseReconfirmation(deps.db, id);
    if (err instanceof AppError && (err.code === 'consent_not_authorised' || err.code === 'consent_not_found'))
      return { refused: 'ended', clientId: claimed.client_id };
    throw err;
  }
}
