/**
 * Registering with a bank by OBIE dynamic client registration (src/banks/obie/registration.ts, `obi bank register`),
 * against the sandbox bank over mutual TLS: a software statement from the sandbox's directory, a signing key and a
 * transport certificate of the "operator's", then the client the bank created is used as a configured bank would
 * be: a client-credentials token (private_key_jwt or tls_client_auth), an account-access-consent, and a pushed,
 * signed authorisation request. The command prints the BANK_CONNECTIONS entry to add, naming files, never keys.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK } from 'jose';
import {
  callbackUrl,
  createBankLinks,
  createPkceVerifier,
  randomValue,
  registerWithBank,
  type BankConnectionSettings,
} from '../../src/banks/index.ts';
import { sandboxControl, startLiveService } from '../helpers/bank-flow.ts';

/** The CLI as a child process; its exit code, stdout and stderr whether or not it succeeded. */
async function run(file: string, args: string[], opts: Parameters<typeof execFile>[2] & { encoding: 'utf8' }) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, opts);
    return { code: 0, stdout: String(stdout), stderr: String(stderr) };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: String(e.stdout ?? ''), stderr: String(e.stderr ?? '') };
  }
}

describe('dynamic client registration with a bank (the sandbox bank)', async () => {
  const svc = await startLiveService();
  const sandbox = svc.deps.sandboxBank!;
  const redirect = callbackUrl(svc.baseUrl);

  /** What an operator holds: a signing key in the software's JWKS, a transport certificate, a software statement. */
  async function software(name: string) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = `${name}-signing`;
    const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'PS256' };
    const transport = await sandbox.issueClientCertificate(name);
    const ssa = await sandbox.softwareStatement({
      softwareId: name,
      clientName: `OBI ${name}`,
      redirectUris: [redirect],
      jwks: { keys: [jwk] },
    });
    return { signingPem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })), kid, transport, ssa };
  }

  const wellKnown = (slug: string) => `${svc.baseUrl}/sandbox-bank/${slug}/.well-known/openid-configuration`;

  /** The registered client as a configured connection, used as the connector uses every bank. */
  async function useAsConfigured(
    slug: string,
    sw: Awaited<ReturnType<typeof software>>,
    clientId: string,
    method: BankConnectionSettings['authMethod'],
  ) {
    const base = sandbox.client(slug);
    const links = createBankLinks(
      {
        [slug]: {
          discoveryUrl: wellKnown(slug),
          apiBaseUrl: base.apiBaseUrl,
          clientId,
          authMethod: method,
          signingKey: { pem: sw.signingPem, kid: sw.kid },
          tls: { ca: sandbox.caPem, cert: sw.transport.certPem, key: sw.transport.keyPem },
          authorizationResponse: 'auto',
          clientAssertionAudience: 'issuer',
          apiBaseUrlAliases: [],
          timeoutMs: 60_000,
          financialId: base.financialId,
          maxRetryWaitSeconds: 0,
        },
      },
      { clock: svc.clock },
    );
    const connector = links.connector(slug)!;
    const now = Math.floor(svc.clock.now().getTime() / 1000);
    const consent = await connector.createConsent({
      permissions: ['ReadAccountsDetail', 'ReadTransactionsDetail'],
      transactionFrom: now - 86_400 * 30,
      transactionTo: now,
      expiration: now + 86_400 * 30,
    });
    assert.equal(consent.status, 'AwaitingAuthorisation');
    const url = new URL(
      await connector.authorizationUrl({
        bankConsentId: consent.bankConsentId,
        state: randomValue(),
        nonce: randomValue(16),
        codeVerifier: createPkceVerifier(),
        redirectUri: redirect,
      }),
    );
    assert.equal(url.searchParams.get('client_id'), clientId);
    assert.match(url.searchParams.get('request_uri') ?? '', /^urn:ietf:params:oauth:request_uri:/);
  }

  test('private_key_jwt: the bank creates a client, which gets tokens, creates a consent and pushes its request', async () => {
    const sw = await software('obi-registered-pkj');
    const registration = await registerWithBank({
      wellKnownUrl: wellKnown('sandbox'),
      softwareStatement: sw.ssa,
      signingKey: { pem: sw.signingPem, kid: sw.kid },
      tls: { ca: sandbox.caPem, cert: sw.transport.certPem, key: sw.transport.keyPem },
      redirectUris: [redirect],
      authMethod: 'private_key_jwt',
    });
    assert.notEqual(registration.clientId, sandbox.client('sandbox').clientId);
    assert.equal(registration.client.token_endpoint_auth_method, 'private_key_jwt');
    await useAsConfigured('sandbox', sw, registration.clientId, 'private_key_jwt');
  });

  test('tls_client_auth: the request names the transport certificate’s subject, and the certificate is the credential', async () => {
    const sw = await software('obi-registered-tls');
    const registration = await registerWithBank({
      wellKnownUrl: wellKnown('sandbox-business'),
      softwareStatement: sw.ssa,
      signingKey: { pem: sw.signingPem, kid: sw.kid },
      tls: { ca: sandbox.caPem, cert: sw.transport.certPem, key: sw.transport.keyPem },
      redirectUris: [redirect],
      authMethod: 'tls_client_auth',
    });
    assert.equal(registration.client.token_endpoint_auth_method, 'tls_client_auth');
    assert.equal(registration.client.tls_client_auth_subject_dn, sw.transport.subjectDn);
    await useAsConfigured('sandbox-business', sw, registration.clientId, 'tls_client_auth');
  });

  test('a software statement the directory did not issue is refused, with the bank’s reason', async () => {
    const sw = await software('obi-forged');
    const other = await software('obi-other');
    await assert.rejects(
      registerWithBank({
        wellKnownUrl: wellKnown('sandbox'),
        softwareStatement: sw.ssa.replace(/\.[^.]+$/, `.${other.ssa.split('.')[2]}`),
        signingKey: { pem: sw.signingPem, kid: sw.kid },
        tls: { ca: sandbox.caPem, cert: sw.transport.certPem, key: sw.transport.keyPem },
        redirectUris: [redirect],
        authMethod: 'private_key_jwt',
      }),
      /refused the registration \(invalid_software_statement/,
    );
  });

  test('obi bank register, as an operator tries it against a running sandbox: prints the BANK_CONNECTIONS entry, naming the files (never their contents)', async () => {
    // What the operator holds, got from the sandbox's control API over HTTP (docs/real-banks.md).
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = 'obi-cli-signing';
    const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'PS256' };
    const cert = await sandboxControl(svc, 'POST', '/transport-certificate', { common_name: 'obi cli' });
    assert.equal(cert.status, 200, cert.text);
    const ssa = await sandboxControl(svc, 'POST', '/software-statement', {
      software_id: 'obi-cli',
      client_name: 'OBI cli',
      redirect_uris: [redirect],
      jwks: { keys: [jwk] },
    });
    assert.equal(ssa.status, 200, ssa.text);
    const dir = mkdtempSync(path.join(tmpdir(), 'obi-register-'));
    const file = (name: string, content: string) => {
      writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const files = {
      ssa: file('ssa.jwt', ssa.json.software_statement),
      signing: file('obseal.key', String(privateKey.export({ type: 'pkcs8', format: 'pem' }))),
      cert: file('obwac.pem', cert.json.certificate),
      key: file('obwac.key', cert.json.private_key),
      ca: file('ca.pem', cert.json.ca),
    };
    // Not spawnSync: the bank it registers with is served by this very process.
    const child = await run(
      process.execPath,
      [
        'src/cli/cli.ts',
        'bank',
        'register',
        '--bank',
        'barclays',
        '--well-known-url',
        wellKnown('sandbox'),
        '--software-statement-file',
        files.ssa,
        '--signing-key-file',
        files.signing,
        '--signing-key-id',
        kid,
        '--transport-cert-file',
        files.cert,
        '--transport-key-file',
        files.key,
        '--ca-file',
        files.ca,
      ],
      {
        encoding: 'utf8',
        timeout: 300_000,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: svc.baseUrl, DATABASE_URL: '' },
      },
    );
    assert.equal(child.code, 0, child.stderr);
    const out = JSON.parse(child.stdout) as { bank_connections_entry: Record<string, Record<string, unknown>> };
    const entry = out.bank_connections_entry.barclays!;
    assert.equal(typeof entry.client_id, 'string');
    assert.deepEqual(
      { ...entry, client_id: 'x' },
      {
        client_id: 'x',
        token_endpoint_auth_method: 'private_key_jwt',
        signing_key: { file: files.signing },
        signing_key_id: kid,
        transport_certificate: { file: files.cert },
        transport_key: { file: files.key },
        ca: { file: files.ca },
        well_known_url: wellKnown('sandbox'),
      },
    );
    assert.ok(!child.stdout.includes('PRIVATE KEY'), 'no key material is printed');
    // The entry works: the client the bank created is used as a configured bank is.
    const operator = {
      signingPem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
      kid,
      transport: { certPem: cert.json.certificate, keyPem: cert.json.private_key, subjectDn: cert.json.subject_dn },
      ssa: ssa.json.software_statement,
    };
    await useAsConfigured('sandbox', operator, String(entry.client_id), 'private_key_jwt');
  });
});
