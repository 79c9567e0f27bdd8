/**
 * A database nobody else uses, for a service started as a child process: its workers must not see other test
 * files' jobs or deliveries. A data directory of its own on the embedded engine; a database of its own on the
 * PostgreSQL server when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Target {
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}

export async function freshTarget(prefix = 'obi-test'): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const server = process.env.DATABASE_URL;
  if (!server)
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  const name = `${prefix.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
