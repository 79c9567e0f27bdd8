/**
 * Making a new embedded data directory from the pre-initialised image (src/db/pglite-image.ts), safely: only a
 * DATA_DIR/pg that holds nothing yet is made from it; the image is extracted beside it and renamed into place, so a
 * start cut short leaves either no database or a whole one; and a directory PGlite then fails to open is removed
 * and made by initdb instead. Each way is said in the log.
 */
import fs from 'node:fs';
import { findImage, IMAGE_REMEDY } from './pglite-image.ts';
import { extractTar } from './tar.ts';

/** Where start-up says how the embedded database was made (the runtime's StartupLog fits). */
export interface DbStartLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** A data directory just made from the image; the caller says whether PGlite opened it. */
export interface ImageMade {
  opened(): void;
  /** PGlite could not open it: it is removed, and the caller runs initdb */
  failed(err: unknown): void;
}

const SLOW = 'the database is created by initdb instead, which takes several seconds';

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Makes `pgDir` from the image in `imageDir` when `pgDir` holds nothing yet. Returns null when it did not: `pgDir`
 * holds a database already (nothing to say), the image is off (`imageDir` null), or there is no usable image or it
 * could not be extracted (said in the log). Called with the data directory locked.
 */
export async function makeFromImage(
  pgDir: string,
  imageDir: string | null,
  log: DbStartLog | undefined,
): Promise<ImageMade | null> {
  const staging = `${pgDir}.from-image`;
  fs.rmSync(staging, { recursive: true, force: true }); // a start stopped while extracting
  if (!isEmptyDir(pgDir)) return null;
  if (imageDir === null) {
    log?.info({ pgDir }, `embedded database: the pre-initialised image is off (OBI_PGLITE_IMAGE=off); ${SLOW}`);
    return null;
  }
  const found = findImage(imageDir);
  if ('unusable' in found) {
    log?.warn(
      { pgDir, image: imageDir },
      `embedded database: no usable pre-initialised image (${found.unusable}); ${SLOW}. ${IMAGE_REMEDY}.`,
    );
    return null;
  }
  try {
    await extractTar(found.tar, staging);
    fs.rmSync(pgDir, { recursive: true, force: true }); // empty, as checked above
    fs.renameSync(staging, pgDir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    log?.warn(
      { pgDir, image: found.manifest.file, err: (err as Error).message },
      `embedded database: extracting the pre-initialised image failed; ${SLOW}`,
    );
    return null;
  }
  const image = { image: found.manifest.file, builtAt: found.manifest.builtAt };
  return {
    opened() {
      log?.info(
        { pgDir, ...image, newerMigrations: found.pending },
        'embedded database: created from the pre-initialised image',
      );
    },
    failed(err) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      log?.warn(
        { pgDir, ...image, err: (err as Error).message },
        `embedded database: the database made from the pre-initialised image did not open; ${SLOW}`,
      );
    },
  };
}
