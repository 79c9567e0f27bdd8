/**
 * The sandbox bank's control endpoints, for tests and demonstrations: list consents, revoke or expire one as the
 * bank (or the customer in their banking app) would, set its misbehaviour switches, and have the sandbox
 * directory issue a software statement to try dynamic registration with. HTTP Basic with CONTROL_CREDENTIALS.
 *
 *   GET  /sandbox-bank/{slug}/control/consents
 *   POST /sandbox-bank/{slug}/control/consents/{ConsentId}/revoke
 *   POST /sandbox-bank/{slug}/control/consents/{ConsentId}/expire
 *   PUT  /sandbox-bank/{slug}/control/consents/{ConsentId}/switches   { "switches": ["429:2", "pending-new-id"] }
 *   POST /sandbox-bank/{slug}/control/software-statement  { software_id, client_name, redirect_uris, jwks }
 *        → { "software_statement": "<jwt>" }
 *   POST /sandbox-bank/{slug}/control/transport-certificate  { common_name }
 *        → { certificate, private_key, subject_dn, ca }   a transport certificate from the sandbox's test CA (made
 *        at this start, gone at the next), so `obi bank register` can be tried against a running sandbox
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTROL_CREDENTIALS, obieError, type SandboxContext } from './context.ts';
import type { SoftwareStatementInput } from './registration.ts';
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
    CustomerIpAddress: c.customerIpAddress,
  };
}

function isControlCaller(header: string | undefined): boolean {
  const [, basic] = /^Basic\s+(\S+)$/i.exec(header ?? '') ?? [];
  const expected = Buffer.from(`${CONTROL_CREDENTIALS.user}:${CONTROL_CREDENTIALS.password}`);
  const presented = Buffer.from(basic ?? '', 'base64');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

function readStatementInput(body: unknown): SoftwareStatementInput | null {
  const b = (body ?? {}) as Record<string, unknown>;
  const jwks = b.jwks as { keys?: unknown } | undefined;
  if (
    typeof b.software_id !== 'string' ||
    typeof b.client_name !== 'string' ||
    !Array.isArray(b.redirect_uris) ||
    !b.redirect_uris.every((u) => typeof u === 'string') ||
    !Array.isArray(jwks?.keys)
  )
    return null;
  return {
    softwareId: b.software_id,
    clientName: b.client_name,
    redirectUris: b.redirect_uris as string[],
    jwks: { keys: jwks.keys as object[] },
    orgId: typeof b.org_id === 'string' ? b.org_id : undefined,
  };
}

/** What the sandbox's directory hands out: software statements, and transport certificates from its test CA. */
export interface ControlDirectory {
  softwareStatement(input: SoftwareStatementInput): Promise<string>;
  issueClientCertificate(commonName: string): Promise<{ certPem: string; keyPem: string; subjectDn: string }>;
  caPem: string;
}

export function registerControl(app: FastifyInstance, ctx: SandboxContext, directory: ControlDirectory): void {
  const guard = (request: Req, reply: FastifyReply): SandboxConsent | null | 'denied' => {
    if (!isControlCaller(request.headers.authorization)) {
      void reply.code(401).header('www-authenticate', 'Basic realm="sandbox-bank"').send({ error: 'invalid_client' });
      return 'denied';
    }
    const c = request.params.ConsentId === undefined ? null : ctx.state.consents.get(request.params.ConsentId);
    if (
      request.params.ConsentId !== undefined &&
      (!c || c.clientId !== CONTROL_CREDENTIALS.user || c.slug !== request.params.slug)
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

  app.post('/:slug/control/software-statement', async (request: Req, reply) => {
    if (guard(request, reply) === 'denied') return reply;
    const input = readStatementInput(request.body);
    if (!input)
      return obieError(
        reply,
        400,
        'UK.OBIE.Field.Invalid',
        'Expected { software_id, client_name, redirect_uris: [...], jwks: { keys: [...] } }.',
      );
    return { software_statement: await directory.softwareStatement(input) };
  });

  app.post('/:slug/control/transport-certificate', async (request: Req, reply) => {
    if (guard(request, reply) === 'denied') return reply;
    const name = (request.body as { common_name?: unknown } | undefined)?.common_name;
    if (typeof name !== 'string' || !/^[\w .@-]{1,64}$/.test(name))
      return obieError(
        reply,
        400,
        'UK.OBIE.Field.Invalid',
        'Expected { common_name }: 1 to 64 letters, digits, spaces, ".", "@", "-" or "_".',
      );
    const issued = await directory.issueClientCertificate(name);
    return {
      certificate: issued.certPem,
      private_key: issued.keyPem,
      subject_dn: issued.subjectDn,
      ca: directory.caPem,
    };
  });
}
