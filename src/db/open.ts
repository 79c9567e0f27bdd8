import type { Config } from '../config/config.ts';
import type { Database } from './db.ts';
import { openPglite } from './pglite.ts';
import type { DbStartLog } from './pglite-image-load.ts';
import { openPostgres } from './postgres.ts';

/**
 * DATABASE_URL → PostgreSQL server; otherwise the embedded database in DATA_DIR, a new one made from the
 * pre-initialised image (src/db/pglite-image.ts) unless OBI_PGLITE_IMAGE=off.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteImage'>,
  opts: { log?: DbStartLog } = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir, { image: config.pgliteImage, log: opts.log });
}
