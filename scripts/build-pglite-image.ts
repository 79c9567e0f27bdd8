/**
 * Builds the embedded database's pre-initialised image (src/db/pglite-image.ts): initdb, every migration and
 * pg-boss's schema, with nothing of any installation in it. npm's `prepare` runs it after `npm install` / `npm ci`,
 * so a fresh `npm start` makes its data directory from the image in well under a second instead of running initdb.
 *
 *   node scripts/build-pglite-image.ts [--force] [--optional] [DIR]
 *
 * DIR: default node_modules/.cache/open-banking-insights/pglite-image (where the service looks, OBI_PGLITE_IMAGE
 * unset). An image that already matches this code is kept unless --force. --optional (npm's `prepare`): a failure
 * is a warning and exit 0, since the service starts without the image, only more slowly.
 */
import path from 'node:path';
import { buildImage } from '../src/db/pglite-image-build.ts';
import { DEFAULT_IMAGE_DIR, findImage } from '../src/db/pglite-image.ts';
import type { MigrationFile } from '../src/db/migrate.ts';
import type { ImageManifest } from '../src/db/pglite-image.ts';
import { createQueue } from '../src/jobs/queue.ts';

/** pg-boss's bookkeeping: its schema version and one row per queue with the registry's policy. Nothing else. */
const PG_BOSS_TABLES_WITH_ROWS = ['pgboss.version', 'pgboss.queue'];

/** The service's image: migrations, then pg-boss's schema and queues (made as the service's start makes them). */
export function buildServiceImage(dir: string, migrations?: MigrationFile[]): Promise<ImageManifest> {
  return buildImage(dir, {
    migrations,
    tablesWithRows: PG_BOSS_TABLES_WITH_ROWS,
    async prepare(db) {
      const queue = await createQueue(db, { workers: false, databaseUrl: null });
      await queue.stop();
    },
  });
}

async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const optional = args.includes('--optional');
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? DEFAULT_IMAGE_DIR);
  try {
    const existing = findImage(dir);
    if (!force && !('unusable' in existing) && existing.pending.length === 0) {
      console.log(`pglite image: up to date in ${dir} (${existing.manifest.file})`);
      return;
    }
    const started = Date.now();
    const manifest = await buildServiceImage(dir);
    const last = manifest.migrations.at(-1)?.version ?? 'none';
    console.log(
      `pglite image: built ${path.join(dir, manifest.file)} in ${Date.now() - started} ms (migrations to ${last})`,
    );
  } catch (err) {
    const say = `pglite image: not built (${(err as Error).message})`;
    if (!optional) throw err;
    console.warn(`${say}; the service still starts, creating its database by initdb (slower)`);
  }
}

if (import.meta.main) await main(process.argv.slice(2));
