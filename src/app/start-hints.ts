/**
 * What a first start tells the person who ran it (docs/decisions/0048-first-hour.md): one log line each for where
 * the API reference and the lender console are, and how to make an API client. The commands named are the
 * package's bins (`npx obi …`), which exist in the repository and in an installed package alike.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/db.ts';
import { listClients } from '../modules/clients/index.ts';

export async function logStartHints(
  logger: Pick<Logger, 'info'>,
  opts: { db: Database; publicBaseUrl: string; now: Date },
): Promise<void> {
  // With PORT=0 the address already names the port the system picked (src/app/listen-port.ts).
  const base = opts.publicBaseUrl;
  logger.info({ url: `${base}/docs` }, `API reference: ${base}/docs (OpenAPI document: ${base}/openapi.json)`);
  logger.info(
    { url: `${base}/console` },
    `lender console: ${base}/console (its first admin: npx obi console invite --client <client_id> --email <address>)`,
  );
  const clients = await listClients(opts.db, opts.now);
  if (clients.length === 0)
    logger.info(
      'no API client yet: create one with npx obi clients create --name "Acme Lending" (it prints the secret ' +
        'once), or start with OBI_BOOTSTRAP_CLIENTS=id:secret',
    );
  else
    logger.info(
      { clients: clients.length },
      `${clients.length} API client(s); another: npx obi clients create --name "Acme Lending"`,
    );
}
