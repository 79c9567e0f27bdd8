/**
 * The way in to banks for the modules: the connector of a bank slug, built from its connection settings
 * (connections.ts). Every bank in the registry speaks UK Open Banking v3.1 today, so every connector is the OBIE
 * one; a bank with another standard would get its own connector behind the same interface.
 */
import type { BankConnector } from './connector.ts';
import { bankConnection, type ConnectionConfig } from './connections.ts';
import { createObieConnector } from './obie/client.ts';
import type { TransportDeps } from './obie/transport.ts';

export type ConnectorDeps = TransportDeps;

/** The connector for `slug`, or null when this installation has no connection to that bank. */
export function connectorFor(config: ConnectionConfig, slug: string, deps: ConnectorDeps): BankConnector | null {
  const settings = bankConnection(config, slug);
  return settings ? createObieConnector(slug, settings, deps) : null;
}

export { bankConnection, callbackUrl, isSandboxSlug } from './connections.ts';
export { createPkce, randomValue } from './pkce.ts';
export * from './errors.ts';
export type * from './connector.ts';
