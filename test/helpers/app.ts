/**
 * A fresh service per test file: in-memory PGlite by default, the PostgreSQL server when DATABASE_URL is
 * set (shared by the run; every test makes its own client, so tests never see each other's data).
 * The clock is fake and the queue runs no workers: tests drain it themselves.
 */
import type { DestinationStream } from 'pino';
import { after } from 'node:test';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { buildApp, type App, type AppDeps } from '../../src/app/app.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openRuntime } from '../../src/app/runtime.ts';
import { fakeClock } from '../../src/lib/clock.ts';
import { createLogger } from '../../src/app/logger.ts';
import { createClient } from '../../src/modules/clients/clients.service.ts';
import { registerJobHandlers } from '../../src/jobs/handlers.ts';

export interface TestService {
  app: App;
  deps: AppDeps;
  clock: ReturnType<typeof fakeClock>;
  close(): Promise<void>;
}

/** `opts.queueSchema`: a pg-boss schema of this service's own (on a shared PostgreSQL, its jobs are then drained by it alone). */
/**
 * Every test file calls from 127.0.0.1, and on PostgreSQL they share one database, hence its throttling counters
 * (an address locked out by one file's failed token requests would be locked for all): in tests the limits are out
 * of reach, and test/api/throttling.test.ts sets its own, on addresses of its own.
 */
export const TEST_LIMITS = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_PAGES_PER_MINUTE: '1000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
  TOKEN_LOCKOUT_AFTER: '1000',
  TOKEN_LOCKOUT_ADDRESS_AFTER: '1000000',
  RATE_LIMIT_CUSTOMER_FLOW_PER_MINUTE: '1000000',
  CONSENTS_PER_CUSTOMER_PER_HOUR: '1000000',
  CONSENTS_PER_CLIENT_PER_HOUR: '1000000',
  INVITATIONS_PER_CLIENT_PER_HOUR: '1000000',
};

export async function startService(
  env: Record<string, string> = {},
  opts: { queueSchema?: string; logTo?: DestinationStream } = {},
): Promise<TestService> {
  const config: Readonly<Config> = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
    WORKERS: 'false',
    // No thread kept ready: a test file starts a service or several, most never submit a large body.
    WORKER_WARM: 'false',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    // A key of the test's own, so nothing is generated into ./data (src/app/installation-key.ts).
    OBI_SECRET_KEY: 'test-installation-key-not-for-production-use',
    ...TEST_LIMITS,
    ...env,
  });
  const clock = fakeClock();
  const runtime = await openRuntime(config, clock, {
    db: config.databaseUrl ? undefined : await openPglite(null),
    queueSchema: opts.queueSchema,
  });
  const deps: AppDeps = {
    config,
    db: runtime.db,
    reads: runtime.reads,
    clock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    workerPool: runtime.workerPool,
    banks: runtime.banks,
    sandboxBank: runtime.sandboxBank,
    metrics: runtime.metrics,
    logger: createLogger(config, opts.logTo),
  };
  let app: App | null = null;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app?.close();
    await runtime.close();
  };
  // Registered before anything can fail, so a failed start still releases the database (or the file hangs).
  after(close);
  try {
    await registerJobHandlers(deps);
    app = await buildApp(deps);
    await app.ready();
  } catch (err) {
    await close();
    throw err;
  }
  return { app, deps, clock, close };
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  token: string;
  auth: { authorization: string };
}

/** A new client with a fresh access token. */
export async function newClient(svc: TestService, name = 'Test Lender'): Promise<TestClient> {
  const { client_id, client_secret } = await createClient(svc.deps.db, svc.deps.installationKey, name, svc.clock.now());
  const res = await svc.app.inject({
    method: 'POST',
    url: '/oauth/v2/token',
    payload: { client_id, client_secret, grant_type: 'client_credentials' },
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.body}`);
  const token = res.json().access_token as string;
  return { clientId: client_id, clientSecret: client_secret, token, auth: { authorization: `Bearer ${token}` } };
}

let seq = 0;
export function uniqueRef(prefix = 'ref'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${seq}`;
}

/** A new customer of `client`; returns its id. */
export async function newCustomer(
  svc: TestService,
  client: TestClient,
  userReference = uniqueRef('cust'),
): Promise<string> {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/public/v3/customers',
    headers: client.auth,
    payload: { user_reference: userReference },
  });
  if (res.statusCode !== 201) throw new Error(`create customer failed: ${res.body}`);
  return res.json().id as string;
}

export async function newCustomerToken(svc: TestService, client: TestClient, customerId: string): Promise<string> {
  const res = await svc.app.inject({
    method: 'POST',
    url: `/public/v3/customers/${customerId}/token`,
    headers: client.auth,
  });
  if (res.statusCode !== 200) throw new Error(`customer token failed: ${res.body}`);
  return res.json().token as string;
}

/** The number a statement answers as its one row's `n` (a count the test checks against what it stored). */
export async function countOf(svc: TestService, sql: string, params: unknown[] = []): Promise<number> {
  const r = await svc.deps.db.query<{ n: number | string }>(sql, params);
  return Number(r.rows[0]?.n);
}
