/**
 * The pre-initialised image of the embedded database: a tarball of a PGlite data directory that has been through
 * initdb, every migration and pg-boss's schema, then shut down cleanly, and that holds nothing of any installation
 * (no installation key, no client, no job). A fresh data directory is extracted from it (src/db/pglite-image-load.ts)
 * in a fraction of the seconds initdb takes; migrations newer than the image then run as on any start.
 *
 * Where it comes from: scripts/build-pglite-image.ts, run by npm's `prepare` (so `npm install` / `npm ci` make it)
 * into node_modules/.cache, never into git; the package's build (scripts/build-package.ts) puts one into
 * dist/pglite-image, so an installed package starts without initdb too. It is used only while it matches this code: the same PGlite and
 * pg-boss versions, and migrations that are a prefix of migrations/ with the same contents. Anything else, or a
 * damaged file, and the data directory is made by initdb as before, with a log line saying why
 * (docs/architecture.md, "Embedded cold start").
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { readMigrations, type MigrationFile } from './migrate.ts';

const MANIFEST = 'image.json';

/** The package ships its image beside its build, in dist/pglite-image (scripts/build-package.ts makes it). */
const SHIPPED_IMAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pglite-image');

/**
 * Where the service looks: the package's own image when this code runs from the package, else where `npm install`
 * puts it in the repository (in node_modules, so a clean install never sees a stale one).
 */
export const DEFAULT_IMAGE_DIR = fs.existsSync(path.join(SHIPPED_IMAGE_DIR, MANIFEST))
  ? SHIPPED_IMAGE_DIR
  : path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../node_modules/.cache/open-banking-insights/pglite-image',
    );

/** How to get a usable image, in words that hold where this code runs (the repository, or the installed package). */
export const IMAGE_REMEDY = import.meta.url.endsWith('.ts')
  ? 'npm install (or npm run build:pglite-image) makes one'
  : 'the package ships one made for the PGlite and pg-boss versions it was packed with: reinstall it from its ' +
    'tarball with its own lockfile, or set OBI_PGLITE_IMAGE=off to start without one';
const FORMAT = 1;

/** The packages whose on-disk formats the image depends on: PGlite's data directory, pg-boss's schema. */
const PACKAGES = ['@electric-sql/pglite', 'pg-boss'] as const;

/** What an image was made from; it is used only where this is what the code would make now. */
export interface ImageIdentity {
  packages: Record<string, string>;
  migrations: { version: string; sha256: string }[];
}

export interface ImageManifest extends ImageIdentity {
  format: number;
  /** the tarball's file name, beside the manifest */
  file: string;
  /** sha256 of the tarball */
  sha256: string;
  builtAt: string;
}

/** A usable image: the data directory's tarball (uncompressed) and the migrations it lacks. */
export interface UsableImage {
  tar: Uint8Array;
  manifest: ImageManifest;
  /** migrations newer than the image, which migrate() applies after the load */
  pending: string[];
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the version of ${name}`);
    dir = up;
  }
}

export function imageIdentity(migrations: MigrationFile[] = readMigrations()): ImageIdentity {
  return {
    packages: Object.fromEntries(PACKAGES.map((name) => [name, packageVersion(name)])),
    migrations: migrations.map((m) => ({ version: m.version, sha256: sha256(m.sql) })),
  };
}

/** Why an image made from `made` cannot serve code that would make `now`, or null when it can. */
function mismatch(made: ImageIdentity, now: ImageIdentity): string | null {
  for (const name of PACKAGES) {
    if (made.packages[name] !== now.packages[name])
      return `it was made with ${name} ${made.packages[name] ?? '(none)'}, this is ${now.packages[name]}`;
  }
  for (const [i, m] of made.migrations.entries()) {
    const current = now.migrations[i];
    if (current?.version !== m.version) return `it holds migration ${m.version}, which migrations/ does not have there`;
    if (current.sha256 !== m.sha256) return `migration ${m.version} has changed since it was made`;
  }
  return null;
}

/** The image in `dir` if it serves this code, else why not (for the log line). */
export function findImage(dir: string, now: ImageIdentity = imageIdentity()): UsableImage | { unusable: string } {
  let manifest: ImageManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as ImageManifest;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { unusable: missing ? `there is none in ${dir}` : `its manifest ${path.join(dir, MANIFEST)} is unreadable` };
  }
  if (manifest.format !== FORMAT || typeof manifest.file !== 'string' || !Array.isArray(manifest.migrations))
    return { unusable: `its manifest is of another format` };
  const why = mismatch(manifest, now);
  if (why) return { unusable: why };
  let gz: Buffer;
  try {
    gz = fs.readFileSync(path.join(dir, path.basename(manifest.file)));
  } catch {
    return { unusable: `its tarball ${manifest.file} is missing` };
  }
  if (sha256(gz) !== manifest.sha256) return { unusable: `its tarball ${manifest.file} is damaged (checksum)` };
  const pending = now.migrations.slice(manifest.migrations.length).map((m) => m.version);
  return { tar: gunzipSync(gz), manifest, pending };
}

/**
 * Writes an image: the tarball under a name of its own first, then the manifest by rename, so a process starting
 * meanwhile reads the old image or the new one, never half of either. Older tarballs are removed.
 */
export function writeImage(dir: string, tar: Uint8Array, identity: ImageIdentity, builtAt: Date): ImageManifest {
  fs.mkdirSync(dir, { recursive: true });
  const gz = gzipSync(tar);
  const digest = sha256(gz);
  const file = `pgdata-${digest.slice(0, 16)}.tar.gz`;
  const manifest: ImageManifest = { format: FORMAT, ...identity, file, sha256: digest, builtAt: builtAt.toISOString() };
  const temp = (name: string) => path.join(dir, `.${name}.${process.pid}.tmp`);
  fs.writeFileSync(temp(file), gz);
  fs.renameSync(temp(file), path.join(dir, file));
  fs.writeFileSync(temp(MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(temp(MANIFEST), path.join(dir, MANIFEST));
  for (const old of fs.readdirSync(dir)) {
    if (/^pgdata-[0-9a-f]+\.tar\.gz$/.test(old) && old !== file) fs.rmSync(path.join(dir, old), { force: true });
  }
  return manifest;
}

/**
 * OBI_PGLITE_IMAGE: unset, empty or `auto` = the image `npm install` built (DEFAULT_IMAGE_DIR); `off` = never use
 * one (initdb, as before; the cold-start benchmark's baseline); anything else = the directory of an image.
 * Returns the directory, or null for off.
 */
export function pgliteImageDir(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'auto') return DEFAULT_IMAGE_DIR;
  if (v === 'off') return null;
  return path.resolve(v);
}
