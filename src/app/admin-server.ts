/**
 * The admin listener (docs/decisions/0033-admin-listener.md): /admin/v1 on a listener of its own, loopback
 * (OBI_ADMIN_HOST, default 127.0.0.1) on OBI_ADMIN_PORT (default 0: the system picks), never on the public one. It
 * belongs to the api role (src/main.ts starts it beside the public listener and closes it on shutdown). Without
 * OBI_ADMIN_TOKEN it makes an operator token for this run; either way it writes the discovery file
 * (src/cli/admin-discovery.ts) so that `obi clients …` on this machine finds it (src/cli/cli-admin.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type App } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { isLoopbackHost } from '../config/config.ts';
import { registerJsonParser } from '../http/json-body.ts';
import { adminClientRoutes } from '../modules/clients/clients-admin.routes.ts';
import { beforeClientCustomerErased } from './customer-erasure.ts';
import { consoleAdminRoutes } from '../modules/console/console-admin.routes.ts';
import { removeAdminDiscovery, writeAdminDiscovery } from '../cli/admin-discovery.ts';

/** Admin bodies are a name or an overlap: small. */
const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

/** The admin API's Fastify instance (never listening here: tests inject into it; startAdminListener listens). */
export async function buildAdminApp(deps: AppDeps, adminToken: string): Promise<App> {
  const app = await createServer(deps);
  registerJsonParser(app, ADMIN_BODY_LIMIT_BYTES, false, deps.workerPool);
  await adminClientRoutes(app, {
    ...deps,
    adminToken,
    beforeCustomerErased: beforeClientCustomerErased(deps),
  });
  // A client's first lender-console admin (docs/decisions/0034-console.md): an operator's act like the above.
  await consoleAdminRoutes(app, { ...deps, adminToken });
  return app;
}

export interface AdminListener {
  url: string;
  /** Stops accepting, lets requests in flight finish, removes the discovery file. */
  close(): Promise<void>;
}

/** A per-run operator token: 256 random bits. */
export function newOperatorToken(): string {
  return `obi_adm_${randomBytes(32).toString('base64url')}`;
}

export async function startAdminListener(deps: AppDeps): Promise<AdminListener> {
  const { config, logger } = deps;
  const configured = config.adminToken;
  const token = configured ?? newOperatorToken();
  const app = await buildAdminApp(deps, token);
  await app.listen({ host: config.adminHost, port: config.adminPort });
  const { port } = app.server.address() as AddressInfo;
  const host = config.adminHost.includes(':') ? `[${config.adminHost}]` : config.adminHost;
  const url = `http://${host}:${port}`;
  const file = config.adminDiscoveryFile;
  const remove = () => removeAdminDiscovery(file);
  try {
    writeAdminDiscovery(file, {
      url,
      ...(configured === null ? { token } : {}),
      pid: process.pid,
      started_at: new Date().toISOString(),
    });
  } catch (err) {
    await app.close();
    throw err;
  }
  // process.exit() on any path (a fatal error, the shutdown deadline) still takes the file away.
  process.once('exit', remove);
  const fields = {
    url,
    discoveryFile: file,
    token: configured === null ? 'per-run (in the discovery file)' : 'configured',
  };
  if (isLoopbackHost(config.adminHost)) logger.info(fields, 'admin API is listening');
  else
    logger.warn(
      { ...fields, host: config.adminHost },
      'admin API is listening beyond loopback (OBI_ADMIN_HOST): keep it behind a firewall or TLS-terminating proxy',
    );
  return {
    url,
    async close() {
      try {
        await app.close();
      } finally {
        remove();
        process.removeListener('exit', remove);
      }
    },
  };
}
