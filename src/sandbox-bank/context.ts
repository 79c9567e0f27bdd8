/**
 * What the sandbox bank's parts share: its options, the context each part is registered with, and the OBIE error
 * body. A leaf: the parts (aisp, control, interaction, provider, …) import it, and only index.ts wires them.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { SandboxState } from './state.ts';

export interface SandboxBankOptions {
  clock: { now(): Date };
  /** absolute URL the plugin is reachable at, without a slug: e.g. http://127.0.0.1:8080/sandbox-bank */
  baseUrl: string;
  slugs: string[];
  /** redirect URIs registered for the built-in client (SANDBOX_CLIENT_ID) at every slug */
  redirectUris: string[];
  /** transactions per page (Links.Next beyond); default 500 */
  pageSize?: number;
  /** where the mutual-TLS listener (token, PAR, registration, the AISP API) listens: default 127.0.0.1, port 0 */
  mtls?: { host?: string; port?: number };
}

/** The one password of every sandbox persona (usernames are persona names). */
export const SANDBOX_PASSWORD = 'sandbox-password';

/** The service's own client at every sandbox bank, created at start. */
export const SANDBOX_CLIENT_ID = 'obi-sandbox-client';

/**
 * HTTP Basic credentials of the control API (README, "Making the sandbox bank misbehave"). Not a secret worth
 * keeping: the control API only exists on a sandbox, whose customers are invented.
 */
export const CONTROL_CREDENTIALS = { user: SANDBOX_CLIENT_ID, password: 'obi-sandbox-client-secret' } as const;

export interface SandboxContext {
  opts: SandboxBankOptions;
  state: SandboxState;
  /** Unix seconds now, by the injected clock */
  now(): number;
  /** the issuer of one bank, on the HTTP plugin: `${baseUrl}/${slug}` */
  base(slug: string): string;
  /** the base of one bank on the mutual-TLS listener: `${mtlsBaseUrl}/${slug}` */
  mtlsBase(slug: string): string;
  /** the authorisation server of one bank (throws for an unknown slug: routes check slugs first) */
  provider(slug: string): Provider;
  pageSize: number;
}

/** An OBIE error body (v3.1 OBErrorResponse1). */
export function obieError(reply: FastifyReply, status: number, errorCode: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send({
      Code: String(status),
      Id: globalThis.crypto.randomUUID(),
      Message: message,
      Errors: [{ ErrorCode: errorCode, Message: message }],
    });
}

/** Unknown slugs and unexpected errors, the same way on both listeners: OBIE error bodies. */
export function guardSlugsAndErrors(app: FastifyInstance, slugs: string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    const slug = (request.params as { slug?: string } | undefined)?.slug;
    if (slug !== undefined && !slugs.includes(slug))
      return obieError(reply, 404, 'UK.OBIE.Resource.NotFound', `No sandbox bank "${slug}".`);
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'sandbox bank failed');
    return obieError(
      reply,
      status,
      status === 500 ? 'UK.OBIE.UnexpectedError' : 'UK.OBIE.Field.Invalid',
      status === 500 ? 'Unexpected error.' : err.message,
    );
  });
}
