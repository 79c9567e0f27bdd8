/**
 * What the logs must never hold (docs/security.md, "Logs"): credentials, tokens, OAuth codes and states, the
 * secrets in hosted-page and bank-flow addresses, and personal data. One list, used by the logger
 * (src/app/logger.ts) and the hosted pages' request serializer (src/web/security.ts).
 */

/** Query parameters whose values are credentials or flow secrets. */
const SECRET_QUERY_PARAMS = [
  'state',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'code_verifier',
  'signature',
  'response',
  'request',
  'request_uri',
  // Filter values: searches and references name people and hold account numbers (personal data, not secrets,
  // but the logs hold none either).
  'q',
  'reference',
  'user_reference',
  'email',
];

const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

/**
 * Path segments that are credentials: hosted session secrets, component tokens, invitation signatures, starts, the
 * sandbox bank's interaction ids.
 */
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/(\/connect\/(?:s|component)\/)[^/?#]+/, '$1[redacted]'],
  [/(\/connect\/invitations\/[^/?#]+\/)[^/?#]+/, '$1[redacted]'],
  [/(\/connect\/reconfirm\/[^/?#]+\/)[^/?#]+/, '$1[redacted]'],
  [/(\/webflow\/start\/)[^/?#]+/, '$1[redacted]'],
  // The console's staff invitation links (a one-time token that sets a password).
  [/(\/console\/invitations\/)[^/?#]+/, '$1[redacted]'],
  // The sandbox bank's login (oidc-provider's interaction and resume addresses carry the interaction's id).
  [/(\/sandbox-bank\/[^/?#]+\/(?:interaction|authorize)\/)[^/?#]+/, '$1[redacted]'],
];

/** The URL with every secret in its path or query masked. */
export function maskUrl(url: string): string {
  let out = url;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * pino redaction paths: wherever a credential or personal data can sit in a logged object. `err.detail`,
 * `err.parameters` and `*.params` are where database errors carry the values of a statement (a duplicate
 * user_reference, an e-mail address).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.client_secret',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.token',
  '*.secret',
  '*.password',
  '*.code',
  '*.state',
  '*.code_verifier',
  '*.email',
  '*.installationKey',
  '*.adminToken',
  'client_secret',
  'access_token',
  'refresh_token',
  'token',
  'secret',
  'password',
  'email',
  'err.detail',
  'err.parameters',
  'err.params',
  'err.query',
  'err.where',
  '*.params',
  'params',
];
