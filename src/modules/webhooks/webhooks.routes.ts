/** Endpoints 20 and 21, plus the list, the delivery log and replay (docs/decisions/0011-webhooks.md). */
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { Queue } from '../../jobs/queue.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { pagingEnvelope, problemResponse, problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import * as deliveries from './deliveries.service.ts';
import * as service from './webhooks.service.ts';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeleteNotFound,
  DeleteResult,
  DeliveriesQuery,
  Delivery,
  DeliveryIdParams,
  DeliveryList,
  WebhookIdParams,
  WebhookList,
} from './webhooks.wire.ts';

export interface WebhookRoutesDeps {
  db: Database;
  queue: Queue;
  clock: Clock;
  installationKey: string;
  config: Pick<Config, 'publicBaseUrl' | 'webhookAllowLoopback' | 'nodeEnv'>;
}

export async function webhookRoutes(app: HttpApp, deps: WebhookRoutesDeps): Promise<void> {
  await webhookRegistrationRoutes(app, deps);
  await deliveryRoutes(app, deps);
  await testEventRoute(app, deps);
}

/** Endpoints 20 and 21 and the list. */
async function webhookRegistrationRoutes(app: HttpApp, deps: WebhookRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Webhooks'], security: [{ Bearer: [] }] };

  app.post(
    '/public/v3/webhooks',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: '20. Create webhook',
        description:
          "Registers an HTTPS address that receives the service's events (report available or updated, new event, account authorisation lost or granted, transactions updated) as signed POSTs. The answer carries the `whsec_…` signing secret, shown only this once. The address must resolve to a public IP.",
        body: CreateWebhookBody,
        response: { 201: CreatedWebhook, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await service.createWebhook(deps, clientOf(request).clientId, request.body, deps.clock.now());
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/public/v3/webhooks',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "List the client's webhooks (never their secrets)",
        description:
          'Lists your webhooks with their status (`active`, or `disabled` with the reason, e.g. the receiver answered 410 Gone). Secrets are never shown again.',
        response: { 200: WebhookList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.listWebhooks(deps.db, clientOf(request).clientId),
  );

  app.delete(
    '/public/v3/webhooks/:webhook_id/delete',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: '21. Delete webhook',
        description:
          'Deletes the webhook; deliveries not yet sent to it are dropped. An unknown or another client\'s id answers 404 with `result: "Error"`.',
        params: WebhookIdParams,
        response: { 200: DeleteResult, ...problemResponses(...STANDARD_ERRORS), 404: problemResponse(DeleteNotFound) },
      },
    },
    async (request) => service.deleteWebhook(deps.db, clientOf(request).clientId, request.params.webhook_id),
  );
}

/** The delivery log and replay. */
async function deliveryRoutes(app: HttpApp, deps: WebhookRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Webhooks'], security: [{ Bearer: [] }] };

  app.get(
    '/public/v3/webhooks/:webhook_id/deliveries',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "A webhook's delivery log, newest first, with every attempt",
        description:
          'Lists the deliveries to this webhook, newest first, each with its payload, state (pending, delivered, failed), next attempt and every attempt made (status code or error, duration). Filter by state.',
        params: WebhookIdParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveryList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const maxPerPage = request.query.max_per_page ?? 100;
      const { webhook_id: webhookId } = request.params;
      const { data, total } = await deliveries.listDeliveries(deps.db, clientOf(request).clientId, webhookId, {
        state: request.query.state,
        page,
        maxPerPage,
      });
      return {
        data,
        ...pagingEnvelope(
          deps.config.publicBaseUrl,
          `/public/v3/webhooks/${encodeURIComponent(webhookId)}/deliveries`,
          request.query,
          page,
          maxPerPage,
          total,
        ),
      };
    },
  );

  app.post(
    '/public/v3/webhooks/:webhook_id/deliveries/:delivery_id/replay',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Send a delivery again (same webhook-id): a pending one now, a finished one as a new delivery',
        description:
          'Sends one delivery again with the same `webhook-id`: a pending delivery becomes due now; a delivered or failed one is queued as a new delivery (`replay_of` names the original), whose log starts afresh. 409 on a disabled webhook.',
        params: DeliveryIdParams,
        response: { 202: Delivery, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const { webhook_id: webhookId, delivery_id: deliveryId } = request.params;
      const replayed = await deliveries.replayDelivery(
        deps.db,
        deps.queue,
        clientOf(request).clientId,
        webhookId,
        deliveryId,
        deps.clock.now(),
      );
      return reply.code(202).send(replayed);
    },
  );
}

/** A signed test event to one webhook (docs/decisions/0065-webhook-test-event.md). */
async function testEventRoute(app: HttpApp, deps: WebhookRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Webhooks'], security: [{ Bearer: [] }] };

  app.post(
    '/public/v3/webhooks/:webhook_id/test',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Send a test event to a webhook',
        description:
          'Queues a signed `WEBHOOK_TEST` delivery to this webhook, so a receiver can be checked end to end before ' +
          "real events arrive. It is signed with the webhook's secret (Standard Webhooks headers), retried on " +
          'failure and logged in the delivery log like every other event; its payload names the webhook and no ' +
          'customer. Answers 202 with the delivery, still pending: read the delivery log for its outcome. A ' +
          'disabled webhook answers 409 `webhook_disabled`.',
        params: WebhookIdParams,
        response: { 202: Delivery, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const delivery = await deliveries.sendTestEvent(
        deps.db,
        deps.queue,
        clientOf(request).clientId,
        request.params.webhook_id,
        deps.clock.now(),
      );
      return reply.code(202).send(delivery);
    },
  );
}
