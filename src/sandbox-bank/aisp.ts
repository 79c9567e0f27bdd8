/**
 * The sandbox bank's Account and Transaction API (OBIE v3.1, base /open-banking/v3.1/aisp), served on the
 * mutual-TLS listener only: account-access-consents with a client-credentials token; accounts, balances,
 * transactions (paged, Links.Next), statements and parties with the customer's token. The misbehaviour switches
 * act here, on data calls.
 *
 * Every request needs a client certificate from the test CA, and its bearer token (looked up at the bank's
 * oidc-provider) must be bound to that very certificate (RFC 8705 §3, cnf x5t#S256), as FAPI 1.0 Advanced asks.
 * Every answer echoes x-fapi-interaction-id (the one received, or a new one); x-fapi-financial-id, when sent, must
 * be this bank's (financialIdOf).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  iso,
  obAccount,
  obBalances,
  obParty,
  obStatement,
  obTransaction,
  personaAt,
  sandboxAsOf,
  transactionsOf,
} from './data.ts';
import { obieError, type SandboxContext } from './context.ts';
import type { SandboxConsent } from './state.ts';
import { peerCertificate } from './tls.ts';

/** The API answers under its version's path: v3.1 (the base it publishes) and v3.1.x (alias-next's links). */
const AISP = '/:slug/open-banking/:version/aisp';
const VERSION = /^v3\.1(?:\.\d{1,2})?$/;
const PERMISSIONS = new Set([
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadBeneficiariesBasic',
  'ReadBeneficiariesDetail',
  'ReadDirectDebits',
  'ReadOffers',
  'ReadPAN',
  'ReadParty',
  'ReadPartyPSU',
  'ReadProducts',
  'ReadScheduledPaymentsBasic',
  'ReadScheduledPaymentsDetail',
  'ReadStandingOrdersBasic',
  'ReadStandingOrdersDetail',
  'ReadStatementsBasic',
  'ReadStatementsDetail',
  'ReadTransactionsBasic',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
]);

type Req = FastifyRequest<{
  Params: { slug: string; version?: string; ConsentId?: string; AccountId?: string };
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}>;

/** The bank's x-fapi-financial-id (an organisation id in the directory's 18-character form), per slug. */
export function financialIdOf(slug: string): string {
  return `0015800001${createHash('sha256').update(slug).digest('hex').slice(0, 8).toUpperCase()}`;
}

interface BankToken {
  clientId: string;
  /** the consent a customer's token was issued for; null for client-credentials tokens */
  consentId: string | null;
}

/**
 * The request's bearer token as the bank's authorisation server knows it (unexpired, scope accounts), when it is
 * bound to the certificate the request came with; null otherwise.
 */
async function bearer(ctx: SandboxContext, request: Req): Promise<BankToken | null> {
  const [, presented] = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '') ?? [];
  if (presented === undefined) return null;
  const provider = ctx.provider(request.params.slug);
  const customer = await provider.AccessToken.find(presented);
  const token = customer ?? (await provider.ClientCredentials.find(presented));
  const peer = peerCertificate(request.raw);
  if (
    !token ||
    !peer ||
    !String(token.scope ?? '')
      .split(' ')
      .includes('accounts')
  )
    return null;
  const bound = (token as unknown as { 'x5t#S256'?: string })['x5t#S256'];
  if (bound !== createHash('sha256').update(peer.cert.raw).digest('base64url')) return null;
  return { clientId: token.clientId ?? '', consentId: customer ? (customer.accountId ?? null) : null };
}

function unauthorised(reply: FastifyReply) {
  return reply
    .code(401)
    .header(
      'www-authenticate',
      'Bearer error="invalid_token", error_description="unknown, expired or not bound to this certificate"',
    )
    .send();
}

function consentBody(ctx: SandboxContext, c: SandboxConsent) {
  return {
    Data: {
      ConsentId: c.id,
      CreationDateTime: iso(c.creation),
      Status: c.status,
      StatusUpdateDateTime: iso(c.statusUpdate),
      Permissions: c.permissions,
      ...(c.expiration !== null ? { ExpirationDateTime: iso(c.expiration) } : {}),
      ...(c.transactionFrom !== null ? { TransactionFromDateTime: iso(c.transactionFrom) } : {}),
      ...(c.transactionTo !== null ? { TransactionToDateTime: iso(c.transactionTo) } : {}),
    },
    Risk: {},
    Links: { Self: `${ctx.mtlsBase(c.slug)}/open-banking/v3.1/aisp/account-access-consents/${c.id}` },
    Meta: { TotalPages: 1 },
  };
}

function readDateTime(v: unknown): number | null | 'bad' {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) return 'bad';
  return Math.floor(Date.parse(v) / 1000);
}

/** The consent behind a customer's token, checked for access; or the error already sent. */
async function dataAccess(
  ctx: SandboxContext,
  request: Req,
  reply: FastifyReply,
  needs: string[],
): Promise<{ consent: SandboxConsent } | null> {
  const token = await bearer(ctx, request);
  const consent = token?.consentId ? ctx.state.consents.get(token.consentId) : undefined;
  // A consent revoked or rejected earlier takes its tokens with it (a 401, as before the switch to oidc-provider);
  // one the `revoke` switch ends on this very call answers 403 below.
  if (
    !token ||
    !consent ||
    consent.slug !== request.params.slug ||
    consent.status === 'Revoked' ||
    consent.status === 'Rejected'
  ) {
    await unauthorised(reply);
    return null;
  }
  // Switches that end the consent as soon as the service first reads data with it.
  if (consent.status === 'Authorised' && consent.dataCalls === 0 && ctx.state.has(consent, 'revoke'))
    ctx.state.setStatus(consent, 'Revoked', ctx.now());
  if (consent.status === 'Authorised' && consent.dataCalls === 0 && ctx.state.has(consent, 'expire'))
    consent.expiration = ctx.now();
  if (consent.status !== 'Authorised') {
    await obieError(reply, 403, 'UK.OBIE.Resource.InvalidConsentStatus', `The consent is ${consent.status}.`);
    return null;
  }
  if (consent.expiration !== null && consent.expiration <= ctx.now()) {
    await obieError(reply, 403, 'UK.OBIE.Resource.InvalidConsentStatus', 'The consent has expired.');
    return null;
  }
  const customerIp = request.headers['x-fapi-customer-ip-address'];
  if (typeof customerIp === 'string') consent.customerIpAddress = customerIp;
  if (ctx.state.has(consent, 'interaction-id')) reply.header('x-fapi-interaction-id', randomUUID());
  const misbehave = ctx.state.nextDataCall(consent);
  if (misbehave === '429') {
    await reply
      .code(429)
      .header('retry-after', '1')
      .send({
        Code: '429',
        Id: 'rate',
        Message: 'Too many requests.',
        Errors: [{ ErrorCode: 'UK.OBIE.UnexpectedError', Message: 'Too many requests.' }],
      });
    return null;
  }
  if (misbehave === '500') {
    await obieError(reply, 500, 'UK.OBIE.UnexpectedError', 'Something went wrong at the bank.');
    return null;
  }
  if (misbehave === 'garbage') {
    await reply.code(200).type('application/json').send('{"Data": {"Account": [{"AccountId": "tru');
    return null;
  }
  if (!needs.some((p) => consent.permissions.includes(p))) {
    await obieError(
      reply,
      403,
      'UK.OBIE.Resource.ConsentMismatch',
      `The consent does not grant ${needs.join(' or ')}.`,
    );
    return null;
  }
  return { consent };
}

/** What every request to the API must carry, and the interaction id every answer echoes. */
function registerGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: Req, reply) => {
    const received = request.headers['x-fapi-interaction-id'];
    reply.header('x-fapi-interaction-id', typeof received === 'string' && received ? received : randomUUID());
    if (request.params.version !== undefined && !VERSION.test(request.params.version))
      return obieError(reply, 404, 'UK.OBIE.NotFound', 'No such API version.');
    const peer = peerCertificate(request.raw);
    if (!peer || !peer.authorized)
      return obieError(
        reply.header('www-authenticate', 'Bearer error="invalid_token"'),
        401,
        'UK.OBIE.Header.Missing',
        'A transport certificate issued by the directory (the sandbox test CA) is required: mutual TLS.',
      );
    const financialId = request.headers['x-fapi-financial-id'];
    // (An endpoint the bank has not built has no slug parameter: its 404 comes from the not-found handler.)
    const slug = request.params.slug;
    if (financialId !== undefined && slug !== undefined && financialId !== financialIdOf(slug))
      return obieError(reply, 403, 'UK.OBIE.Header.Invalid', `x-fapi-financial-id is not this bank's.`);
  });
}

export function registerAisp(app: FastifyInstance, ctx: SandboxContext): void {
  registerGuards(app);
  registerConsentResources(app, ctx);
  registerAccountResources(app, ctx);
  // Endpoints the bank has not built (beneficiaries, direct debits, products…): the standard's 404, with the
  // interaction id echoed like every other answer.
  app.setNotFoundHandler((request, reply) => {
    const received = request.headers['x-fapi-interaction-id'];
    reply.header('x-fapi-interaction-id', typeof received === 'string' && received ? received : randomUUID());
    return obieError(reply, 404, 'UK.OBIE.NotFound', 'This bank does not offer this endpoint.');
  });
}

/** account-access-consents: create (client-credentials token), read and delete. */
function registerConsentResources(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`${AISP}/account-access-consents`, async (request: Req, reply) => {
    const token = await bearer(ctx, request);
    if (!token || token.consentId !== null) return unauthorised(reply);
    const data = (request.body as { Data?: Record<string, unknown> } | undefined)?.Data;
    const permissions = data?.Permissions;
    if (
      !Array.isArray(permissions) ||
      permissions.length === 0 ||
      !permissions.every((p) => typeof p === 'string' && PERMISSIONS.has(p))
    ) {
      return obieError(
        reply,
        400,
        'UK.OBIE.Field.Invalid',
        'Data.Permissions must be a non-empty list of OBIE permissions.',
      );
    }
    const expiration = readDateTime(data?.ExpirationDateTime);
    const from = readDateTime(data?.TransactionFromDateTime);
    const to = readDateTime(data?.TransactionToDateTime);
    if (expiration === 'bad' || from === 'bad' || to === 'bad')
      return obieError(reply, 400, 'UK.OBIE.Field.InvalidDate', 'Dates must be ISO 8601 date-times.');
    const consent = ctx.state.createConsent({
      slug: request.params.slug,
      clientId: token.clientId,
      permissions: permissions as string[],
      creation: ctx.now(),
      expiration,
      transactionFrom: from,
      transactionTo: to,
    });
    return reply.code(201).send(consentBody(ctx, consent));
  });

  const ownConsent = async (request: Req): Promise<SandboxConsent | null> => {
    const token = await bearer(ctx, request);
    const consent = ctx.state.consents.get(request.params.ConsentId ?? '');
    return token &&
      token.consentId === null &&
      consent &&
      consent.clientId === token.clientId &&
      consent.slug === request.params.slug
      ? consent
      : null;
  };

  app.get(`${AISP}/account-access-consents/:ConsentId`, async (request: Req, reply) => {
    if (!(await bearer(ctx, request))) return unauthorised(reply);
    const consent = await ownConsent(request);
    return consent ? consentBody(ctx, consent) : obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such consent.');
  });

  app.delete(`${AISP}/account-access-consents/:ConsentId`, async (request: Req, reply) => {
    if (!(await bearer(ctx, request))) return unauthorised(reply);
    const consent = await ownConsent(request);
    if (!consent) return obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such consent.');
    ctx.state.setStatus(consent, 'Revoked', ctx.now());
    return reply.code(204).send();
  });
}

/** The persona behind a consent at the bank's current snapshot (or the snapshot a Links.Next names). */
function personaOf(ctx: SandboxContext, consent: SandboxConsent, request: Req) {
  const snapshot = Number(request.query.snapshot);
  const asOf =
    Number.isInteger(snapshot) && snapshot > 0 && snapshot <= ctx.now()
      ? snapshot
      : sandboxAsOf(new Date(ctx.now() * 1000));
  if (consent.persona === null) throw new Error('an authorised sandbox consent always has a persona');
  return personaAt(consent.slug, consent.persona, asOf);
}

function accountOf(ctx: SandboxContext, consent: SandboxConsent, request: Req) {
  return personaOf(ctx, consent, request).accounts.find((a) => a.id === request.params.AccountId) ?? null;
}

/** The address the request was made to (on the listener's own origin, which alias-next's host is another name of). */
function selfLink(ctx: SandboxContext, request: Req): string {
  const origin = new URL(ctx.mtlsBase(request.params.slug));
  if (request.headers.host?.startsWith('localhost:')) origin.hostname = 'localhost';
  return `${origin.origin}${request.url}`;
}

function envelope(
  ctx: SandboxContext,
  request: Req,
  data: Record<string, unknown>,
  extra: { next?: string; pages?: number } = {},
) {
  return {
    Data: data,
    Links: {
      Self: selfLink(ctx, request),
      ...(extra.next ? { Next: extra.next } : {}),
    },
    Meta: { TotalPages: extra.pages ?? 1 },
  };
}

/** One page of an account's transactions, within the consent's window and the query's, with Links.Next. */
async function transactionsPage(ctx: SandboxContext, request: Req, reply: FastifyReply) {
  const access = await dataAccess(ctx, request, reply, ['ReadTransactionsBasic', 'ReadTransactionsDetail']);
  if (!access) return reply;
  const { consent } = access;
  const p = personaOf(ctx, consent, request);
  const account = p.accounts.find((a) => a.id === request.params.AccountId);
  if (!account) return obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such account.');
  // OBIE: query date-times carry no zone; the sandbox reads them as UTC.
  const q = (v: string | undefined) => (v ? readDateTime(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`) : null);
  const qFrom = q(request.query.fromBookingDateTime);
  const qTo = q(request.query.toBookingDateTime);
  if (qFrom === 'bad' || qTo === 'bad')
    return obieError(
      reply,
      400,
      'UK.OBIE.Field.InvalidDate',
      'fromBookingDateTime and toBookingDateTime must be ISO 8601 date-times.',
    );
  const from = Math.max(qFrom ?? 0, consent.transactionFrom ?? 0);
  const to = Math.min(qTo ?? Infinity, consent.transactionTo ?? Infinity);
  const credits = consent.permissions.includes('ReadTransactionsCredits');
  const debits = consent.permissions.includes('ReadTransactionsDebits');
  const all = transactionsOf(p, account).filter(
    (t) => t.booking_date_time >= from && t.booking_date_time <= to && (t.amount < 0 ? debits : credits),
  );
  const pages = Math.max(1, Math.ceil(all.length / ctx.pageSize));
  const page = Math.min(Math.max(1, Number(request.query.page) || 1), pages);
  const rows = all.slice((page - 1) * ctx.pageSize, page * ctx.pageSize);
  const has = (kind: Parameters<typeof ctx.state.has>[1]) => ctx.state.has(consent, kind);
  let next: string | undefined;
  if (page < pages) {
    const alias = has('alias-next');
    const u = new URL(
      `${ctx.mtlsBase(consent.slug)}/open-banking/${alias ? 'v3.1.11' : 'v3.1'}/aisp/accounts/${encodeURIComponent(account.id)}/transactions`,
    );
    if (alias) u.hostname = 'localhost';
    for (const [k, v] of Object.entries(request.query))
      if (v !== undefined && k !== 'page' && k !== 'snapshot') u.searchParams.set(k, v);
    u.searchParams.set('page', String(page + 1));
    u.searchParams.set('snapshot', String(p.asOf));
    next = u.toString();
  }
  const style = {
    pendingNewId: has('pending-new-id'),
    longCodes: has('long-codes'),
    noDescription: has('no-description'),
    zoneless: has('zoneless'),
    fx: has('fx'),
  };
  const transactions: Array<Record<string, unknown>> = rows.map((t) => obTransaction(t, account.id, style));
  // bad-item: the first transaction of the first page cannot be read (its amount is not an amount).
  const first = transactions[0];
  if (page === 1 && first && has('bad-item')) first.Amount = { Amount: 'twelve', Currency: 'GBP' };
  const self = selfLink(ctx, request);
  return envelope(
    ctx,
    request,
    { Transaction: transactions },
    { next: next ?? (has('self-next') ? self : undefined), pages },
  );
}

/** The account information resources a consent's access token reads. */
function registerAccountResources(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(`${AISP}/accounts`, async (request: Req, reply) => {
    const access = await dataAccess(ctx, request, reply, ['ReadAccountsBasic', 'ReadAccountsDetail']);
    if (!access) return reply;
    const p = personaOf(ctx, access.consent, request);
    return envelope(ctx, request, { Account: p.accounts.map((a) => obAccount(a, access.consent.slug, p.asOf)) });
  });

  app.get(`${AISP}/accounts/:AccountId`, async (request: Req, reply) => {
    const access = await dataAccess(ctx, request, reply, ['ReadAccountsBasic', 'ReadAccountsDetail']);
    if (!access) return reply;
    const p = personaOf(ctx, access.consent, request);
    const account = p.accounts.find((a) => a.id === request.params.AccountId);
    return account
      ? envelope(ctx, request, { Account: [obAccount(account, access.consent.slug, p.asOf)] })
      : obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such account.');
  });

  app.get(`${AISP}/accounts/:AccountId/balances`, async (request: Req, reply) => {
    const access = await dataAccess(ctx, request, reply, ['ReadBalances']);
    if (!access) return reply;
    const p = personaOf(ctx, access.consent, request);
    const account = p.accounts.find((a) => a.id === request.params.AccountId);
    return account
      ? envelope(ctx, request, { Balance: obBalances(p, account) })
      : obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such account.');
  });

  app.get(`${AISP}/accounts/:AccountId/transactions`, (request: Req, reply) => transactionsPage(ctx, request, reply));

  app.get(`${AISP}/accounts/:AccountId/statements`, async (request: Req, reply) => {
    const access = await dataAccess(ctx, request, reply, ['ReadStatementsBasic', 'ReadStatementsDetail']);
    if (!access) return reply;
    if (ctx.state.has(access.consent, 'no-statements'))
      return obieError(reply, 404, 'UK.OBIE.NotFound', 'This bank does not offer this endpoint.');
    const p = personaOf(ctx, access.consent, request);
    const account = accountOf(ctx, access.consent, request);
    if (!account) return obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such account.');
    return envelope(ctx, request, {
      Statement: p.statements.filter((s) => s.AccountId === account.id).map(obStatement),
    });
  });

  const parties = async (request: Req, reply: FastifyReply, single: boolean) => {
    const access = await dataAccess(ctx, request, reply, ['ReadParty']);
    if (!access) return reply;
    if (ctx.state.has(access.consent, 'no-parties'))
      return obieError(reply, 403, 'UK.OBIE.Resource.ConsentMismatch', 'This bank does not share party details.');
    const p = personaOf(ctx, access.consent, request);
    const account = accountOf(ctx, access.consent, request);
    if (!account) return obieError(reply, 400, 'UK.OBIE.Resource.NotFound', 'No such account.');
    const list = p.parties.filter((x) => x.AccountId === account.id).map(obParty);
    return envelope(ctx, request, single ? { Party: list[0] ?? {} } : { Party: list });
  };
  app.get(`${AISP}/accounts/:AccountId/parties`, (request: Req, reply) => parties(request, reply, false));
  app.get(`${AISP}/accounts/:AccountId/party`, (request: Req, reply) => parties(request, reply, true));
}
