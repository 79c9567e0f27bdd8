/**
 * npm run openapi [-- <file>] — writes the service's OpenAPI document (what GET /openapi.json serves), with the
 * admin API included, to the file (default: stdout). It builds the whole app on a throw-away in-memory database,
 * so it needs no running service; .ci/run lints what it writes (redocly.yaml).
 */
import fs from 'node:fs';
import { buildApp } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { openPglite } from '../src/db/pglite.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/app/logger.ts';
import { openRuntime } from '../src/app/runtime.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:8080', // the service's default
  WORKERS: 'false',
  // Placeholders so the document shows every operation; nothing is stored, nothing listens.
  OBI_SECRET_KEY: 'openapi-document-only-not-a-real-key',
  OBI_ADMIN_TOKEN: 'openapi-document-only-not-a-real-admin-token',
});
const runtime = await openRuntime(config, systemClock, { db: await openPglite(null) });
// Everything the service's own start hands the app comes from the runtime (src/main.ts builds the same).
const app = await buildApp({ ...runtime, config, clock: systemClock, logger: createLogger(config) });
try {
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  const file = process.argv[2];
  if (file) fs.writeFileSync(file, text);
  else process.stdout.write(text);
} finally {
  await app.close();
  await runtime.close();
}
