/** Customers of a client (endpoint 2, list/get/delete) and their customer tokens (endpoint 3). */
import type { Db } from '../../db/db.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { issueCustomerToken } from '../auth/index.ts';
import * as repo from './customers.repo.ts';
import type { CustomerRow } from './customers.repo.ts';

export interface CustomerView {
  id: string;
  user_reference: string;
  created_at: number;
}

function toCustomerView(row: CustomerRow): CustomerView {
  return {
    id: row.id,
    user_reference: row.user_reference,
    created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
  };
}

export async function createCustomer(
  db: Db,
  clientId: string,
  userReference: string,
  now: Date,
): Promise<CustomerView> {
  const row = await repo.insertCustomer(db, { id: newId(), clientId, userReference, now });
  if (row) return toCustomerView(row);
  const existing = await repo.findCustomerByReference(db, clientId, userReference);
  throw new AppError('duplicate_user_reference', 'A customer with this user_reference already exists.', {
    errors: [{ pointer: '/user_reference', detail: 'already used by another customer of this client' }],
    extra: { id: existing?.id ?? null },
  });
}

/** The customer with this user_reference, created when there is none (invitations, the web component). */
export async function findOrCreateCustomer(
  db: Db,
  clientId: string,
  userReference: string,
  now: Date,
): Promise<CustomerRow> {
  return (
    (await repo.insertCustomer(db, { id: newId(), clientId, userReference, now })) ??
    (await repo.findCustomerByReference(db, clientId, userReference)) ??
    (() => {
      throw new Error('customer neither inserted nor found');
    })()
  );
}

/** The customer of this client, or customer_not_found (also for another client's id). */
export async function requireCustomer(db: Db, clientId: string, customerId: string): Promise<CustomerRow> {
  const row = await repo.findCustomer(db, clientId, customerId);
  if (!row) throw notFound('customer');
  return row;
}

export async function getCustomer(db: Db, clientId: string, customerId: string): Promise<CustomerView> {
  return toCustomerView(await requireCustomer(db, clientId, customerId));
}

export async function listCustomers(
  db: Db,
  clientId: string,
  opts: { userReference?: string; page: number; maxPerPage: number },
) {
  const { rows, total } = await repo.listCustomers(db, clientId, {
    userReference: opts.userReference,
    limit: opts.maxPerPage,
    offset: (opts.page - 1) * opts.maxPerPage,
  });
  return { data: rows.map(toCustomerView), total };
}

/** The lender console's list: a part of a user_reference (any case) or an exact id; newest first. */
export async function searchCustomers(
  db: Db,
  clientId: string,
  opts: { query?: string; page: number; maxPerPage: number },
) {
  const { rows, total } = await repo.searchCustomers(db, clientId, {
    query: opts.query,
    limit: opts.maxPerPage,
    offset: (opts.page - 1) * opts.maxPerPage,
  });
  return { data: rows.map(toCustomerView), total };
}

export async function createCustomerToken(
  db: Db,
  clientId: string,
  customerId: string,
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expires_in: number }> {
  await requireCustomer(db, clientId, customerId);
  const issued = await issueCustomerToken(db, clientId, customerId, ttlSeconds, now);
  return { token: issued.token, expires_in: issued.expiresIn };
}
