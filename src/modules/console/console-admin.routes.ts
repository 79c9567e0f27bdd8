/**
 * The operator's way to a client's first console admin (docs/decisions/0034-console.md):
 * POST /admin/v1/clients/{client_id}/console_invitations with the operator token answers a one-time invitation
 * link (and e-mails it when SMTP_URL is configured, or when asked). Registered beside the admin API's routes
 * (src/app/routes.ts documents it with adminToken null: 404 there; the admin listener serves it with the token).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import { problemResponses } from '../../http/wire.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { constantTimeEqual } from '../../lib/secrets.ts';
import { getClient } from '../clients/index.ts';
import { getReportReadiness, ReportReadiness } from '../reports/index.ts';
import { Type } from 'typebox';
import { inviteStaff, type ConsoleDeps } from './console.service.ts';
import { ConsoleInvitation, ConsoleInvitationParams, CreateConsoleInvitationBody } from './console.wire.ts';

export interface ConsoleAdminRoutesDeps extends ConsoleDeps {
  // (the operator's view of a customer's readiness reads the database only: ConsoleDeps has it)
  /** the operator token; null: documented only, every request is a 404 (the admin listener serves it) */
  adminToken: string | null;
}

function requireOperator(adminToken: string | null) {
  if (adminToken === null)
    return async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.callNotFound();
      return reply;
    };
  return async (request: FastifyRequest): Promise<void> => {
    const [, token] = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '') ?? [];
    if (token === undefined || !constantTimeEqual(token, adminToken)) {
      throw new AppError(
        'unauthorized',
        'The admin API takes the operator token: "Authorization: Bearer <OBI_ADMIN_TOKEN>".',
        {
          headers: { 'www-authenticate': 'Bearer realm="open-banking-insights-admin"' },
        },
      );
    }
  };
}

export async function consoleAdminRoutes(app: HttpApp, deps: ConsoleAdminRoutesDeps): Promise<void> {
  app.post(
    '/admin/v1/clients/:client_id/console_invitations',
    {
      onRequest: requireOperator(deps.adminToken),
      schema: {
        summary: "Invite a person to the client's lender console (the first admin)",
        description:
          'A one-time link (/console/invitations/…) where the invitee sets a password; valid for CONSOLE_INVITATION_TTL_SECONDS.',
        tags: ['Admin'],
        security: [{ AdminToken: [] }],
        params: ConsoleInvitationParams,
        body: CreateConsoleInvitationBody,
        response: { 201: ConsoleInvitation, ...problemResponses(400, 401, 404, 415) },
      },
    },
    async (request, reply) => {
      const clientId = request.params.client_id;
      const client = await getClient(deps.db, clientId, deps.clock.now()).catch(() => null);
      if (!client) throw notFound('client');
      const body = request.body;
      const invitation = await inviteStaff(
        deps,
        clientId,
        { email: body.email, role: body.role ?? 'admin', sendEmail: body.send_email ?? deps.config.smtpUrl !== null },
        null,
      );
      return reply.code(201).send({
        invitation_id: invitation.id,
        client_id: clientId,
        email: invitation.email,
        role: invitation.role,
        url: invitation.url,
        expires_at: invitation.expiresAt.toISOString(),
        emailed: invitation.emailed,
      });
    },
  );
  await readinessAdminRoute(app, deps);
}

/**
 * `obi customers readiness` over the admin API: a customer's report readiness as endpoint 18 answers it, `processing`
 * included (docs/decisions/0057-readiness-processing.md), for an operator watching a long upload or pull.
 */
async function readinessAdminRoute(app: HttpApp, deps: ConsoleAdminRoutesDeps): Promise<void> {
  app.get(
    '/admin/v1/clients/:client_id/customers/:customer_id/report_readiness_statuses/:report_name',
    {
      onRequest: requireOperator(deps.adminToken),
      schema: {
        summary: "A client's customer's report readiness, for the operator",
        description:
          'What endpoint 18 answers the client, processing included: whether a submission or bank pull is being ' +
          'stored or the report computed (obi customers readiness).',
        tags: ['Admin'],
        security: [{ AdminToken: [] }],
        params: Type.Object({
          client_id: Type.String({ minLength: 1, maxLength: 100, description: 'the client (obi clients list)' }),
          customer_id: Type.String({ minLength: 1, maxLength: 100, description: "the client's customer" }),
          report_name: Type.String({ description: 'insights, affordability, events or forecast' }),
        }),
        response: { 200: ReportReadiness, ...problemResponses(401, 404) },
      },
    },
    async (request) => {
      const { client_id: clientId, customer_id: customerId, report_name: name } = request.params;
      const client = await getClient(deps.db, clientId, deps.clock.now()).catch(() => null);
      if (!client) throw notFound('client');
      return getReportReadiness(deps.db, clientId, customerId, name);
    },
  );
}
