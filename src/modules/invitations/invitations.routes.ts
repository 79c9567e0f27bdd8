/** Endpoints 8 and 9, plus get and revoke (docs/decisions/0012-invitations-and-web-component.md). */
import type { HttpApp } from '../../http/server.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { pagingEnvelope, problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import * as service from './invitations.service.ts';
import type { InvitationDeps } from './invitations.service.ts';
import {
  CreateInvitationBody,
  Invitation,
  InvitationIdParams,
  InvitationList,
  ListInvitationsQuery,
} from './invitations.wire.ts';

export interface InvitationRoutesDeps extends InvitationDeps {
  clock: Clock;
}

/** What each operation does, for the reference (docs/decisions/0066-reference-quality.md). */
const DESCRIPTIONS = {
  create:
    "Invites a customer to connect their bank through the service's hosted pages: the answer carries the link (and the service can email it). The link works until it expires or you revoke it.",
  list: 'Lists your invitations, newest first, with their status (pending, used, expired, revoked) and the customer each created.',
  get: 'Reads one invitation: its status, the customer it created, and when it was emailed, used or revoked.',
  revoke:
    "Revokes an invitation: its link stops working at once. A used invitation's customer and data are not touched.",
};

export async function invitationRoutes(app: HttpApp, deps: InvitationRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Invitations'], security: [{ Bearer: [] }] };

  app.post(
    '/public/v3/invitations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: '8. Create invitation',
        description: DESCRIPTIONS.create,
        body: CreateInvitationBody,
        response: { 201: Invitation, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await service.createInvitation(deps, clientOf(request).clientId, request.body, deps.clock.now());
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/public/v3/invitations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: '9. Get invitations (newest first)',
        description: DESCRIPTIONS.list,
        querystring: ListInvitationsQuery,
        response: { 200: InvitationList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const maxPerPage = request.query.max_per_page ?? 100;
      const { data, total } = await service.listInvitations(
        deps,
        clientOf(request).clientId,
        { reference: request.query.reference, page, maxPerPage },
        deps.clock.now(),
      );
      return {
        data,
        ...pagingEnvelope(deps.config.publicBaseUrl, '/public/v3/invitations', request.query, page, maxPerPage, total),
      };
    },
  );

  app.get(
    '/public/v3/invitations/:invitation_id',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Get an invitation',
        description: DESCRIPTIONS.get,
        params: InvitationIdParams,
        response: { 200: Invitation, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.getInvitation(deps, clientOf(request).clientId, request.params.invitation_id, deps.clock.now()),
  );

  app.delete(
    '/public/v3/invitations/:invitation_id',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Revoke an invitation (its link stops working)',
        description: DESCRIPTIONS.revoke,
        params: InvitationIdParams,
        response: { 200: Invitation, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request) =>
      service.revokeInvitation(deps, clientOf(request).clientId, request.params.invitation_id, deps.clock.now()),
  );
}
