import type { Db } from '../../db/db.ts';
import type { ClientSettingsPatch, ClientSettings, SettingKey } from './clients.settings.ts';

export type ClientRow = ClientSettings & {
  id: string;
  name: string;
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** Inserts the client unless one with that id exists; true when it was inserted. An existing client is never touched. */
export async function insertClient(
  db: Db,
  row: { id: string; name: string; secretHash: string; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO clients (id, name, secret_hash, company_name, created_at, updated_at) VALUES ($1, $2, $3, $2, $4, $4)
     ON CONFLICT (id) DO NOTHING`,
    [row.id, row.name, row.secretHash, row.now],
  );
  return r.rowCount > 0;
}

/** The client row, locked until the end of the transaction (changes to one client are serialised). */
export async function lockClient(db: Db, id: string): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>('SELECT * FROM clients WHERE id = $1 FOR UPDATE', [id]);
  return r.rows[0] ?? null;
}

export async function findClient(db: Db, id: string): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>('SELECT * FROM clients WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function listClients(db: Db): Promise<ClientRow[]> {
  return (await db.query<ClientRow>('SELECT * FROM clients ORDER BY created_at, id')).rows;
}

/** A new secret; the one it replaces stays valid until `previousExpiresAt` (null: not at all). */
export async function updateClientSecret(
  db: Db,
  id: string,
  change: { secretHash: string; previousSecretHash: string | null; previousExpiresAt: Date | null; now: Date },
): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>(
    `UPDATE clients SET secret_hash = $2, previous_secret_hash = $3, previous_secret_expires_at = $4, updated_at = $5
     WHERE id = $1 RETURNING *`,
    [id, change.secretHash, change.previousSecretHash, change.previousExpiresAt, change.now],
  );
  return r.rows[0] ?? null;
}

/** `disabledAt` null enables the client. */
export async function setClientDisabled(
  db: Db,
  id: string,
  disabledAt: Date | null,
  now: Date,
): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>(
    'UPDATE clients SET disabled_at = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, disabledAt, now],
  );
  return r.rows[0] ?? null;
}

export async function customerIdsOfClient(db: Db, clientId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>('SELECT id FROM customers WHERE client_id = $1 ORDER BY id', [clientId]);
  return r.rows.map((row) => row.id);
}

/**
 * Erasure of a client: every table that holds its data references clients or customers with ON DELETE CASCADE,
 * except the two bulk-loaded ones without foreign keys (transactions, transaction_categories), emptied first.
 * Returns how many customers went with it.
 */
export async function deleteClientAndData(db: Db, clientId: string): Promise<number> {
  const ofClient = 'customer_id IN (SELECT id FROM customers WHERE client_id = $1)';
  await db.query(`DELETE FROM transactions WHERE ${ofClient}`, [clientId]);
  await db.query(`DELETE FROM transaction_categories WHERE ${ofClient}`, [clientId]);
  const customers = await db.query('DELETE FROM customers WHERE client_id = $1', [clientId]);
  await db.query('DELETE FROM clients WHERE id = $1', [clientId]);
  return customers.rowCount;
}

export async function updateClientSettings(
  db: Db,
  id: string,
  patch: ClientSettingsPatch,
  /** the settings columns (src/modules/clients/clients.settings.ts): only these are ever written */
  columns: readonly SettingKey[],
  now: Date,
): Promise<ClientRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [id, now];
  for (const col of columns) {
    if (patch[col] !== undefined) {
      params.push(patch[col]);
      sets.push(`${col} = $${params.length}`);
    }
  }
  const r = await db.query<ClientRow>(
    `UPDATE clients SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`,
    params,
  );
  return r.rows[0] ?? null;
}

export async function revokeAccessTokensOfClient(db: Db, clientId: string): Promise<number> {
  return (await db.query('DELETE FROM access_tokens WHERE client_id = $1', [clientId])).rowCount;
}

export async function revokeCustomerTokensOfClient(db: Db, clientId: string): Promise<number> {
  return (await db.query('DELETE FROM customer_tokens WHERE client_id = $1', [clientId])).rowCount;
}

export async function readInstallationKey(db: Db): Promise<string> {
  const r = await db.query<{ secret_key: string }>('SELECT secret_key FROM installation WHERE id = 1');
  if (!r.rows[0]) throw new Error('installation row missing: run the migrations');
  return r.rows[0].secret_key;
}

/** The clients with a retention period (the retention job, docs/decisions/0064-data-retention.md), in id order. */
export async function clientsWithRetention(db: Db): Promise<Array<{ id: string; data_retention_days: number }>> {
  const r = await db.query<{ id: string; data_retention_days: number }>(
    'SELECT id, data_retention_days FROM clients WHERE data_retention_days IS NOT NULL ORDER BY id',
  );
  return r.rows;
}
