import type { Db } from '../../db/db.ts';
import type { ClientSettingsPatch, ClientSettings, SettingKey } from './clients.settings.ts';

export type ClientRow = ClientSettings & {
  id: string;
  name: string;
  secret_hash: string;
  created_at: Date;
};

export async function insertClient(
  db: Db,
  row: { id: string; name: string; secretHash: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO clients (id, name, secret_hash, company_name, created_at, updated_at) VALUES ($1, $2, $3, $2, $4, $4)`,
    [row.id, row.name, row.secretHash, row.now],
  );
}

/** Create or update the secret of a client with a known id (bootstrap from the environment). */
export async function upsertClientSecret(
  db: Db,
  row: { id: string; name: string; secretHash: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO clients (id, name, secret_hash, company_name, created_at, updated_at) VALUES ($1, $2, $3, $2, $4, $4)
     ON CONFLICT (id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, updated_at = EXCLUDED.updated_at`,
    [row.id, row.name, row.secretHash, row.now],
  );
}

export async function findClient(db: Db, id: string): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>('SELECT * FROM clients WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function listClients(db: Db): Promise<ClientRow[]> {
  return (await db.query<ClientRow>('SELECT * FROM clients ORDER BY created_at, id')).rows;
}

export async function updateClientSecret(db: Db, id: string, secretHash: string, now: Date): Promise<boolean> {
  const r = await db.query('UPDATE clients SET secret_hash = $2, updated_at = $3 WHERE id = $1', [id, secretHash, now]);
  return r.rowCount > 0;
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

export async function revokeAccessTokensOfClient(db: Db, clientId: string): Promise<void> {
  await db.query('DELETE FROM access_tokens WHERE client_id = $1', [clientId]);
}

export async function readInstallationKey(db: Db): Promise<string> {
  const r = await db.query<{ secret_key: string }>('SELECT secret_key FROM installation WHERE id = 1');
  if (!r.rows[0]) throw new Error('installation row missing: run the migrations');
  return r.rows[0].secret_key;
}
