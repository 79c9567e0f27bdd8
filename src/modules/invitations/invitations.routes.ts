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
        params: InvitationIdParams,
        response: { 200: Invitation, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request) =>
      service.revokeInvitation(deps, clientOf(request).clientId, request.params.invitation_id, deps.clock.now()),
  );
}
