/**
 * The hosted connect pages (issue: the customer's side), under /connect:
 *
 *   GET  /connect/invitations/{id}/{signature}   an invitation link → a new session → the bank picker
 *   GET  /connect/component/{token}              a component URL (endpoint 7), single use → a new session
 *   GET  /connect/s/{secret}/banks[?q=]          step 1: choose a bank
 *   GET  /connect/s/{secret}/banks/{slug}        step 2: the consent screen (endpoint 4)
 *   POST /connect/s/{secret}/banks/{slug}/continue   starts endpoint 5's flow → 303 to the bank
 *   GET  /connect/return?state=…                 where endpoint 5 brings the customer back (after /webflow/callback)
 *   GET  /connect/s/{secret}/result?consent_id=  step 3's outcome (endpoint 6)
 *   GET  /connect/s/{secret}/cancel              every step's Cancel: nothing shared, the way back to the lender
 *   GET  /connect/s/{secret}/status.json?after=n the component's wait for the bank window
 *   GET  /connect/embed.js, /connect/assets/*    the client's embed script; the pages' CSS, JS, icons, bank logos,
 *                                                and the stylesheet of a client's colour
 *   GET  /connect/brand/{ref}/logo.{digest}.{ext}   a client's logo (branding.ts)
 *   GET  /favicon.ico
 *
 * Server-rendered HTML; each page acts for the customer with the session's customer token through the API.
 */
import { AppError } from '../lib/app-error.ts';
import { hostedPageLimits, PagesBusyError, waitInWords } from './page-limits.ts';
import formbody from '@fastify/formbody';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/db.ts';
import type { HttpApp } from '../http/server.ts';
import type { Clock } from '../lib/clock.ts';
import { BANKS, findBank } from '../banks/registry.ts';
import type { BankLinks } from '../banks/index.ts';
import {
  completeSession,
  claimFlowReturn,
  contextOfFlow,
  contextOfLink,
  findFlowByState,
  flowOfSession,
  latestFlow,
  loadSession,
  loadSessionOfFlow,
  openComponent,
  openInvitation,
  recordFlow,
  renewSessionSecret,
  type ConnectSession,
  type Refusal,
  type RefusalContext,
} from '../modules/connect/index.ts';
import { hostedReturnUrl, sessionPath } from '../lib/hosted-links.ts';
import { isStartedBy } from '../modules/consents/index.ts';
import { getSettings } from '../modules/clients/index.ts';
import { lenderOf, type Exit } from './lender.ts';
import { isImage, parseImageDataUrl } from '../lib/image-data-url.ts';
import { bindBrowser, isHttps, presentedBinding } from '../http/browser-binding.ts';

/** The cookie binding a session opened from an invitation link to the browser that opened it. */
const SESSION_COOKIE = 'obi_session';
import { EdgeInputError } from '../http/edge-error.ts';
import { ASSET_PATHS, ASSETS, bankLogoPath, IMMUTABLE, type Asset } from './assets.ts';
import { brandStylesheetOf, logoDigest, NO_BRANDING, openClientRef, type Branding } from './branding.ts';
import { ApiCallError, customerApi, retryAfterSeconds, type CustomerApi } from './customer-api.ts';
import { page, type PageOptions } from './layout.ts';
import { bankPickerBody, type PickerBank } from './pages/banks.ts';
import { consentBody } from './pages/consent.ts';
import { cancelBody, noticeBody, resultBody, type NoticeKind, type Outcome } from './pages/result.ts';
import { refererOrigin, setPageHeaders } from './security.ts';

const Secret = Type.Object({ secret: Type.String({ maxLength: 200 }) });
const SecretSlug = Type.Object({ secret: Type.String({ maxLength: 200 }), bank_slug: Type.String({ maxLength: 100 }) });
const hide = { hide: true };

/** What the hosted pages need; the composition root's AppDeps satisfies it. */
export interface WebDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl' | 'pagesPerMinute' | 'pagesPerAddressPerMinute' | 'regulatedFirm'>;
  banks: Pick<BankLinks, 'connection'>;
  installationKey: string;
  logger: Pick<Logger, 'warn'>;
}

interface NoticeOptions {
  company?: string | null;
  at?: Date | null;
  component?: boolean;
  backHref?: string;
  frame?: string | null;
  brand?: Branding;
  /** a refused page: when to try again, in words ("1 minute") */
  retryAfter?: string;
  /** the way back to the lender */
  exit?: Exit | null;
  /** whose page it is, where known: its branding and way back are looked up (overrides company, brand, exit) */
  context?: RefusalContext;
}

/**
 * The lender of a refused page's flow, where the request names one: a session's secret, a bank return's state, an
 * invitation link (its signature checked) or a component link. Read only: nothing is opened or used.
 */
async function contextOfRequest(deps: WebDeps, request: FastifyRequest): Promise<RefusalContext | undefined> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof params.invitation_id === 'string' && typeof params.signature === 'string')
    return (
      (await contextOfLink(deps, { invitationId: params.invitation_id, signature: params.signature })) ?? undefined
    );
  if (typeof params.token === 'string')
    return (await contextOfLink(deps, { componentToken: params.token })) ?? undefined;
  if (typeof params.secret === 'string') {
    const s = await loadSession(deps, params.secret, deps.clock.now(), presentedBinding(request, SESSION_COOKIE));
    return 'refused' in s ? s.context : s;
  }
  if (typeof query.state === 'string' && query.state.length <= 200) {
    const flow = await findFlowByState(deps.db, query.state);
    return (flow && (await contextOfFlow(deps.db, flow))) || undefined;
  }
  return undefined;
}

/** A hosted page with the pages' headers, the regulated provider in its footer. */
function sendPage(deps: WebDeps, reply: FastifyReply, status: number, frameAncestors: string | null, o: PageOptions) {
  setPageHeaders(reply, { frameAncestors, imageOrigins: [new URL(deps.config.publicBaseUrl).origin] });
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(page({ ...o, firm: deps.config.regulatedFirm }));
}

/** A notice (a refusal, a failure), in the lender's branding with its way back where the flow is known. */
async function sendNotice(deps: WebDeps, reply: FastifyReply, kind: NoticeKind, o: NoticeOptions) {
  const known = o.context ? await lenderOf(deps, o.context) : null;
  const opts = known ? { ...o, company: known.company, brand: known.brand, exit: known.exit } : o;
  const n = noticeBody(kind, opts);
  // A component's refusal is shown inside whatever page framed it, so the customer sees why; it holds nothing.
  return sendPage(deps, reply, n.status, o.frame !== undefined ? o.frame : o.component ? '*' : null, {
    title: n.title,
    company: opts.company,
    framed: o.component,
    hostOrigin: o.component && o.context?.origin ? o.context.origin : null,
    brand: opts.brand ?? NO_BRANDING,
    body: n.body,
  });
}

/**
 * A refused (429) page (docs/decisions/0071-branded-refusal-everywhere.md): in the flow's branding with its way back
 * where the request names the flow, Retry-After and the wait in words. A component's page is refused inside the
 * frame it was loaded in (only its host may frame it); the bank's return, a top-level window, is not framed.
 */
async function sendBusy(
  deps: WebDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  wait: { seconds: number | null; words?: string },
) {
  const context = await contextOfRequest(deps, request).catch(() => undefined);
  if (wait.seconds !== null && !reply.hasHeader('retry-after')) reply.header('retry-after', String(wait.seconds));
  const framed =
    context?.mode === 'component' && typeof (request.query as { state?: unknown } | undefined)?.state !== 'string';
  return sendNotice(deps, reply, 'busy', {
    retryAfter: wait.words ?? (wait.seconds !== null ? waitInWords(wait.seconds) : undefined),
    context,
    component: framed,
    frame: framed ? (context.origin ?? '*') : null,
  });
}

/** The pages' shared helpers: rendering, refusals, the session behind a secret, API failures, a flow's outcome. */
function webContext(app: HttpApp, deps: WebDeps) {
  const now = () => deps.clock.now();
  const publicOrigin = new URL(deps.config.publicBaseUrl).origin;
  const api = (s: ConnectSession): CustomerApi => customerApi(app, s.customerToken);

  const lender = (s: ConnectSession) => lenderOf(deps, s);
  const send = (reply: FastifyReply, status: number, frameAncestors: string | null, o: PageOptions) =>
    sendPage(deps, reply, status, frameAncestors, o);
  const frameOf = (s: ConnectSession) => (s.mode === 'component' ? s.origin : null);
  const notice = (reply: FastifyReply, kind: NoticeKind, o: NoticeOptions) => sendNotice(deps, reply, kind, o);
  const refuse = (reply: FastifyReply, r: Refusal, component: boolean) =>
    notice(reply, r.refused, {
      company: 'company' in r ? r.company : null,
      at: 'at' in r ? r.at : null,
      component,
      context: r.context,
    });
  const withSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string,
  ): Promise<ConnectSession | null> => {
    const s = await loadSession(deps, secret, now(), presentedBinding(request, SESSION_COOKIE));
    if ('refused' in s) {
      await refuse(reply, s, 'component' in s && s.component === true);
      return null;
    }
    return s;
  };
  const apiFailure = async (reply: FastifyReply, s: ConnectSession, err: unknown) => {
    // A 429 is the refused page (the error handler's), not a failure.
    if (!(err instanceof ApiCallError) || err.status === 429) throw err;
    deps.logger.warn({ status: err.status, code: err.code }, 'a hosted connect page could not use the API');
    const kind: NoticeKind =
      err.status >= 502
        ? 'bank_unavailable'
        : err.code === 'bank_not_found' || err.code === 'bank_not_connectable'
          ? 'bank_not_available'
          : 'error';
    return notice(reply, kind, {
      company: s.company,
      component: s.mode === 'component',
      frame: frameOf(s),
      backHref: sessionPath(s.secret, '/banks'),
      context: s,
    });
  };

  /** The flow's consent as endpoint 6 reports it; an Authorised one completes the session (and uses its invitation). */
  async function outcomeOf(
    customer: CustomerApi,
    s: ConnectSession,
    slug: string,
    consentId: string,
    reported?: string,
  ): Promise<Outcome> {
    let status;
    try {
      status = await customer.consentStatus(slug);
    } catch (err) {
      // Not known right now (the API failed): still waiting, as far as the customer can tell; the page can be reloaded.
      deps.logger.warn({ err: (err as Error).message }, 'reading the consent status for a hosted page failed');
      return reported === 'Error' ? 'Error' : 'AwaitingAuthorisation';
    }
    // Endpoint 6 reports the newest consent at the bank: when a newer one replaced this flow's, this flow is over.
    const outcome: Outcome = status && status.consent_id === consentId ? status.status : 'Error';
    if (outcome === 'Authorised') await completeSession(deps.db, s, now());
    return outcome;
  }
  return {
    deps,
    now,
    publicOrigin,
    api,
    lender,
    send,
    frameOf,
    notice,
    refuse,
    withSession,
    apiFailure,
    outcomeOf,
  };
}

type WebContext = ReturnType<typeof webContext>;

export async function webRoutes(app: HttpApp, deps: WebDeps): Promise<void> {
  const ctx = webContext(app, deps);
  const { notice } = ctx;
  // Browsers ask for it at the root whatever the page says.
  app.get(ASSET_PATHS.favicon, { schema: hide }, async (_request, reply) =>
    sendAsset(reply, ASSETS[ASSET_PATHS.favicon]),
  );
  await app.register(
    async (web: HttpApp) => {
      await web.register(formbody);
      web.addHook(
        'onRequest',
        hostedPageLimits(web, {
          perFlowPerMinute: deps.config.pagesPerMinute,
          perAddressPerMinute: deps.config.pagesPerAddressPerMinute,
        }),
      );
      web.setErrorHandler(async (err, request, reply) => {
        // A link the edge refused (a NUL, an escape that is not UTF-8: src/http/input-guard.ts) cannot be used.
        if (err instanceof EdgeInputError) return notice(reply, 'unknown', { frame: null });
        // Refused by the limits: branded as the flow's other pages where the address names the flow.
        if (err instanceof PagesBusyError)
          return sendBusy(deps, request, reply, { seconds: err.retryAfterSeconds, words: err.retryAfter });
        // The API refused the customer's token (its budgets, docs/decisions/0044-limits-by-who-spends-them.md).
        if (err instanceof ApiCallError && err.status === 429)
          return sendBusy(deps, request, reply, { seconds: err.retryAfterSeconds });
        if (err instanceof AppError && err.code === 'rate_limited')
          return sendBusy(deps, request, reply, { seconds: retryAfterSeconds(err.headers['retry-after']) });
        request.log.error({ err }, 'hosted connect page failed');
        return notice(reply, 'error', { frame: null });
      });
      web.setNotFoundHandler(async (_request, reply) => notice(reply, 'unknown', { frame: null }));

      assetAndEntryRoutes(web, ctx);
      bankPickerRoutes(web, ctx);
      bankRoutes(web, ctx);
      returnRoutes(web, ctx);
      resultRoutes(web, ctx);
      cancelRoute(web, ctx);
    },
    { prefix: '/connect' },
  );
}

/** The static files and the two ways in: an invitation link and a component URL. */
function assetAndEntryRoutes(web: HttpApp, ctx: WebContext): void {
  const { deps, now, notice, refuse } = ctx;
  web.get(
    '/assets/:file',
    { schema: { ...hide, params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const asset = ASSETS[`/connect/assets/${request.params.file}`];
      if (asset) return sendAsset(reply, asset);
      const brandSheet = brandStylesheetOf(request.params.file);
      if (brandSheet)
        return sendAsset(reply, { body: brandSheet, type: 'text/css; charset=utf-8', cacheControl: IMMUTABLE });
      return notice(reply, 'unknown', { frame: null });
    },
  );
  logoRoute(web, ctx);
  web.get('/embed.js', { schema: hide }, async (_request, reply) => {
    const asset = ASSETS[ASSET_PATHS.embed];
    // Loaded by client sites (another origin), as a classic script.
    return reply
      .type(asset.type)
      .header('cache-control', asset.cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(asset.body);
  });

  web.get(
    '/invitations/:invitation_id/:signature',
    {
      schema: {
        ...hide,
        params: Type.Object({
          invitation_id: Type.String({ maxLength: 100 }),
          signature: Type.String({ maxLength: 100 }),
        }),
      },
    },
    async (request, reply) => {
      const bindingId = bindBrowser(request, reply, {
        secure: isHttps(deps.config.publicBaseUrl),
        path: '/connect',
        cookie: SESSION_COOKIE,
      });
      const opened = await openInvitation(
        deps,
        request.params.invitation_id,
        request.params.signature,
        now(),
        bindingId,
      );
      if ('refused' in opened) return refuse(reply, opened, false);
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(sessionPath(opened.secret, '/banks'), 303);
    },
  );

  web.get(
    '/component/:token',
    { schema: { ...hide, params: Type.Object({ token: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const opened = await openComponent(deps, request.params.token, refererOrigin(request), now());
      if ('refused' in opened) return refuse(reply, opened, true);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(sessionPath(opened.secret, '/banks'), 303);
    },
  );
}

function sendAsset(reply: FastifyReply, asset: Asset) {
  return reply
    .type(asset.type)
    .header('cache-control', asset.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(asset.body);
}

/**
 * A client's logo, by the address branding.ts gives it: the client sealed and the logo's digest, so it is public
 * and cacheable for a year (a new logo has a new address). An SVG is shown only through <img>; opened on its own
 * it still runs nothing (a sandboxing CSP), and it was checked when it was set.
 */
function logoRoute(web: HttpApp, ctx: WebContext): void {
  const { deps } = ctx;
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
  web.get(
    '/brand/:ref/:file',
    {
      schema: {
        ...hide,
        params: Type.Object({ ref: Type.String({ maxLength: 300 }), file: Type.String({ maxLength: 100 }) }),
      },
    },
    async (request, reply) => {
      const clientId = openClientRef(deps.installationKey, request.params.ref);
      const [, digest, ext] = /^logo\.([0-9a-f]{16})\.(png|svg)$/.exec(request.params.file) ?? [];
      if (!clientId || !digest || !ext) return notFound(reply);
      let logo: string | null;
      try {
        logo = (await getSettings(deps.db, clientId)).logo_url;
      } catch {
        return notFound(reply); // the client was deleted
      }
      const image = logo ? parseImageDataUrl(logo) : null;
      if (!logo || !image || !isImage(image) || logoDigest(logo) !== digest) return notFound(reply);
      if (ext !== (image.type === 'image/png' ? 'png' : 'svg')) return notFound(reply);
      return reply
        .type(image.type)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename="logo.${ext}"`)
        .send(image.bytes);
    },
  );
}

/** The session's start and the bank picker. */
function bankPickerRoutes(web: HttpApp, ctx: WebContext): void {
  const { deps, api, lender, send, frameOf, withSession } = ctx;
  web.get('/s/:secret', { schema: { ...hide, params: Secret } }, async (request, reply) =>
    reply.redirect(sessionPath(request.params.secret, '/banks'), 303),
  );

  web.get(
    '/s/:secret/banks',
    {
      schema: {
        ...hide,
        params: Secret,
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
      },
    },
    async (request, reply) => {
      const s = await withSession(request, reply, request.params.secret);
      if (!s) return reply;
      const connected = new Set(((await api(s).banks()) ?? []).filter((b) => b.is_connected).map((b) => b.slug));
      const banks: PickerBank[] = BANKS.filter((b) => b.is_active && !b.is_api_only)
        .map((b) => ({
          slug: b.slug,
          name: b.name,
          logoUrl: bankLogoPath(b.slug),
          isSandbox: b.is_sandbox,
          type: b.type,
          available: deps.banks.connection(b.slug) !== null,
          connected: connected.has(b.slug),
          href: sessionPath(s.secret, `/banks/${b.slug}`),
        }))
        .filter((b) => b.available || !b.isSandbox); // a disabled sandbox is not a bank anyone should see
      return send(reply, 200, frameOf(s), {
        title: 'Choose your bank',
        company: s.company,
        brand: (await lender(s)).brand,
        framed: s.mode === 'component',
        hostOrigin: s.origin,
        step: 1,
        cancelHref: sessionPath(s.secret, '/cancel'),
        body: bankPickerBody({
          company: s.company,
          banks,
          query: request.query.q ?? '',
          searchAction: sessionPath(s.secret, '/banks'),
          prefer: s.customerType === 'Business' ? 'Business' : s.customerType === 'Individual' ? 'Personal' : null,
        }),
      });
    },
  );
}

/** One bank: its consent screen, and continuing to the bank (endpoints 4 and 5 through the API). */
function bankRoutes(web: HttpApp, ctx: WebContext): void {
  const { deps, now, api, lender, send, frameOf, withSession, apiFailure } = ctx;
  web.get('/s/:secret/banks/:bank_slug', { schema: { ...hide, params: SecretSlug } }, async (request, reply) => {
    const s = await withSession(request, reply, request.params.secret);
    if (!s) return reply;
    const slug = request.params.bank_slug;
    let screen;
    try {
      screen = await api(s).consentScreen(slug);
    } catch (err) {
      return apiFailure(reply, s, err);
    }
    const { count } = await latestFlow(deps.db, s.id);
    return send(reply, 200, frameOf(s), {
      title: `Connect to ${screen.metadata.name}`,
      company: s.company,
      brand: (await lender(s)).brand,
      framed: s.mode === 'component',
      hostOrigin: s.origin,
      step: 2,
      cancelHref: sessionPath(s.secret, '/cancel'),
      body: consentBody({
        screen,
        logoUrl: bankLogoPath(slug),
        isSandbox: findBank(slug)?.is_sandbox ?? false,
        continueAction: sessionPath(s.secret, `/banks/${slug}/continue`),
        backHref: sessionPath(s.secret, '/banks'),
        newWindow: s.mode === 'component',
        statusUrl: sessionPath(s.secret, '/status.json'),
        flowCount: count,
      }),
    });
  });

  web.post(
    '/s/:secret/banks/:bank_slug/continue',
    { schema: { ...hide, params: SecretSlug } },
    async (request, reply) => {
      const s = await withSession(request, reply, request.params.secret);
      if (!s) return reply;
      const slug = request.params.bank_slug;
      let flow;
      try {
        flow = await api(s).bankFlow(slug, hostedReturnUrl(deps.config.publicBaseUrl));
      } catch (err) {
        return apiFailure(reply, s, err);
      }
      await recordFlow(deps.db, s, { state: flow.state, consentId: flow.consent_id, bankSlug: slug }, now());
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(flow.url, 303);
    },
  );
}

/** Where the bank flow returns the customer to (the state names the flow). */
function returnRoutes(web: HttpApp, ctx: WebContext): void {
  const { deps, now, api, lender, send, notice, outcomeOf } = ctx;
  web.get(
    '/return',
    {
      schema: {
        ...hide,
        querystring: Type.Object(
          {
            state: Type.Optional(Type.String({ maxLength: 200 })),
            status: Type.Optional(Type.String({ maxLength: 20 })),
          },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      const state = request.query.state;
      const flow = state ? await findFlowByState(deps.db, state) : null;
      if (!state || !flow) return notice(reply, 'unknown', { frame: null });
      // Refused here, the page still names the lender, in its branding, with the way back.
      const of = await contextOfFlow(deps.db, flow);
      const known = of ? { company: of.company, context: of } : {};
      // Only the browser that started the flow, and only once (src/modules/consents/browser-flow.service.ts).
      if (!(await isStartedBy(deps, flow.consent_id, presentedBinding(request))))
        return notice(reply, 'other_browser', { frame: null, ...known });
      if (!(await claimFlowReturn(deps.db, state, now())))
        return notice(reply, 'return_used', { frame: null, ...known });
      const s = await loadSessionOfFlow(deps, flow, now());
      if ('refused' in s)
        return notice(reply, s.refused, {
          company: 'company' in s ? s.company : null,
          at: 'at' in s ? s.at : null,
          frame: null,
          context: s.context,
        });
      const outcome = await outcomeOf(api(s), s, flow.bank_slug, flow.consent_id, request.query.status);
      const bankName = findBank(flow.bank_slug)?.name ?? flow.bank_slug;
      if (s.mode === 'component') {
        // This window was opened for the bank; the component, waiting in the client's page, shows the outcome there.
        return send(reply, 200, null, {
          title: outcome === 'Authorised' ? 'Connected' : 'Not connected',
          company: s.company,
          brand: (await lender(s)).brand,
          step: 3,
          body: resultBody({ outcome, bankName, company: s.company, inPopup: true }),
        });
      }
      const secret = await renewSessionSecret(deps.db, s.id);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(sessionPath(secret, `/result?consent_id=${encodeURIComponent(flow.consent_id)}`), 303);
    },
  );
}

/** Every step's Cancel (docs/decisions/0055-hosted-pages-no-dead-ends.md). */
function cancelRoute(web: HttpApp, ctx: WebContext): void {
  const { lender, send, frameOf, withSession } = ctx;
  web.get('/s/:secret/cancel', { schema: { ...hide, params: Secret } }, async (request, reply) => {
    const s = await withSession(request, reply, request.params.secret);
    if (!s) return reply;
    // Changes nothing (docs/decisions/0055-hosted-pages-no-dead-ends.md): nothing is shared before the bank.
    const l = await lender(s);
    return send(reply, 200, frameOf(s), {
      title: 'You have not connected a bank',
      company: s.company,
      brand: l.brand,
      framed: s.mode === 'component',
      hostOrigin: s.origin,
      body: cancelBody({ company: s.company, exit: l.exit, banksHref: sessionPath(s.secret, '/banks') }),
    });
  });
}

/** The session's outcome: the result page and its status for the page's script. */
function resultRoutes(web: HttpApp, ctx: WebContext): void {
  const { deps, now, api, lender, send, frameOf, withSession, outcomeOf } = ctx;
  web.get(
    '/s/:secret/result',
    {
      schema: {
        ...hide,
        params: Secret,
        querystring: Type.Object({ consent_id: Type.Optional(Type.String({ maxLength: 100 })) }),
      },
    },
    async (request, reply) => {
      const s = await withSession(request, reply, request.params.secret);
      if (!s) return reply;
      const flow =
        (request.query.consent_id ? await flowOfSession(deps.db, s.id, request.query.consent_id) : null) ??
        (await latestFlow(deps.db, s.id)).flow;
      if (!flow) return reply.redirect(sessionPath(s.secret, '/banks'), 303);
      const outcome = await outcomeOf(api(s), s, flow.bank_slug, flow.consent_id);
      const bankName = findBank(flow.bank_slug)?.name ?? flow.bank_slug;
      const l = await lender(s);
      const hostEvent =
        s.mode === 'component' && outcome !== 'AwaitingAuthorisation'
          ? {
              type: 'obi-connect:result',
              status: outcome,
              bank_slug: flow.bank_slug,
              consent_id: flow.consent_id,
              customer_id: s.customerId,
            }
          : null;
      return send(reply, 200, frameOf(s), {
        title: outcome === 'Authorised' ? 'Connected' : 'Not connected',
        company: s.company,
        framed: s.mode === 'component',
        hostOrigin: s.origin,
        hostEvent,
        step: 3,
        // Not connected yet: the step may still be left; connected: the way back is the page's main button.
        cancelHref: outcome === 'Authorised' ? null : sessionPath(s.secret, '/cancel'),
        brand: l.brand,
        body: resultBody({
          outcome,
          bankName,
          company: s.company,
          retryHref: sessionPath(s.secret, `/banks/${flow.bank_slug}`),
          banksHref: sessionPath(s.secret, '/banks'),
          exit: l.exit,
        }),
      });
    },
  );

  web.get(
    '/s/:secret/status.json',
    {
      schema: {
        ...hide,
        params: Secret,
        querystring: Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0 })) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const s = await loadSession(deps, request.params.secret, now(), presentedBinding(request, SESSION_COOKIE));
      if ('refused' in s) return reply.code(410).send({ state: 'gone' });
      const { flow, count } = await latestFlow(deps.db, s.id);
      if (!flow || count <= (request.query.after ?? 0)) return { state: 'waiting' };
      const outcome = await outcomeOf(api(s), s, flow.bank_slug, flow.consent_id);
      if (outcome === 'AwaitingAuthorisation') return { state: 'waiting' };
      return {
        state: 'done',
        status: outcome,
        result_url: sessionPath(s.secret, `/result?consent_id=${encodeURIComponent(flow.consent_id)}`),
      };
    },
  );
}
