/**
 * The admin API, /admin/v1/clients (docs/decisions/0026-client-lifecycle.md): operators create, list, rotate,
 * disable, enable and delete clients and read their audit log. It takes the operator token (OBI_ADMIN_TOKEN),
 * never a client's token (checked on request, before the body is read); without that setting src/routes.ts does
 * not register it at all (every path is 404).
 */
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual } from '../../lib/secrets.ts';
import { problemResponses } from '../../http/wire.ts';
import { withOperationId } from '../../http/openapi.ts';
import * as lifecycle from './clients.lifecycle.ts';
import type { BeforeCustomerErased, Change } from './clients.lifecycle.ts';
import {
  AdminClient,
  AdminClientList,
  AuditList,
  AuditQuery,
  ClientIdParams,
  CreateClientBody,
  CreatedClient,
  DeleteClientQuery,
  DeletedClient,
  NewSecret,
  RotateSecretBody,
} from './clients-admin.wire.ts';

export interface AdminRoutesDeps {
  db: Database;
  clock: Clock;
  installationKey: string;
  /** the operator token; the routes are registered only when there is one */
  adminToken: string;
  /** the consents module's step, wired by the composition root: a deleted client's customers' consents are revoked at their banks */
  beforeCustomerErased?: BeforeCustomerErased;
}

const SCHEME = 'AdminToken';
const ERRORS = [400, 401, 404, 415, 503];

/** Bearer <operator token>, compared in constant time; anything else is 401 with a challenge. */
function requireAdmin(adminToken: string) {
  return async function authenticateAdmin(request: FastifyRequest): Promise<void> {
    const [, token] = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '') ?? [];
    if (token === undefined || !constantTimeEqual(token, adminToken)) {
      throw new AppError(
        'unauthorized',
        'The admin API takes the operator token: "Authorization: Bearer <OBI_ADMIN_TOKEN>".',
        {
          headers: {
            'www-authenticate': `Bearer realm="open-banking-insights-admin"${token ? ', error="invalid_token"' : ''}`,
          },
        },
      );
    }
  };
}

/**
 * Declares the admin token's security scheme in the OpenAPI document (src/app.ts lists the clients' schemes), and
 * names the operation as every other route's is (src/http/openapi.ts).
 */
const swaggerTransform = ({
  schema,
  url,
  route,
  openapiObject,
}: {
  schema: unknown;
  url: string;
  route: RouteOptions;
  openapiObject: { components?: { securitySchemes?: Record<string, unknown> } };
}) => {
  const components = (openapiObject.components ??= {});
  (components.securitySchemes ??= {})[SCHEME] = {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token (OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE); the admin API is off without one',
  };
  return { schema: withOperationId(schema, route), url };
};

export async function adminClientRoutes(app: HttpApp, deps: AdminRoutesDeps): Promise<void> {
  const common = {
    onRequest: requireAdmin(deps.adminToken),
    config: { swaggerTransform } as Record<string, unknown>,
  };
  const tags = ['Admin'];
  const security = [{ [SCHEME]: [] }];
  const change = (): Change => ({ actor: 'admin_api', now: deps.clock.now() });

  app.post(
    '/admin/v1/clients',
    {
      ...common,
      schema: {
        summary: 'Create a client (its secret is in this answer only)',
        tags,
        security,
        body: CreateClientBody,
        response: { 201: CreatedClient, ...problemResponses(...ERRORS) },
      },
    },
    async (request, reply) => {
      const { now, actor } = change();
      const created = await lifecycle.createClient(deps.db, deps.installationKey, request.body.name, now, actor);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/v1/clients',
    {
      ...common,
      schema: {
        summary: 'List clients',
        tags,
        security,
        response: { 200: AdminClientList, ...problemResponses(...ERRORS) },
      },
    },
    async () => ({ data: await lifecycle.listClients(deps.db, deps.clock.now()) }),
  );

  app.get(
    '/admin/v1/clients/:client_id',
    {
      ...common,
      schema: {
        summary: 'Get a client',
        tags,
        security,
        params: ClientIdParams,
        response: { 200: AdminClient, ...problemResponses(...ERRORS) },
      },
    },
    async (request) => lifecycle.getClient(deps.db, request.params.client_id, deps.clock.now()),
  );

  await clientActionRoutes(app, deps, { common, tags, security, change });
}

interface RouteKit {
  common: { onRequest: ReturnType<typeof requireAdmin>; config: Record<string, unknown> };
  tags: string[];
  security: Array<Record<string, never[]>>;
  change: () => Change;
}

async function clientActionRoutes(app: HttpApp, deps: AdminRoutesDeps, kit: RouteKit): Promise<void> {
  const { common, tags, security, change } = kit;
  app.post(
    '/admin/v1/clients/:client_id/rotate-secret',
    {
      ...common,
      // The body is optional: none (or null) counts as {}, the default overlap.
      preValidation: async (request: { body: unknown }) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        summary: 'Rotate the secret; the old one keeps working for overlap_seconds',
        tags,
        security,
        params: ClientIdParams,
        body: RotateSecretBody,
        response: { 200: NewSecret, ...problemResponses(...ERRORS) },
      },
    },
    async (request) =>
      lifecycle.rotateClientSecret(deps.db, deps.installationKey, request.params.client_id, {
        ...change(),
        overlapSeconds: request.body.overlap_seconds ?? lifecycle.DEFAULT_OVERLAP_SECONDS,
      }),
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/admin/v1/clients/:client_id/${action}`,
      {
        ...common,
        schema: {
          summary: enabled
            ? 'Enable a disabled client (its credentials work again; revoked tokens stay revoked)'
            : 'Disable a client: its credentials and every token it holds stop working at once; its data stays',
          tags,
          security,
          params: ClientIdParams,
          response: { 200: AdminClient, ...problemResponses(...ERRORS) },
        },
      },
      async (request) => lifecycle.setClientEnabled(deps.db, request.params.client_id, enabled, change()),
    );
  }

  await clientRemovalRoutes(app, deps, kit);
}

/** Delete, and the audit log (which outlives the client). */
async function clientRemovalRoutes(app: HttpApp, deps: AdminRoutesDeps, kit: RouteKit): Promise<void> {
  const { common, tags, security, change } = kit;
  app.delete(
    '/admin/v1/clients/:client_id',
    {
      ...common,
      schema: {
        summary: 'Delete a client and all its data (confirm must repeat the client id)',
        tags,
        security,
        params: ClientIdParams,
        querystring: DeleteClientQuery,
        response: { 200: DeletedClient, ...problemResponses(...ERRORS) },
      },
    },
    async (request) =>
      lifecycle.deleteClient(deps.db, request.params.client_id, {
        ...change(),
        confirm: request.query.confirm,
        beforeCustomerErased: deps.beforeCustomerErased,
      }),
  );

  app.get(
    '/admin/v1/clients/:client_id/audit',
    {
      ...common,
      schema: {
        summary: "The client's audit log, newest first (kept after the client is deleted)",
        tags,
        security,
        params: ClientIdParams,
        querystring: AuditQuery,
        response: { 200: AuditList, ...problemResponses(...ERRORS) },
      },
    },
    async (request) => ({ data: await lifecycle.clientAudit(deps.db, request.params.client_id, request.query.limit) }),
  );
}
