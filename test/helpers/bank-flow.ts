/**
 * The consent flow over real HTTP on loopback: a service listening on 127.0.0.1 (PUBLIC_BASE_URL pointing at it:
 * the sandbox bank's browser side is mounted there, its token, PAR and data endpoints listen on their own port with
 * mutual TLS), and the steps a customer's browser and a client's server take, each with fetch.
 */
import type { DestinationStream } from 'pino';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startService, type TestClient, type TestService } from './app.ts';
import { CONTROL_CREDENTIALS, SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';
import { createClient } from '../../src/modules/clients/clients.service.ts';

export interface LiveService extends TestService {
  baseUrl: string;
  /** pg-boss's schema for this service's jobs */
  queueSchema: string;
}

/**
 * Holds a port the OS picked (port 0, read back) with SO_REUSEPORT, so the service can bind the same port (also
 * with SO_REUSEPORT) once it is built, while no other process can take it in between: the service's
 * PUBLIC_BASE_URL must name its port before it exists. Node's `reusePort` listen option, Linux 3.9+.
 */
export async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen({ port: 0, host: '127.0.0.1', reusePort: true }, () => resolve());
  });
  return {
    port: (holder.address() as AddressInfo).port,
    release: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}

let schemaSeq = 0;

/** A service listening on a loopback port the OS picked, its PUBLIC_BASE_URL that address. */
export async function startLiveService(
  env: Record<string, string> = {},
  opts: { logTo?: DestinationStream } = {},
): Promise<LiveService> {
  const held = await holdPort();
  try {
    const baseUrl = `http://127.0.0.1:${held.port}`;
    // On a shared PostgreSQL server other test files drain the shared queue: this service gets a queue of its own.
    const queueSchema = process.env.DATABASE_URL ? `pgboss_t${process.pid}_${++schemaSeq}` : undefined;
    const svc = await startService(
      { PUBLIC_BASE_URL: baseUrl, WEBHOOK_ALLOW_LOOPBACK: 'true', ...env },
      { queueSchema, logTo: opts.logTo },
    );
    // Not a literal: Fastify's listen options type does not list reusePort, but it hands them to net's listen.
    const listenOptions = { port: held.port, host: '127.0.0.1', reusePort: true };
    await svc.app.listen(listenOptions);
    return Object.assign(svc, { baseUrl, queueSchema: queueSchema ?? 'pgboss' });
  } finally {
    await held.release();
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The cookies one browser holds (all on the loopback service, so no domain or path matching): flows are bound
 * to the browser that starts them, so a script standing in for a browser must carry its cookies.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

export async function call(
  svc: LiveService,
  method: string,
  path: string,
  opts: { auth?: string; body?: unknown; form?: Record<string, string>; jar?: CookieJar } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.auth) headers.authorization = opts.auth;
  const cookie = opts.jar?.header();
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const url = path.startsWith('http') ? path : `${svc.baseUrl}${path}`;
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  opts.jar?.take(res.headers);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* HTML or empty */
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface LiveClient extends TestClient {
  returnUrl: string;
}

/** A client (token over HTTP, endpoint 1) whose settings allow one return URL. */
export async function newLiveClient(svc: LiveService, name = 'Flow Lender'): Promise<LiveClient> {
  const { client_id, client_secret } = await createClient(svc.deps.db, svc.deps.installationKey, name, svc.clock.now());
  const token = await call(svc, 'POST', '/oauth/v2/token', {
    body: { client_id, client_secret, grant_type: 'client_credentials' },
  });
  if (token.status !== 200) throw new Error(`token: ${token.text}`);
  const auth = { authorization: `Bearer ${token.json.access_token}` };
  const returnUrl = 'https://lender.example/back?from=bank';
  const settings = await call(svc, 'PATCH', '/public/v3/settings', {
    auth: auth.authorization,
    body: { redirect_urls: [returnUrl], privacy_policy_url: 'https://lender.example/privacy' },
  });
  if (settings.status !== 200) throw new Error(`settings: ${settings.text}`);
  return { clientId: client_id, clientSecret: client_secret, token: token.json.access_token, auth, returnUrl };
}

/** A fresh access token for the client (after the fake clock moved past the old one's hour). */
export async function renewToken(svc: LiveService, client: LiveClient): Promise<void> {
  const token = await call(svc, 'POST', '/oauth/v2/token', {
    body: { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' },
  });
  client.token = token.json.access_token;
  client.auth.authorization = `Bearer ${client.token}`;
}

/** Endpoint 2 then 3: a customer and its AppUserToken header. */
export async function newLiveCustomer(
  svc: LiveService,
  client: LiveClient,
  ref = `cust-${process.pid}-${Date.now()}-${Math.random()}`,
): Promise<{ id: string; appUser: string }> {
  const created = await call(svc, 'POST', '/public/v3/customers', {
    auth: client.auth.authorization,
    body: { user_reference: ref },
  });
  if (created.status !== 201) throw new Error(`customer: ${created.text}`);
  const token = await call(svc, 'POST', `/public/v3/customers/${created.json.id}/token`, {
    auth: client.auth.authorization,
  });
  if (token.status !== 200) throw new Error(`customer token: ${token.text}`);
  return { id: created.json.id, appUser: `AppUserToken ${token.json.token}` };
}

export interface FlowResult {
  flow: { url: string; consent_id: string; state: string };
  /** the customer's browser: it holds the cookies binding the flow to it */
  jar: CookieJar;
  /** the bank's authorisation URL, where the start address sent the browser (FAPI: client_id and request_uri) */
  bankUrl: string;
  /** where the bank sent the browser (our callback) */
  callback: string;
  /** where the callback sent the browser (the client's URL), with its query */
  landing: URL;
}

/**
 * Endpoint 5, the sandbox bank's login form (one POST, as a script drives it), the bank's answer back to our
 * callback (a hybrid answer's fragment posted as the callback's relay page would): the customer's whole trip.
 */
export async function connect(
  svc: LiveService,
  client: LiveClient,
  appUser: string,
  opts: { username: string; decision?: 'approve' | 'decline'; slug?: string; password?: string },
): Promise<FlowResult> {
  const slug = opts.slug ?? 'sandbox';
  const flow = await call(
    svc,
    'POST',
    `/public/v3/webflow/banks/${slug}/redirect?url=${encodeURIComponent(client.returnUrl)}`,
    { auth: appUser, body: {} },
  );
  if (flow.status !== 200) throw new Error(`bank flow url: ${flow.status} ${flow.text}`);
  const jar = new CookieJar();
  const bankUrl = await startBankFlow(svc, flow.json.url, jar);
  const loginUrl = await reachBankLogin(svc, bankUrl, jar);
  const callback = await answerBankLogin(svc, loginUrl, jar, {
    username: opts.username,
    password: opts.password ?? SANDBOX_PASSWORD,
    decision: opts.decision ?? 'approve',
  });
  const back = await returnToCallback(svc, callback, jar);
  const landing = back.headers.get('location');
  if (back.status !== 302 || !landing) throw new Error(`callback: ${back.status} ${back.text}`);
  return { flow: flow.json, jar, bankUrl, callback, landing: new URL(landing) };
}

/**
 * What a browser does with endpoint 5's URL: opens the start address (which binds the flow to this browser and
 * sends it on to the bank), then follows the bank's redirects to its login page. Answers the login page's URL.
 */
export async function openBankFlow(svc: LiveService, startUrl: string, jar: CookieJar): Promise<string> {
  return reachBankLogin(svc, await startBankFlow(svc, startUrl, jar), jar);
}

/** Opens endpoint 5's start address; answers the bank's authorisation URL it sends the browser to. */
export async function startBankFlow(svc: LiveService, startUrl: string, jar: CookieJar): Promise<string> {
  const start = await call(svc, 'GET', startUrl, { jar });
  const bankUrl = start.headers.get('location');
  if (start.status !== 303 || !bankUrl) throw new Error(`start address: ${start.status} ${start.text.slice(0, 300)}`);
  return bankUrl;
}

/** Follows the bank's redirects from its authorisation URL to its login page; answers the page's URL. */
export async function reachBankLogin(svc: LiveService, bankUrl: string, jar: CookieJar): Promise<string> {
  let url = bankUrl;
  for (let hop = 0; hop < 5; hop++) {
    const page = await call(svc, 'GET', url, { jar });
    const next = page.headers.get('location');
    if (page.status === 200) return url;
    if (page.status < 300 || page.status >= 400 || !next)
      throw new Error(`bank page: ${page.status} ${page.text.slice(0, 300)}`);
    url = new URL(next, url).toString();
  }
  throw new Error('the bank redirects without end');
}

/** Posts the sandbox bank's login form; follows the bank's redirects to our callback, whose URL it answers. */
export async function answerBankLogin(
  svc: LiveService,
  loginUrl: string,
  jar: CookieJar,
  form: Record<string, string>,
): Promise<string> {
  let res = await call(svc, 'POST', loginUrl, { jar, form });
  let url = loginUrl;
  for (let hop = 0; hop < 5; hop++) {
    const next = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !next)
      throw new Error(`sandbox form: ${res.status} ${res.text.slice(0, 300)}`);
    url = new URL(next, url).toString();
    if (url.startsWith(`${svc.baseUrl}/webflow/callback`)) return url;
    res = await call(svc, 'GET', url, { jar });
  }
  throw new Error('the bank never sent the browser back');
}

/** The callback as the browser reaches it: a fragment (hybrid answer) is posted by the relay page, as here. */
export async function returnToCallback(svc: LiveService, callback: string, jar: CookieJar): Promise<Answer> {
  const url = new URL(callback);
  if (url.hash === '') return call(svc, 'GET', callback, { jar });
  const relay = await call(svc, 'GET', `${url.origin}${url.pathname}`, { jar });
  if (relay.status !== 200 || !relay.text.includes('location.hash'))
    throw new Error(`relay page: ${relay.status} ${relay.text.slice(0, 200)}`);
  return call(svc, 'POST', `${url.origin}${url.pathname}`, {
    jar,
    form: Object.fromEntries(new URLSearchParams(url.hash.slice(1))),
  });
}

/** Runs the bank jobs that are due (pulls, revocations at the bank). */
export function runBankJobs(svc: TestService): Promise<number> {
  return svc.deps.queue.drain(['bank.pull', 'bank.revoke']);
}

/** The sandbox bank's control endpoints (HTTP Basic with the sandbox client). */
export function sandboxControl(svc: LiveService, method: string, path: string, body?: unknown): Promise<Answer> {
  const basic = `Basic ${Buffer.from(`${CONTROL_CREDENTIALS.user}:${CONTROL_CREDENTIALS.password}`).toString('base64')}`;
  return call(svc, method, `/sandbox-bank/sandbox/control${path}`, { auth: basic, body });
}

/** Every raw transaction of the customer (one page). */
export async function rawTransactions(
  svc: LiveService,
  client: LiveClient,
  customerId: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<Array<Record<string, any>>> {
  const res = await call(svc, 'GET', `/public/v3/customers/${customerId}/raw-transactions?max_per_page=10000`, {
    auth: client.auth.authorization,
  });
  if (res.status !== 200) throw new Error(`raw transactions: ${res.text}`);
  return res.json.data;
}
