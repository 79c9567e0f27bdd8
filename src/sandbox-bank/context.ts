/**
 * What the sandbox bank's parts share: its options, the context each part is registered with, and the OBIE error
 * body. A leaf: the parts (aisp, control, oauth) import it, and only plugin.ts imports the parts.
 */
import type { FastifyReply } from 'fastify';
import type { SandboxState } from './state.ts';

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  /** exact redirect URIs the client registered */
  redirectUris: string[];
}

export interface SandboxBankOptions {
  clock: { now(): Date };
  /** absolute URL the plugin is reachable at, without a slug: e.g. http://127.0.0.1:8080/sandbox-bank */
  baseUrl: string;
  slugs: string[];
  clients: SandboxClient[];
  /** transactions per page (Links.Next beyond); default 500 */
  pageSize?: number;
}

/** The one password of every sandbox persona (usernames are persona names). */
export const SANDBOX_PASSWORD = 'sandbox-password';

export interface SandboxContext {
  opts: SandboxBankOptions;
  state: SandboxState;
  /** Unix seconds now, by the injected clock */
  now(): number;
  /** absolute base of one bank */
  base(slug: string): string;
  pageSize: number;
}

/** An OBIE error body (v3.1 OBErrorResponse1). */
export function obieError(reply: FastifyReply, status: number, errorCode: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send({
      Code: String(status),
      Id: cryptoRandomId(),
      Message: message,
      Errors: [{ ErrorCode: errorCode, Message: message }],
    });
}

function cryptoRandomId(): string {
  return globalThis.crypto.randomUUID();
}
