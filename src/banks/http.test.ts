/**
 * The connector's side of FAPI 1.0 Advanced §8.5: under TLS 1.2 it agrees only to the four permitted suites
 * (src/banks/http.ts). A bank that offers TLS 1.2 with another suite is unreachable (a network failure: the pull
 * waits and tries again), one that offers a permitted suite answers. The bank's side is tested in
 * test/flows/real-bank-variations.test.ts.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { bankRequest } from './http.ts';
import { BankUnavailableError } from './errors.ts';

x509.cryptoProvider.set(globalThis.crypto);

/** A self-signed RSA certificate for 127.0.0.1 (the four suites are all RSA). */
async function rsaCertificate() {
  const alg = {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  };
  const keys = (await globalThis.crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=bank.test',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: alg,
    keys,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
  });
  const der = await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { certPem: cert.toString('pem'), keyPem: x509.PemConverter.encode(der, 'PRIVATE KEY') };
}

describe('bank TLS › the FAPI suites only', async () => {
  const { certPem, keyPem } = await rsaCertificate();
  const servers: https.Server[] = [];
  after(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  /** A bank offering TLS 1.2 only, with one suite. */
  async function bankOffering(ciphers: string): Promise<string> {
    const server = https.createServer({ key: keyPem, cert: certPem, maxVersion: 'TLSv1.2', ciphers }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(server.address() as AddressInfo).port}/open-banking/v3.1/aisp/accounts`;
  }
  const get = (url: string) =>
    bankRequest(
      { slug: 'bank', tls: { ca: certPem, cert: certPem, key: keyPem }, timeoutMs: 10_000 },
      { method: 'GET', url },
    );

  test('a permitted suite (ECDHE-RSA-AES128-GCM-SHA256) is agreed', async () => {
    assert.equal((await get(await bankOffering('ECDHE-RSA-AES128-GCM-SHA256'))).status, 200);
  });

  test('other TLS 1.2 suites are refused: the bank is unreachable', async () => {
    for (const suite of ['ECDHE-RSA-CHACHA20-POLY1305', 'AES128-GCM-SHA256', 'ECDHE-RSA-AES128-SHA256'])
      await assert.rejects(get(await bankOffering(suite)), BankUnavailableError, suite);
  });
});
