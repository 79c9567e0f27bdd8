/**
 * The sandbox bank's control endpoints, for tests and demonstrations: list consents, revoke or expire one as the
 * bank (or the customer in their banking app) would, and set its misbehaviour switches. They take the sandbox
 * client's credentials (HTTP Basic), like its token endpoint.
 *
 *   GET  /sandbox-bank/{slug}/control/consents
 *   POST /sandbox-bank/{slug}/control/consents/{ConsentId}/revoke
 *   POST /sandbox-bank/{slug}/control/consents/{ConsentId}/expire
 *   PUT  /sandbox-bank/{slug}/control/consents/{ConsentId}/switches   { "switches": ["429:2", "pending-new-id"] }
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateClient } from './oauth.ts';
import { obieError, type SandboxContext } from './context.ts';
import { describeSwitch, parseSwitches, type SandboxConsent } from './state.ts';

type Req = FastifyRequest<{ Params: { slug: string; ConsentId?: string }; Body: unknown }>;

function view(c: SandboxConsent) {
  return {
    ConsentId: c.id,
    Status: c.status,
    Persona: c.persona,
    Permissions: c.permissions,
    ExpirationDateTime: c.expiration,
    Switches: c.switches.map(describeSwitch),
    DataCalls: c.dataCalls,
  };
}

export function registerControl(app: FastifyInstance, ctx: SandboxContext): void {
  const guard = (request: Req, reply: FastifyReply): SandboxConsent | null | 'denied' => {
    const client = authenticateClient(ctx, request.headers.authorization, {});
    if (!client) {
      void reply.code(401).header('www-authenticate', 'Basic realm="sandbox-bank"').send({ error: 'invalid_client' });
      return 'denied';
    }
    const c = request.params.ConsentId === undefined ? null : ctx.state.consents.get(request.params.ConsentId);
    if (
      request.params.ConsentId !== undefined &&
      (!c || c.clientId !== client.clientId || c.slug !== request.params.slug)
    ) {
      void obieError(reply, 404, 'UK.OBIE.Resource.NotFound', 'No such consent.');
      return 'denied';
    }
    return c ?? null;
  };

  app.get('/:slug/control/consents', async (request: Req, reply) => {
    if (guard(request, reply) === 'denied') return reply;
    return { data: [...ctx.state.consents.values()].filter((c) => c.slug === request.params.slug).map(view) };
  });

  app.post('/:slug/control/consents/:ConsentId/revoke', async (request: Req, reply) => {
    const c = guard(request, reply);
    if (c === 'denied' || c === null) return reply;
    ctx.state.setStatus(c, 'Revoked', ctx.now());
    return view(c);
  });

  app.post('/:slug/control/consents/:ConsentId/expire', async (request: Req, reply) => {
    const c = guard(request, reply);
    if (c === 'denied' || c === null) return reply;
    c.expiration = ctx.now();
    return view(c);
  });

  app.put('/:slug/control/consents/:ConsentId/switches', async (request: Req, reply) => {
    const c = guard(request, reply);
    if (c === 'denied' || c === null) return reply;
    const raw = (request.body as { switches?: unknown } | undefined)?.switches;
    const list = typeof raw === 'string' ? raw.split(/[,+]/) : Array.isArray(raw) ? raw.map(String) : null;
    const parsed = list
      ? parseSwitches(list)
      : { error: 'switches must be a list such as ["429:2", "pending-new-id"]' };
    if ('error' in parsed) return obieError(reply, 400, 'UK.OBIE.Field.Invalid', parsed.error);
    c.switches = parsed;
    c.dataCalls = 0;
    return view(c);
  });
}
