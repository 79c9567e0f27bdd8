/**
 * The sandbox bank's test PKI, generated in memory at start (nothing is checked in, nothing outlives the process):
 * a certificate authority standing in for the Open Banking directory's issuing CAs, the bank's server certificate
 * for its mutual-TLS listener (SAN IP 127.0.0.1 and DNS localhost), and client (transport) certificates issued
 * on demand. The CA's and client certificates' keys are EC P-256: small and quick to generate. The server's is
 * RSA: FAPI 1.0 Advanced's TLS 1.2 suites are all *_RSA_* (mtls.ts), so an EC server key would leave TLS 1.2
 * nothing to agree on. The PS256 signing keys live elsewhere (keys.ts).
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { randomBytes } from 'node:crypto';

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

x509.cryptoProvider.set(globalThis.crypto);

export interface IssuedCertificate {
  certPem: string;
  /** PKCS8 PEM */
  keyPem: string;
  /** the subject in RFC 4514 string form, as tls_client_auth_subject_dn is registered and compared */
  subjectDn: string;
}

export interface SandboxPki {
  caPem: string;
  server: { certPem: string; keyPem: string };
  issueClientCertificate(commonName: string): Promise<IssuedCertificate>;
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = await globalThis.crypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

function serial(): string {
  // Positive and unique enough: 16 random bytes with the top bit cleared.
  const b = randomBytes(16);
  b[0] = (b[0] ?? 0) & 0x7f;
  return b.toString('hex');
}

function validity(): { notBefore: Date; notAfter: Date } {
  // The TLS layer checks validity against the system clock, not the bank's injected one.
  const now = Date.now();
  return { notBefore: new Date(now - DAY_MS), notAfter: new Date(now + 365 * DAY_MS) };
}

/** RFC 4514 escaping of an attribute value (the characters it names, plus leading/trailing spaces and '#'). */
function escapeDnValue(v: string): string {
  return v.replace(/[,+"\\<>;=]/g, (c) => `\\${c}`).replace(/^([ #])|( )$/g, (m) => `\\${m}`);
}

/** A distinguished name as RFC 4514 writes it: the RDNs last-first, joined by commas. */
function rfc4514(name: x509.Name): string {
  return name
    .toJSON()
    .map((rdn) =>
      Object.entries(rdn)
        .flatMap(([type, values]) => values.map((v) => `${type}=${escapeDnValue(String(v))}`))
        .join('+'),
    )
    .reverse()
    .join(',');
}

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

async function issueServer(ca: { cert: x509.X509Certificate; keys: CryptoKeyPair }) {
  const keys = (await globalThis.crypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=sandbox-bank.localhost, O=Sandbox Bank',
    issuer: ca.cert.subject,
    ...validity(),
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

export async function createTestPki(): Promise<SandboxPki> {
  const caKeys = await globalThis.crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=Sandbox Open Banking Test CA, O=Sandbox Directory',
    ...validity(),
    signingAlgorithm: SIGNING,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const ca = { cert: caCert, keys: caKeys };
  const server = await issueServer(ca);

  async function issueClientCertificate(commonName: string): Promise<IssuedCertificate> {
    // @peculiar/x509 re-parses names from strings, so characters with a meaning in a DN would change the subject.
    if (!/^[\w .@-]{1,64}$/.test(commonName))
      throw new Error('commonName: letters, digits, space, ".", "@", "-" and "_" only');
    const keys = await globalThis.crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
    const subject = new x509.Name([{ C: ['GB'] }, { O: ['Sandbox TPP'] }, { CN: [commonName] }]);
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject,
      issuer: caCert.subject,
      ...validity(),
      signingAlgorithm: SIGNING,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      ],
    });
    return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey), subjectDn: rfc4514(subject) };
  }

  return {
    caPem: caCert.toString('pem'),
    server,
    issueClientCertificate,
  };
}

/** The subject of a DER or PEM certificate in RFC 4514 form (what certificateSubjectMatches compares). */
export function subjectDnOf(cert: string | ArrayBuffer | Uint8Array<ArrayBuffer>): string {
  return rfc4514(new x509.X509Certificate(cert).subjectName);
}
