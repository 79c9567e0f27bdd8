/**
 * The start-up check of autovacuum on a PostgreSQL server (docs/operations.md, "Vacuum and analyze"). The service
 * vacuums and analyzes a partition of transactions after a large write ('transactions.maintain',
 * src/modules/transactions/transactions-maintenance.ts), but everything else (deletions, updates, the other
 * tables, the XID wrap-around guard) is left to autovacuum: when it is off, for the server or for the transactions
 * table, the operator is told at every start. The embedded engine has no autovacuum worker and is not checked.
 */
import type { Db } from './db.ts';

export interface AutovacuumSettings {
  /** SHOW autovacuum: "on" or "off" */
  autovacuum: string;
  /** transactions and its partitions whose reloptions turn autovacuum off (autovacuum_enabled = false) */
  tablesOff: string[];
}

/** The warnings the settings call for (none when autovacuum runs everywhere it should). */
export function autovacuumWarnings(s: AutovacuumSettings): string[] {
  const out: string[] = [];
  if (s.autovacuum.trim().toLowerCase() !== 'on')
    out.push(
      'autovacuum is off on this PostgreSQL server: dead rows and stale statistics build up between the vacuums the service runs after large submissions; turn it on (autovacuum = on)',
    );
  if (s.tablesOff.length > 0)
    out.push(
      `autovacuum is off for ${s.tablesOff.join(', ')} (reloption autovacuum_enabled = false): reset it with ALTER TABLE … RESET (autovacuum_enabled)`,
    );
  return out;
}

/** What autovacuumWarnings judges, read from the server. */
async function readAutovacuumSettings(db: Db): Promise<AutovacuumSettings> {
  const on = await db.query<{ autovacuum: string }>('SHOW autovacuum');
  const off = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_class c
     WHERE (c.oid = to_regclass('transactions')
            OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass('transactions')))
       AND EXISTS (SELECT 1 FROM unnest(coalesce(c.reloptions, '{}')) o
                   WHERE o ~* '^autovacuum_enabled=(f(a(l(se?)?)?)?|no?|off?|0)$')
     ORDER BY 1`,
  );
  return { autovacuum: on.rows[0]?.autovacuum ?? 'on', tablesOff: off.rows.map((r) => r.name) };
}

/** At start-up on a server: each warning autovacuumWarnings gives, logged. */
export async function warnIfAutovacuumOff(db: Db, log: { warn(fields: object, message: string): void }): Promise<void> {
  if (db.kind !== 'postgres') return;
  for (const message of autovacuumWarnings(await readAutovacuumSettings(db)))
    log.warn({ about: 'autovacuum' }, message);
}
