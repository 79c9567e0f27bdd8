/**
 * From the modules' side to the banks: the connector of a slug (configured connection, or the sandbox), and the
 * translation of bank errors into our error codes for the HTTP answers of endpoints 5 and the callback.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { isBankError, type BankConnector, type BankError, type BankLinks } from '../../banks/index.ts';
import { findBank, type Bank } from '../../banks/registry.ts';
import { AppError } from '../../lib/app-error.ts';

/** What the consents module needs: it talks to banks (their links), seals their tokens, queues pulls and logs. */
export interface ConsentDeps {
  db: Database;
  config: Readonly<Config>;
  banks: BankLinks;
  clock: Clock;
  installationKey: string;
  queue: Queue;
  logger: Logger;
}

export function canConnect(deps: Pick<ConsentDeps, 'banks'>, slug: string): boolean {
  const bank = findBank(slug);
  return !!bank && bank.is_active && !bank.is_api_only && deps.banks.connection(slug) !== null;
}

/** The registry entry of a bank the consent flow can reach; bank_not_found / bank_not_connectable otherwise. */
export function requireConnectableBank(deps: Pick<ConsentDeps, 'banks'>, slug: string): Bank {
  const bank = findBank(slug);
  if (!bank) throw new AppError('bank_not_found', `No bank with slug "${slug}" (see GET /public/v3/webflow/banks).`);
  if (!canConnect(deps, slug)) {
    throw new AppError(
      'bank_not_connectable',
      `${bank.name} cannot be connected through Open Banking on this installation.`,
      {
        errors: [{ pointer: '/params/bank_slug', detail: 'no Open Banking connection is configured for this bank' }],
      },
    );
  }
  return bank;
}

export function connectorOf(deps: Pick<ConsentDeps, 'banks'>, slug: string): BankConnector {
  const connector = deps.banks.connector(slug);
  if (!connector) throw new AppError('bank_not_connectable', `No Open Banking connection is configured for "${slug}".`);
  return connector;
}

/** A bank failure during a request, as a problem for our caller (never the bank's text). */
export function bankProblem(err: unknown): unknown {
  if (!isBankError(err)) return err;
  const e = err as BankError;
  if (e.kind === 'rate_limited') {
    const retryAfter = (e as BankError & { retryAfter: number | null }).retryAfter;
    return new AppError('bank_rate_limited', 'The bank is busy; try again shortly.', {
      headers: { 'retry-after': String(Math.max(1, retryAfter ?? 30)) },
    });
  }
  if (e.kind === 'unavailable')
    return new AppError('bank_unavailable', 'The bank is not answering; try again shortly.', {
      headers: { 'retry-after': '30' },
    });
  return new AppError('bank_error', 'The bank answered in a way we could not use; try again later.');
}
