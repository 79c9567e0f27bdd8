/**
 * The banks this installation can connect to, at run time: the operator's configured connections (BANK_CONNECTIONS,
 * ./connections.ts) and, when it runs, the sandbox bank's (whose keys and certificates exist only once it has
 * started: src/app/runtime.ts builds this). One connector per bank, made once.
 */
import type { BankConnector } from './connector.ts';
import type { BankConnectionSettings } from './connections.ts';
import { createObieConnector } from './obie/client.ts';
import type { TransportDeps } from './obie/transport.ts';

export interface BankLinks {
  /** the settings to reach `slug`, or null when this installation cannot connect to it */
  connection(slug: string): BankConnectionSettings | null;
  /** the connector of `slug`, or null as above */
  connector(slug: string): BankConnector | null;
}

export function createBankLinks(
  connections: Readonly<Record<string, BankConnectionSettings>>,
  deps: TransportDeps,
): BankLinks {
  const connectors = new Map<string, BankConnector>();
  const connection = (slug: string) => (Object.hasOwn(connections, slug) ? (connections[slug] ?? null) : null);
  return {
    connection,
    connector(slug) {
      const settings = connection(slug);
      if (!settings) return null;
      let c = connectors.get(slug);
      if (!c) {
        c = createObieConnector(slug, settings, deps);
        connectors.set(slug, c);
      }
      return c;
    },
  };
}
