/**
 * A PostgreSQL primary and a streaming replica of it, started by the test itself from the PostgreSQL binaries
 * (initdb, pg_ctl, pg_basebackup): each in a temporary directory of its own, on a port the OS picked, reached over
 * 127.0.0.1 only. Where the binaries are missing, `findPgBin` says so and the test skips with that reason (or fails,
 * with OBI_REQUIRE_PG_BINARIES=1, as CI sets it). PostgreSQL refuses to run as root: as root the commands run as the
 * `postgres` user (runuser), in directories it owns.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { waitFor } from './wait.ts';

const run = promisify(execFile);

/** The directory of initdb, pg_ctl, pg_basebackup and postgres, or why there is none. */
export function findPgBin(): { dir: string } | { missing: string } {
  const tools = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
  const has = (dir: string) => tools.every((t) => fs.existsSync(path.join(dir, t)));
  const candidates = [
    process.env.PG_BIN,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ].filter((d): d is string => Boolean(d));
  const dir = candidates.find(has);
  if (dir) {
    if (process.getuid?.() === 0 && !canRunAsPostgres())
      return { missing: 'running as root, and no `postgres` user to run PostgreSQL as (runuser -u postgres)' };
    return { dir };
  }
  return { missing: `the PostgreSQL server binaries (${tools.join(', ')}): set PG_BIN or install PostgreSQL` };
}

function canRunAsPostgres(): boolean {
  try {
    return fs.existsSync('/usr/sbin/runuser') && fs.readFileSync('/etc/passwd', 'utf8').includes('\npostgres:');
  } catch {
    return false;
  }
}

/** A port the OS says is free now (closed again at once, for the server to take). */
async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PgCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** a query on the primary or the replica, on a connection of its own */
  sql(on: 'primary' | 'replica', text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Stops the replica (fast shutdown). */
  stopReplica(): Promise<void>;
  /** Stops both servers (immediate) and removes their directories; safe to call twice, and after a failed start. */
  destroy(): Promise<void>;
}

export async function startPrimaryAndReplica(binDir: string): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-pg-cluster-'));
  if (asRoot) await run('chown', ['postgres:', base]);
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args], { cwd: base })
      : run(path.join(binDir, name), args, { cwd: base });
  const started: string[] = [];
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    for (const dir of started.reverse())
      await tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    fs.rmSync(base, { recursive: true, force: true });
  };
  const serverOptions = (port: number) =>
    [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${base}'`,
      // A test's servers: nothing to keep after a crash, so no fsync.
      '-c fsync=off',
      '-c wal_level=replica',
      '-c max_wal_senders=4',
      '-c hot_standby=on',
    ].join(' ');
  const start = async (dir: string, port: number) => {
    started.push(dir);
    await tool(
      'pg_ctl',
      ['-D', dir, '-o', serverOptions(port), '-l', path.join(base, `${path.basename(dir)}.log`)].concat([
        '-w',
        '-t',
        '300',
        'start',
      ]),
    ).catch((err: Error) => {
      const log = fs.readFileSync(path.join(base, `${path.basename(dir)}.log`), 'utf8').slice(-4000);
      throw new Error(`${err.message}\n${log}`);
    });
  };
  try {
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const primaryPort = await sparePort();
    await start(primaryDir, primaryPort);
    await tool('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    const replicaPort = await sparePort();
    await start(replicaDir, replicaPort);
    const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
    const urls = { primary: url(primaryPort), replica: url(replicaPort) };
    const sql = async (on: 'primary' | 'replica', text: string, params?: unknown[]) => {
      const client = new pg.Client({ connectionString: urls[on] });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    };
    await waitFor(
      async () => {
        const [row] = await sql(
          'primary',
          "SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'",
        );
        return row?.n === 1;
      },
      { what: 'the replica to stream from the primary' },
    );
    return {
      primaryUrl: urls.primary,
      replicaUrl: urls.replica,
      sql,
      async stopReplica() {
        await tool('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
      },
      destroy,
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}
