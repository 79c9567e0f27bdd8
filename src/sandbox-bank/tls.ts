/**
 * The client certificate of a request, read from the TLS socket of the mutual-TLS listener. The listener asks
 * for a certificate but lets the handshake through without one or with an untrusted one (rejectUnauthorized:
 * false), so each endpoint decides and answers in its own protocol's words (OAuth or OBIE errors) instead of a
 * bare TLS failure. `socket.authorized` says whether the certificate chains to the sandbox's test CA.
 */
import type { IncomingMessage } from 'node:http';
import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { subjectDnOf } from './pki.ts';

export interface PeerCertificate {
  cert: X509Certificate;
  /** issued by the sandbox's test CA (and valid now) */
  authorized: boolean;
  /** RFC 4514 subject */
  subjectDn: string;
}

function tlsSocket(req: IncomingMessage): TLSSocket | null {
  const socket = req.socket as Partial<TLSSocket>;
  return typeof socket.getPeerCertificate === 'function' ? (socket as TLSSocket) : null;
}

export function peerCertificate(req: IncomingMessage): PeerCertificate | null {
  const socket = tlsSocket(req);
  const raw = socket?.getPeerCertificate()?.raw;
  if (!socket || !raw || raw.length === 0) return null;
  return { cert: new X509Certificate(raw), authorized: socket.authorized, subjectDn: subjectDnOf(new Uint8Array(raw)) };
}

/** RFC 4514 strings compared as the sandbox writes them; spaces after separators are not significant. */
export function sameDn(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s*([,+])\s*/g, '$1');
  return norm(a) === norm(b);
}
