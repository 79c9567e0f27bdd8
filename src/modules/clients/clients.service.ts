/**
 * Clients are the tenants (lenders). Operators create and manage them with the CLI, the admin API or
 * OBI_BOOTSTRAP_CLIENTS (clients.lifecycle.ts); a client reads and changes its own settings through the API.
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import { isHttpUrl } from '../../lib/urls.ts';
import * as repo from './clients.repo.ts';
import type { ClientRow } from './clients.repo.ts';
import { recordAudit, type Change } from './clients.lifecycle.ts';
import { SETTING_KEYS, settingsWithCheck, type ClientSettings, type ClientSettingsPatch } from './clients.settings.ts';

export type { ClientSettings } from './clients.settings.ts';
/** Also here for the callers that create clients directly (test helpers, the benchmark). */
export { createClient } from './clients.lifecycle.ts';

export function toSettings(row: ClientRow): ClientSettings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, row[k]])) as ClientSettings;
}

export async function getSettings(db: Db, clientId: string): Promise<ClientSettings> {
  const row = await repo.findClient(db, clientId);
  if (!row) throw new AppError('client_not_found', 'No client with that id.');
  return toSettings(row);
}

/** Changes the members sent; the change (the members and their new values, none secret) goes to the audit log. */
export async function updateSettings(
  db: Db,
  clientId: string,
  patch: ClientSettingsPatch,
  change: Change,
): Promise<ClientSettings> {
  validateSettings(patch);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateClientSettings(tx, clientId, patch, SETTING_KEYS, change.now);
    if (!updated) throw new AppError('client_not_found', 'No client with that id.');
    const changes = Object.fromEntries(SETTING_KEYS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]));
    await recordAudit(tx, clientId, 'settings_changed', change, { changes });
    return updated;
  });
  return toSettings(row);
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
