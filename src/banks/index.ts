/**
 * The way in to banks for the modules: the connector of a bank slug, from the run-time links (links.ts: configured
 * connections and the sandbox bank's). Every bank in the registry speaks UK Open Banking v3.1 with the FAPI 1.0
 * Advanced security profile, so every connector is the OBIE one; a bank with another standard would get its own
 * connector behind the same interface.
 */
export { createBankLinks, type BankLinks } from './links.ts';
export { directoryEntry } from './directory.ts';
export {
  callbackUrl,
  parseBankConnections,
  SANDBOX_SLUGS,
  sandboxBankBaseUrl,
  type BankConnectionSettings,
  type ParsedBankConnections,
} from './connections.ts';
export { registerWithBank, type RegistrationInput, type Registration } from './obie/registration.ts';
export { createPkceVerifier, randomValue } from './pkce.ts';
export { responseState } from './obie/fapi.ts';
export * from './errors.ts';
export type * from './connector.ts';
