/**
 * The installation key: the secret this installation seals stored secrets with (src/lib/sealed-box.ts), signs
 * invitation links with (src/lib/hosted-links.ts) and peppers client-secret hashes with (src/lib/secrets.ts).
 * It must not live in the database it protects: a copy of the database (a backup, a dump handed to support) would
 * then carry the key to everything sealed in it.
 *
 * Where it comes from, in order:
 * 1. OBI_SECRET_KEY or OBI_SECRET_KEY_FILE (src/config/config.ts): the way for production.
 * 2. The database, for an installation made by an earlier version, which generated its key there: it keeps working,
 *    and the log says how to move the key out. A development install on the embedded engine has it moved for it,
 *    to the key file below; once the operator sets OBI_SECRET_KEY(_FILE) to the same key, the database copy goes.
 * 3. Outside production, a key generated once into DATA_DIR/installation-key, beside the embedded database
 *    (DATA_DIR/pg), so `npm start` needs no configuration. Production refuses to start without a key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { MIN_INSTALLATION_KEY_LENGTH, type Config } from '../config/config.ts';
import type { Database } from '../db/db.ts';
import * as keyStore from '../db/installation-key-store.ts';

/** Where start-up tells the operator about the key (the service's logger; the CLI's stderr). */
export interface KeyLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** No usable key: the service must not start. */
export class InstallationKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallationKeyError';
  }
}

const SET_THE_KEY = 'set OBI_SECRET_KEY, or OBI_SECRET_KEY_FILE to a file holding it (a Docker or Kubernetes secret)';

type KeyConfig = Pick<Config, 'installationKey' | 'installationKeySource' | 'nodeEnv' | 'dataDir'>;

/** A key's fingerprint: an HMAC under it of a fixed label (tells whether two keys are the same, nothing more). */
export function keyFingerprint(key: string): string {
  return createHmac('sha256', key).update('obi installation key fingerprint v1').digest('hex');
}

/**
 * The key this process starts with against the fingerprint the database recorded at its first start with a key
 * (migration 0022). The first start records it. Another key is refused with a clear error (every client would get
 * invalid_client, and sealed secrets could not be opened), except once with OBI_SECRET_KEY_ROTATED=true after a
 * deliberate rotation (README, "Rotating the key"), which records the new one. With NODE_ENV=test a mismatch is
 * only logged: test files share one PostgreSQL database with keys of their own.
 */
export async function checkKeyFingerprint(
  config: Pick<Config, 'nodeEnv' | 'installationKeyRotated'>,
  db: Database,
  key: string,
  log: KeyLog,
): Promise<void> {
  const fingerprint = keyFingerprint(key);
  const row = await keyStore.readKeyFingerprint(db);
  if (!row) {
    await keyStore.recordFirstKeyFingerprint(db, fingerprint);
    return;
  }
  if (row.fingerprint === fingerprint) return;
  if (config.installationKeyRotated) {
    await keyStore.replaceKeyFingerprint(db, fingerprint);
    log.warn('OBI_SECRET_KEY_ROTATED: the new installation key is recorded; unset OBI_SECRET_KEY_ROTATED now.');
    return;
  }
  const message =
    `The installation key is not the one this database was used with (fingerprint ${row.fingerprint.slice(0, 12)}…, ` +
    `recorded ${new Date(row.recorded_at).toISOString()}; this key's is ${fingerprint.slice(0, 12)}…). With it every ` +
    'client would get invalid_client and sealed secrets (webhook secrets, bank tokens) could not be opened. Start ' +
    'with the original key; after a deliberate rotation (README, "Rotating the key") start once with ' +
    'OBI_SECRET_KEY_ROTATED=true to record the new one.';
  if (config.nodeEnv === 'test') {
    log.error(message);
    return;
  }
  throw new InstallationKeyError(message);
}

/** The generated key's file: beside the embedded database (DATA_DIR/pg), in DATA_DIR. */
export function generatedKeyFile(dataDir: string): string {
  return path.join(dataDir, 'installation-key');
}

export async function loadInstallationKey(config: KeyConfig, db: Database, log: KeyLog): Promise<string> {
  const stored = await keyStore.readStoredKey(db);
  if (config.installationKey !== null) return configuredKey(config.installationKey, config, db, stored, log);
  if (stored !== null) return keyFromDatabase(stored, config, db, log);
  const file = generatedKeyFile(config.dataDir);
  if (config.nodeEnv === 'production') {
    const hint = fs.existsSync(file) ? ` (a development install generated one in ${file})` : '';
    throw new InstallationKeyError(`No installation key: production must have one; ${SET_THE_KEY}${hint}.`);
  }
  const { key, created } = readOrCreateKeyFile(file);
  log.warn(
    `${created ? 'Generated an installation key into' : 'Using the generated installation key in'} ${file}, a development convenience; production must ${SET_THE_KEY}.`,
  );
  return key;
}

async function configuredKey(
  key: string,
  config: KeyConfig,
  db: Database,
  stored: string | null,
  log: KeyLog,
): Promise<string> {
  if (stored === null) return key;
  if (stored === key) {
    await keyStore.forgetStoredKey(db);
    log.info(
      `The installation key now comes from ${config.installationKeySource} only: its copy in the database was removed.`,
    );
    return key;
  }
  // Not used, but not ours to throw away: data sealed before the key was configured may need it.
  log.warn(
    `The database still holds an installation key generated by an earlier version (table installation); it is not used while ${config.installationKeySource} is set. If this installation ever ran without ${config.installationKeySource}, what it sealed then needs that key: make ${config.installationKeySource} that key. Otherwise remove it (DELETE FROM installation).`,
  );
  return key;
}

async function keyFromDatabase(stored: string, config: KeyConfig, db: Database, log: KeyLog): Promise<string> {
  const production = config.nodeEnv === 'production';
  if (db.kind !== 'pglite') {
    const say = production ? log.error.bind(log) : log.warn.bind(log);
    say(
      `The installation key is read from the database it protects (table installation, written by an earlier version). Move it out: ${SET_THE_KEY} with the value of SELECT secret_key FROM installation, then restart; the database copy is removed then.`,
    );
    return stored;
  }
  const file = generatedKeyFile(config.dataDir);
  const { key: inFile } = readOrCreateKeyFile(file, stored);
  if (inFile !== stored) {
    log.error(
      `The installation key is read from the database (table installation), and ${file} holds a different key: left both as they are. Work out which one this installation's data needs and ${SET_THE_KEY}.`,
    );
    return stored;
  }
  if (production) {
    log.error(
      `The installation key is read from the database it protects (table installation, written by an earlier version). A copy is in ${file}: move it to a secret, ${SET_THE_KEY}, and restart; the database copy is removed then.`,
    );
    return stored;
  }
  await keyStore.forgetStoredKey(db);
  log.warn(
    `The installation key was moved out of the database into ${file}, a development convenience; production must ${SET_THE_KEY}.`,
  );
  return stored;
}

/**
 * The key in `file`; when there is no such file, `initial` (or a new random key) is written to it first. The file
 * appears whole or not at all (written aside, then linked into place), and never replaces one another process
 * wrote meanwhile: both then use that one.
 */
function readOrCreateKeyFile(file: string, initial?: string): { key: string; created: boolean } {
  const existing = readKeyFile(file);
  if (existing !== null) return { key: existing, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(aside, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${initial ?? randomBytes(32).toString('hex')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  let created = true;
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    created = false;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const key = readKeyFile(file);
  if (key === null) throw new InstallationKeyError(`${file} vanished while it was being written`);
  return { key, created };
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const key = text.trim();
  if (key.length < MIN_INSTALLATION_KEY_LENGTH)
    throw new InstallationKeyError(
      `${file} does not hold an installation key (at least ${MIN_INSTALLATION_KEY_LENGTH} characters)`,
    );
  return key;
}
