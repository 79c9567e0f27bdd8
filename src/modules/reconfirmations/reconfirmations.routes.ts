/**
 * Reconfirmation links (docs/decisions/0060-reconfirmation-links.md): create, list, get, revoke, in the shape and
 * path style of the invitations (src/modules/invitations/invitations.routes.ts).
 */
import type { HttpApp } from '../../http/server.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { pagingEnvelope, problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import * as service from './reconfirmations.service.ts';
import type { ReconfirmationDeps } from './reconfirmations.service.ts';
import {
  CreateReconfirmationBody,
  ListReconfirmationsQuery,
  Reconfirmation,
  ReconfirmationIdParams,
  ReconfirmationList,
} from './reconfirmations.wire.ts';

export async function reconfirmationRoutes(app: HttpApp, deps: ReconfirmationDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Reconfirmations'], security: [{ Bearer: [] }] };

  app.post(
    '/public/v3/reconfirmations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Create a reconfirmation link',
        description:
          "A hosted page for one customer's Authorised consent that shows, in plain English, what is shared and lets the customer reconfirm (access goes on 90 days more; FCA PS21/19: the customer reconfirms with you, not with the bank) or withdraw (the consent is revoked) in one step. Send it when a CONSENT_EXPIRING webhook arrives. Like an invitation: it expires (default 7 days), can be revoked, works once, and the service can e-mail it (`send_email`).",
        body: CreateReconfirmationBody,
        response: {
          201: { ...Reconfirmation, description: 'The link, with its url' },
          ...problemResponses(...STANDARD_ERRORS, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createReconfirmation(deps, clientOf(request).clientId, request.body, deps.clock.now())),
  );

  app.get(
    '/public/v3/reconfirmations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'List reconfirmation links (newest first)',
        description:
          "Your reconfirmation links, optionally one customer's or one consent's, with their status and the customer's answer.",
        querystring: ListReconfirmationsQuery,
        response: {
          200: { ...ReconfirmationList, description: 'A page of links' },
          ...problemResponses(...STANDARD_ERRORS),
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const maxPerPage = request.query.max_per_page ?? 100;
      const { data, total } = await service.listReconfirmations(
        deps,
        clientOf(request).clientId,
        { customerId: request.query.customer_id, consentId: request.query.consent_id, page, maxPerPage },
        deps.clock.now(),
      );
      return {
        data,
        ...pagingEnvelope(
          deps.config.publicBaseUrl,
          '/public/v3/reconfirmations',
          request.query,
          page,
          maxPerPage,
          total,
        ),
      };
    },
  );

  oneLinkRoutes(app, deps, bearer, common);
}

function oneLinkRoutes(
  app: HttpApp,
  deps: ReconfirmationDeps,
  bearer: ReturnType<typeof requireAuth>,
  common: { tags: string[]; security: Array<Record<string, string[]>> },
): void {
  app.get(
    '/public/v3/reconfirmations/:reconfirmation_id',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Get a reconfirmation link',
        description: 'One link, with its status and, once the customer answered, the outcome.',
        params: ReconfirmationIdParams,
        response: { 200: { ...Reconfirmation, description: 'The link' }, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.getReconfirmation(deps, clientOf(request).clientId, request.params.reconfirmation_id, deps.clock.now()),
  );

  app.delete(
    '/public/v3/reconfirmations/:reconfirmation_id',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Revoke a reconfirmation link (its page stops working)',
        description:
          'The link stops working at once; revoking twice is harmless. A link the customer already answered cannot be revoked (409 reconfirmation_used): revoke the consent instead.',
        params: ReconfirmationIdParams,
        response: {
          200: { ...Reconfirmation, description: 'The revoked link' },
          ...problemResponses(...STANDARD_ERRORS, 409),
        },
      },
    },
    async (request) =>
      service.revokeReconfirmation(
        deps,
        clientOf(request).clientId,
        request.params.reconfirmation_id,
        deps.clock.now(),
      ),
  );
}
