/**
 * Clients are the tenants (lenders). Operators create them with the CLI or OBI_BOOTSTRAP_CLIENTS;
 * a client reads and changes its own settings through the API.
 */
import type { Db } from '../../db/db.ts';
import type { BootstrapClient } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/ids.ts';
import { hashSecret, secretMatches } from '../../lib/secrets.ts';
import { randomBytes } from 'node:crypto';
import { isHttpUrl } from '../../lib/urls.ts';
import * as repo from './clients.repo.ts';
import type { ClientRow } from './clients.repo.ts';
import { SETTING_KEYS, settingsWithCheck, type ClientSettings, type ClientSettingsPatch } from './clients.settings.ts';

export type { ClientSettings } from './clients.settings.ts';

export function newClientId(): string {
  return `cl_${randomBytes(12).toString('hex')}`;
}

export async function createClient(
  db: Db,
  installationKey: string,
  name: string,
  now: Date,
): Promise<{ client_id: string; client_secret: string }> {
  const clientId = newClientId();
  const clientSecret = randomToken('obi_cs_');
  await repo.insertClient(db, { id: clientId, name, secretHash: hashSecret(installationKey, clientSecret), now });
  return { client_id: clientId, client_secret: clientSecret };
}

export async function rotateClientSecret(
  db: Db,
  installationKey: string,
  clientId: string,
  now: Date,
): Promise<{ client_id: string; client_secret: string }> {
  const clientSecret = randomToken('obi_cs_');
  return db.transaction(async (tx) => {
    const ok = await repo.updateClientSecret(tx, clientId, hashSecret(installationKey, clientSecret), now);
    if (!ok) throw new AppError('client_not_found', `No client with id ${clientId}.`);
    // Tokens issued with the old secret end with it: rotation is how an operator cuts off a leaked credential.
    await repo.revokeAccessTokensOfClient(tx, clientId);
    return { client_id: clientId, client_secret: clientSecret };
  });
}

/** Ensures each configured client exists with that secret (created, or its secret updated). */
export async function ensureBootstrapClients(
  db: Db,
  installationKey: string,
  clients: BootstrapClient[],
  now: Date,
): Promise<void> {
  for (const c of clients) {
    await repo.upsertClientSecret(db, {
      id: c.clientId,
      name: c.clientId,
      secretHash: hashSecret(installationKey, c.clientSecret),
      now,
    });
  }
}

/** The client when id and secret match; null otherwise (the caller must not say which part was wrong). */
export async function verifyClientCredentials(
  db: Db,
  installationKey: string,
  clientId: string,
  secret: string,
): Promise<ClientRow | null> {
  const row = await repo.findClient(db, clientId);
  // Hash even when the client is unknown so both failures take the same time.
  const ok = secretMatches(installationKey, secret, row?.secret_hash ?? '0'.repeat(64));
  return row && ok ? row : null;
}

export function toSettings(row: ClientRow): ClientSettings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, row[k]])) as ClientSettings;
}

export async function getSettings(db: Db, clientId: string): Promise<ClientSettings> {
  const row = await repo.findClient(db, clientId);
  if (!row) throw new AppError('client_not_found', 'No client with that id.');
  return toSettings(row);
}

export async function updateSettings(
  db: Db,
  clientId: string,
  patch: ClientSettingsPatch,
  now: Date,
): Promise<ClientSettings> {
  validateSettings(patch);
  const row = await repo.updateClientSettings(db, clientId, patch, SETTING_KEYS, now);
  if (!row) throw new AppError('client_not_found', 'No client with that id.');
  return toSettings(row);
}

export async function listClients(db: Db): Promise<Array<{ client_id: string; name: string; created_at: string }>> {
  return (await repo.listClients(db)).map((r) => ({
    client_id: r.id,
    name: r.name,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * The installation key: the secret this installation seals stored secrets with (src/lib), signs invitation links
 * with and peppers client-secret hashes with. OBI_SECRET_KEY when set, else the one generated at first start.
 */
export async function getInstallationKey(db: Db, configured: string | null): Promise<string> {
  return configured ?? (await repo.readInstallationKey(db));
}

/** URLs must be absolute http(s); origins must be bare origins (scheme://host[:port]) because browsers send exactly that. */
function validateSettings(patch: ClientSettingsPatch): void {
  const errors: Array<{ pointer: string; detail: string }> = [];
  const value = (key: keyof ClientSettingsPatch): unknown => patch[key];
  for (const key of settingsWithCheck('url')) {
    const v = value(key);
    if (typeof v === 'string' && !isHttpUrl(v))
      errors.push({ pointer: `/${key}`, detail: 'must be an absolute http(s) URL' });
  }
  for (const key of settingsWithCheck('url list')) {
    (value(key) as string[] | undefined)?.forEach((u, i) => {
      if (!isHttpUrl(u)) errors.push({ pointer: `/${key}/${i}`, detail: 'must be an absolute http(s) URL' });
    });
  }
  for (const key of settingsWithCheck('origin list')) {
    (value(key) as string[] | undefined)?.forEach((o, i) => {
      if (!isHttpUrl(o) || new URL(o).origin !== o)
        errors.push({
          pointer: `/${key}/${i}`,
          detail: 'must be an origin such as https://app.example.com (no path or trailing slash)',
        });
    });
  }
  if (errors.length) throw new AppError('validation_failed', 'Some settings are invalid.', { errors });
}
