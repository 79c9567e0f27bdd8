/** The console's webhook pages: the client's webhooks, one's delivery log, (admin) a replay. */
import type { FastifyReply } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit, type ConsoleSession } from '../../modules/console/index.ts';
import { listDeliveries, listWebhooks, replayDelivery } from '../../modules/webhooks/index.ts';
import { field, type ConsoleKit, type ConsoleRoutesDeps } from './console-kit.ts';
import { deliveriesBody, flash, webhooksBody } from './console-customer-pages.ts';

const hide = { hide: true };
const DELIVERIES_PER_PAGE = 50;

type IdParams = { Params: { id: string } };

function pageNumber(query: unknown): number {
  const n = Number(field(query, 'page', 6));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export async function webhookRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const now = () => deps.clock.now();
  c.get('/console/webhooks', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const { data } = await listWebhooks(await deps.reads.forList(), s.clientId);
    return kit.send(reply, 200, { title: 'Webhooks', session: s, section: 'webhooks', body: webhooksBody(data) });
  });

  const deliveriesPage = async (
    reply: FastifyReply,
    s: ConsoleSession,
    webhookId: string,
    page: number,
    message: ReturnType<typeof flash> | '',
  ) => {
    // Lists that may lag: on the replica once it has replayed what the primary held now (src/db/read-replica.ts).
    const db = await deps.reads.forList();
    const webhook = (await listWebhooks(db, s.clientId)).data.find((w) => w.id === webhookId);
    if (!webhook) throw notFound('webhook');
    const { data, total } = await listDeliveries(db, s.clientId, webhookId, {
      page,
      maxPerPage: DELIVERIES_PER_PAGE,
    });
    return kit.send(reply, 200, {
      title: 'Webhook deliveries',
      session: s,
      section: 'webhooks',
      body: deliveriesBody({
        session: s,
        webhook,
        deliveries: data,
        page,
        pages: Math.ceil(total / DELIVERIES_PER_PAGE),
        message,
      }),
    });
  };

  c.get<IdParams>('/console/webhooks/:id', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const done = field(request.query, 'done', 20) === 'replay' ? flash('ok', 'The delivery was queued again.') : '';
    return deliveriesPage(reply, s, request.params.id, pageNumber(request.query), done);
  });

  c.post<{ Params: { id: string; delivery: string } }>(
    '/console/webhooks/:id/deliveries/:delivery/replay',
    { schema: hide },
    async (request, reply) => {
      const s = await kit.guardPost(request, reply, 'admin');
      if (!s) return reply;
      const { id, delivery } = request.params;
      const replay = await replayDelivery(deps.db, deps.queue, s.clientId, id, delivery, now());
      await audit(deps.db, s.clientId, 'console_delivery_replayed', now(), {
        user_id: s.userId,
        webhook_id: id,
        delivery_id: delivery,
        replay_id: replay.id,
      });
      return reply.redirect(`/console/webhooks/${encodeURIComponent(id)}?done=replay`, 303);
    },
  );
}
