/**
 * Clients are the tenants (lenders). Operators create and manage them with the CLI, the admin API or
 * OBI_BOOTSTRAP_CLIENTS (clients.lifecycle.ts); a client reads and changes its own settings through the API.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import { isHttpUrl } from '../../lib/urls.ts';
import { contrastRatio, darkestNeeded, formatRatio, TEXT_CONTRAST } from '../../lib/colour-contrast.ts';
import { isImage, parseImageDataUrl } from '../../lib/image-data-url.ts';
import * as repo from './clients.repo.ts';
import type { ClientRow } from './clients.repo.ts';
import { recordAudit, type Change } from './clients.lifecycle.ts';
import {
  BRAND_COLOUR_AGAINST,
  SETTING_KEYS,
  settingsWithCheck,
  type SettingKey,
  type ClientSettings,
  type ClientSettingsPatch,
} from './clients.settings.ts';

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
  patch = normalised(patch);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateClientSettings(tx, clientId, patch, SETTING_KEYS, change.now);
    if (!updated) throw new AppError('client_not_found', 'No client with that id.');
    const changes = Object.fromEntries(
      SETTING_KEYS.filter((k) => patch[k] !== undefined).map((k) => [k, auditValue(k, patch[k])]),
    );
    await recordAudit(tx, clientId, 'settings_changed', change, {
      changes,
      ...(change.userId ? { user_id: change.userId } : {}),
    });
    return updated;
  });
  return toSettings(row);
}

/** The clients with a retention period, and the period in days (docs/decisions/0064-data-retention.md). */
export async function clientsWithRetention(db: Db): Promise<Array<{ id: string; data_retention_days: number }>> {
  return repo.clientsWithRetention(db);
}

/**
 * The installation key: the secret this installation seals stored secrets with (src/lib), signs invitation links
 * with and peppers client-secret hashes with. OBI_SECRET_KEY when set, else the one generated at first start.
 */
export async function getInstallationKey(db: Db, configured: string | null): Promise<string> {
  return configured ?? (await repo.readInstallationKey(db));
}

/** What the audit log keeps of a value: an image (up to 48 KB) as its type, size and digest, the rest as sent. */
function auditValue(key: SettingKey, value: unknown): unknown {
  if (!settingsWithCheck('image').includes(key) || typeof value !== 'string') return value;
  const image = parseImageDataUrl(value);
  return isImage(image)
    ? `${image.type}, ${image.bytes.length} bytes, sha256 ${createHash('sha256').update(image.bytes).digest('hex')}`
    : value;
}

/** Colours are stored in lower case, so the same colour is always the same text (and the same stylesheet). */
function normalised(patch: ClientSettingsPatch): ClientSettingsPatch {
  const out: Record<string, unknown> = { ...patch };
  for (const key of settingsWithCheck('brand colour')) {
    const v = out[key];
    if (typeof v === 'string') out[key] = v.toLowerCase();
  }
  return out as ClientSettingsPatch;
}

type FieldError = { pointer: string; detail: string };

/**
 * A brand colour is refused, not adjusted (docs/decisions/0032-client-branding.md), unless it reads at 4.5:1 against
 * each of BRAND_COLOUR_AGAINST; the refusal says each ratio and the nearest darker shade that passes.
 */
function brandColourErrors(patch: ClientSettingsPatch): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of settingsWithCheck('brand colour')) {
    const v = patch[key];
    if (typeof v !== 'string') continue;
    const against = Object.entries(BRAND_COLOUR_AGAINST);
    const failing = against.filter(([, bg]) => contrastRatio(v, bg) < TEXT_CONTRAST);
    if (!failing.length) continue;
    const ratios = failing.map(([name, bg]) => `${formatRatio(contrastRatio(v, bg))} against ${name}`).join(' and ');
    const suggestion = darkestNeeded(
      v,
      against.map(([, bg]) => bg),
    );
    errors.push({
      pointer: `/${key}`,
      detail: `contrast too low: ${ratios}; text needs at least ${TEXT_CONTRAST}:1 (WCAG 2.x). A darker shade such as ${suggestion} passes.`,
    });
  }
  return errors;
}

/** URLs must be absolute http(s); origins must be bare origins (scheme://host[:port]) because browsers send exactly that. */
function validateSettings(patch: ClientSettingsPatch): void {
  const errors: FieldError[] = brandColourErrors(patch);
  const value = (key: keyof ClientSettingsPatch): unknown => patch[key];
  for (const key of settingsWithCheck('image')) {
    const v = value(key);
    if (typeof v !== 'string') continue;
    const image = parseImageDataUrl(v);
    if (!isImage(image)) errors.push({ pointer: `/${key}`, detail: image.refused });
  }
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
