/**
 * The admin API, /admin/v1/clients (docs/decisions/0026-client-lifecycle.md): operators create, list, rotate,
 * disable, enable and delete clients and read their audit log. It takes the operator token (OBI_ADMIN_TOKEN, or the
 * per-run one), never a client's token (checked on request, before the body is read). It is served on the admin
 * listener only (src/app/admin-server.ts, docs/decisions/0033-admin-listener.md); the public app registers the same
 * routes for its OpenAPI document alone, every one answering as an unknown path does (404).
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual } from '../../lib/secrets.ts';
import { problemResponses } from '../../http/wire.ts';
import { withOperationId } from '../../http/openapi.ts';
import * as lifecycle from './clients.lifecycle.ts';
import { getSettings, updateSettings } from './clients.service.ts';
import { Settings, SettingsPatch } from './clients.settings.ts';
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
  /** the operator token; null: documented here, served on the admin listener (every request is a 404 here) */
  adminToken: string | null;
  /** the consents module's step, wired by the composition root: a deleted client's customers' consents are revoked at their banks */
  beforeCustomerErased?: BeforeCustomerErased;
}

const SCHEME = 'AdminToken';
const ERRORS = [400, 401, 404, 415, 503];

/** On the public listener: the routes exist for the OpenAPI document only; a request gets the ordinary 404. */
async function notServedHere(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.callNotFound();
  return reply;
}

/** Bearer <operator token>, compared in constant time; anything else is 401 with a challenge. */
function requireAdmin(adminToken: string | null) {
  if (adminToken === null) return notServedHere;
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
 * Declares the admin token's security scheme in the OpenAPI document (src/app/app.ts lists the clients' schemes), and
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
    description:
      'The operator token (OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE, or the per-run one in the discovery file). The admin API is served on the admin listener only (OBI_ADMIN_HOST, OBI_ADMIN_PORT; loopback by default), not on this one',
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
        description:
          'Admin API: creates a client (a lender or an application using the API). Its id and secret are in this answer; the secret is never shown again.',
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
        description:
          'Admin API: lists the clients, with their status (enabled or disabled) and when they were created.',
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
        description: 'Admin API: reads one client (never its secret).',
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
        description:
          'Admin API: issues a new secret for the client. The old one keeps working for `overlap_seconds`, so the client can switch without downtime.',
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
          description: enabled
            ? 'Admin API: enables a disabled client; its secret works again. Tokens revoked when it was disabled stay revoked: it asks for new ones.'
            : 'Admin API: disables a client at once: its secret is refused and every token it holds stops working; its customers and data stay, and enabling it restores access.',
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
        description:
          'Admin API: deletes the client and all its customers and their data. `confirm` must repeat the client id. The audit log is kept.',
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
        description:
          "Admin API: the client's audit log, newest first: who changed what (created, secret rotated, disabled, settings changed, deleted), kept after the client is deleted.",
        tags,
        security,
        params: ClientIdParams,
        querystring: AuditQuery,
        response: { 200: AuditList, ...problemResponses(...ERRORS) },
      },
    },
    async (request) => ({ data: await lifecycle.clientAudit(deps.db, request.params.client_id, request.query.limit) }),
  );

  await clientSettingsRoutes(app, deps, kit);
}

/** A client's settings, as the client itself reads and changes them (GET/PATCH /public/v3/settings). */
async function clientSettingsRoutes(app: HttpApp, deps: AdminRoutesDeps, kit: RouteKit): Promise<void> {
  const { common, tags, security, change } = kit;
  app.get(
    '/admin/v1/clients/:client_id/settings',
    {
      ...common,
      schema: {
        summary: "Read a client's settings",
        description: "Admin API: reads a client's settings, as the client reads its own.",
        tags,
        security,
        params: ClientIdParams,
        response: { 200: Settings, ...problemResponses(...ERRORS) },
      },
    },
    async (request) => getSettings(deps.db, request.params.client_id),
  );

  app.patch(
    '/admin/v1/clients/:client_id/settings',
    {
      ...common,
      schema: {
        summary: "Change a client's settings (members not sent stay as they are)",
        description: "Admin API: changes some of a client's settings; members not sent keep their values.",
        tags,
        security,
        params: ClientIdParams,
        body: SettingsPatch,
        response: { 200: Settings, ...problemResponses(...ERRORS) },
      },
    },
    async (request) => updateSettings(deps.db, request.params.client_id, request.body, change()),
  );
}
