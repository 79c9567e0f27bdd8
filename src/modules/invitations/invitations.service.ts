/**
 * Invitations (endpoints 8 and 9, revoke), docs/decisions/0012-invitations-and-web-component.md: the url opens the hosted connect page for the invitation;
 * expires_in is seconds until expiry (default 7 days); created_at, used_at and revoked_at are timestamps or null.
 * The invited customer is the client's customer whose user_reference is the invitation's reference (created when
 * there is none), so the data a customer shares lands where the client already looks for it.
 */
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { Db } from '../../db/db.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { findOrCreateCustomer } from '../customers/index.ts';
import { invitationUrl } from '../../lib/hosted-links.ts';
import { emailWindowStart, linkLifetimeSeconds, requireEmailAllowance } from '../../lib/customer-links.ts';
import * as repo from './invitations.repo.ts';
import type { InvitationRow } from './invitations.repo.ts';

export type InvitationStatus = 'pending' | 'used' | 'revoked' | 'expired';

export interface CreateInvitationInput {
  customer_type?: 'Individual' | 'Business';
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  email: string;
  phone?: string | null;
  reference: string;
  send_email?: boolean;
  expires_in?: number | string;
}

/** What invitations need: links are signed with the installation key; e-mails are queued. */
export interface InvitationDeps {
  db: Database;
  queue: Queue;
  installationKey: string;
  config: Pick<Config, 'publicBaseUrl' | 'invitationEmailsPerRecipientPerDay'>;
}
type LinkDeps = Pick<InvitationDeps, 'config' | 'installationKey'>;

export function invitationStatus(
  row: Pick<InvitationRow, 'revoked_at' | 'used_at' | 'expires_at'>,
  now: Date,
): InvitationStatus {
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'used';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
}

const ts = (d: Date | null) => (d ? unixSeconds(new Date(d)) : null);

function toInvitationView(deps: LinkDeps, row: InvitationRow, now: Date) {
  const expiresAt = new Date(row.expires_at);
  return {
    id: row.id,
    customer_type: row.customer_type,
    last_name: row.last_name,
    first_name: row.first_name,
    company_name: row.company_name,
    email: row.email,
    phone: row.phone,
    reference: row.reference,
    send_email: row.send_email,
    created_at: unixSeconds(new Date(row.created_at)),
    revoked_at: ts(row.revoked_at),
    used_at: ts(row.used_at),
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
    url: invitationUrl(deps.config.publicBaseUrl, deps.installationKey, row.id),
    customer_id: row.customer_id,
    expires_at: unixSeconds(expiresAt),
    status: invitationStatus(row, now),
    email_sent_at: ts(row.email_sent_at),
  };
}

export type InvitationView = ReturnType<typeof toInvitationView>;

export async function createInvitation(
  deps: InvitationDeps,
  clientId: string,
  input: CreateInvitationInput,
  now: Date,
): Promise<InvitationView> {
  const ttl = linkLifetimeSeconds(input.expires_in);
  // At most INVITATION_EMAILS_PER_RECIPIENT_PER_DAY e-mails from one client to one address (docs/api-notes.md, "Throttling").
  if (input.send_email === true)
    requireEmailAllowance(
      'invitation',
      await repo.emailedInvitationsSince(deps.db, clientId, input.email, emailWindowStart(now)),
      deps.config.invitationEmailsPerRecipientPerDay,
      now,
    );
  const row = await deps.db.transaction(async (tx) => {
    const customer = await findOrCreateCustomer(tx, clientId, input.reference, now);
    const created = await repo.insertInvitation(tx, {
      id: newId(),
      client_id: clientId,
      customer_id: customer.id,
      customer_type: input.customer_type ?? 'Individual',
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      company_name: input.company_name ?? null,
      email: input.email,
      phone: input.phone ?? null,
      reference: input.reference,
      send_email: input.send_email === true,
      created_at: now,
      expires_at: new Date(now.getTime() + ttl * 1000),
    });
    // The e-mail goes out from a job enqueued in this transaction: it is sent (and retried) only if the invitation exists.
    if (created.send_email)
      await deps.queue.enqueue(tx, 'invitation.email', { invitation_id: created.id }, { singletonKey: created.id });
    return created;
  });
  return toInvitationView(deps, row, now);
}

export async function listInvitations(
  deps: InvitationDeps,
  clientId: string,
  opts: { reference?: string; page: number; maxPerPage: number },
  now: Date,
) {
  const { rows, total } = await repo.listInvitations(deps.db, clientId, {
    reference: opts.reference,
    limit: opts.maxPerPage,
    offset: (opts.page - 1) * opts.maxPerPage,
  });
  return { data: rows.map((r) => toInvitationView(deps, r, now)), total };
}

export async function getInvitation(
  deps: InvitationDeps,
  clientId: string,
  id: string,
  now: Date,
): Promise<InvitationView> {
  const row = await repo.findInvitation(deps.db, clientId, id);
  if (!row) throw notFound('invitation');
  return toInvitationView(deps, row, now);
}

/** The link stops working at once; revoking twice is harmless. A used invitation has done its work: 409. */
export async function revokeInvitation(
  deps: InvitationDeps,
  clientId: string,
  id: string,
  now: Date,
): Promise<InvitationView> {
  const existing = await repo.findInvitation(deps.db, clientId, id);
  if (!existing) throw notFound('invitation');
  if (existing.used_at && !existing.revoked_at) {
    throw new AppError(
      'invitation_used',
      'This invitation was already used: the customer has connected a bank. To end that access, revoke the bank consent.',
    );
  }
  const row = await repo.revokeInvitation(deps.db, clientId, id, now);
  if (!row) throw notFound('invitation');
  return toInvitationView(deps, row, now);
}

/** For the hosted pages: the invitation behind a (verified) link. */
export async function findInvitationForLink(db: Db, id: string): Promise<InvitationRow | null> {
  return repo.findInvitationById(db, id);
}

/** The customer completed the flow the invitation opened. */
export async function markInvitationUsed(db: Db, id: string, now: Date): Promise<void> {
  await repo.markInvitationUsed(db, id, now);
}
