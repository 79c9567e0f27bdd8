/**
 * `obi bank register`: OBIE dynamic client registration of this installation with a bank (src/banks/obie/
 * registration.ts), from the bank's well-known URL (the directory's, or --well-known-url) and the software statement
 * the Open Banking Directory issued. Prints the BANK_CONNECTIONS entry to add (keys and certificates stay in the
 * files named: docs/real-banks.md), and the bank's whole answer, which may hold a registration access token.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { callbackUrl, directoryEntry, registerWithBank } from '../banks/index.ts';
import type { Config } from '../config/config.ts';
import { BANK_USAGE } from './cli-admin.ts';

// The usage text lives with the other commands' (src/cli/cli-admin.ts), so `obi --help` loads nothing of the service.
export { BANK_USAGE };

export class BankUsageError extends Error {}

export async function bankCommand(sub: string | undefined, rest: string[], config: Readonly<Config>): Promise<unknown> {
  if (sub !== 'register') throw new BankUsageError(`unknown command: bank ${[sub, ...rest].join(' ')}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      bank: { type: 'string' },
      'software-statement-file': { type: 'string' },
      'signing-key-file': { type: 'string' },
      'signing-key-id': { type: 'string' },
      'transport-cert-file': { type: 'string' },
      'transport-key-file': { type: 'string' },
      'ca-file': { type: 'string' },
      'well-known-url': { type: 'string' },
      'auth-method': { type: 'string' },
      'redirect-uri': { type: 'string' },
    },
    strict: true,
  });
  const need = (k: keyof typeof values): string => {
    const v = values[k];
    if (typeof v !== 'string' || v === '') throw new BankUsageError(`--${k} is required`);
    return v;
  };
  const slug = need('bank');
  const wellKnownUrl = values['well-known-url'] ?? directoryEntry(slug)?.wellKnownUrl ?? null;
  if (!wellKnownUrl)
    throw new BankUsageError(`no well-known URL for "${slug}" in the bank directory: pass --well-known-url`);
  const authMethod = values['auth-method'] ?? 'private_key_jwt';
  if (authMethod !== 'private_key_jwt' && authMethod !== 'tls_client_auth')
    throw new BankUsageError('--auth-method must be private_key_jwt or tls_client_auth');
  const file = (k: keyof typeof values) => path.resolve(need(k));
  const read = (p: string) => readFileSync(p, 'utf8');
  const files = {
    ssa: file('software-statement-file'),
    signingKey: file('signing-key-file'),
    cert: file('transport-cert-file'),
    key: file('transport-key-file'),
    ca: values['ca-file'] === undefined ? undefined : path.resolve(values['ca-file']),
  };
  const registration = await registerWithBank({
    wellKnownUrl,
    softwareStatement: read(files.ssa).trim(),
    signingKey: { pem: read(files.signingKey), kid: need('signing-key-id') },
    tls: { cert: read(files.cert), key: read(files.key), ca: files.ca === undefined ? undefined : read(files.ca) },
    redirectUris: [values['redirect-uri'] ?? callbackUrl(config.publicBaseUrl)],
    authMethod,
  });
  const entry: Record<string, unknown> = {
    client_id: registration.clientId,
    token_endpoint_auth_method: authMethod,
    signing_key: { file: files.signingKey },
    signing_key_id: values['signing-key-id'],
    transport_certificate: { file: files.cert },
    transport_key: { file: files.key },
  };
  if (files.ca !== undefined) entry.ca = { file: files.ca };
  if (values['well-known-url'] !== undefined) entry.well_known_url = wellKnownUrl;
  return { bank_connections_entry: { [slug]: entry }, registration: registration.client };
}
