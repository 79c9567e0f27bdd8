/**
 * The customer's side (AppUserToken): endpoints 4, 5, 6, the customer's bank list, reconfirmation and withdrawal;
 * and the callback the bank sends the customer to (no token: the state is the credential, once).
 */
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { ConsentDeps } from './bank-access.ts';
import { customerOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS, described } from '../../http/wire.ts';
import { BANK_FLOW_START_PATH, CALLBACK_PATH } from '../../banks/connections.ts';
import { AppError, type ErrorCode } from '../../lib/app-error.ts';
import { bindBrowser, isHttps, presentedBinding } from '../../http/browser-binding.ts';
import { wantsHtml } from '../../http/browser-notice.ts';
import { sendBankReturnNotice } from '../../web/bank-return-notice.ts';
import { lenderOf } from '../../web/lender.ts';
import { exitLink } from '../../web/pages/result.ts';
import { sendFragmentRelay } from '../../http/fragment-relay.ts';
import { FlowStartRefused } from './browser-flow.service.ts';
import { page } from '../../web/layout.ts';
import { html } from '../../web/html.ts';
import { setPageHeaders } from '../../web/security.ts';
import { finishConsent } from './callback.service.ts';
import * as service from './webflow.service.ts';
import {
  BankFlow,
  BankSlugParams,
  ConsentScreen,
  ConsentStatusWire,
  RedirectQuery,
  SharingBody,
  WebflowBankList,
} from './consents.wire.ts';

export async function webflowRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  await bankFlowRoutes(app, deps);
  await consentManagementRoutes(app, deps);
  await callbackRoute(app, deps);
}

/** The bank flow itself: endpoints 4, 5 and 6. */
async function bankFlowRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  const customer = requireAuth(deps, 'customer');
  const tags = ['Bank flow'];
  const security = [{ AppUserToken: [] }];
  // Endpoints 4 and 5 take an optional body: none (or null) counts as {}.
  const emptyBody = async (request: { body: unknown }) => {
    if (request.body === undefined || request.body === null) request.body = {};
  };

  app.post(
    '/public/v3/webflow/banks/:bank_slug/consent',
    {
      onRequest: customer,
      preValidation: emptyBody,
      schema: {
        summary: '4. Create consent screen',
        description:
          'Customer side (customer token): creates the consent the customer is asked to give for this bank (the data and the period) and answers with what to show them on your consent screen.',
        tags,
        security,
        params: BankSlugParams,
        body: SharingBody,
        response: { 200: ConsentScreen, ...problemResponses(...STANDARD_ERRORS, 422) },
      },
    },
    async (request) => service.getConsentScreen(deps, customerOf(request), request.params.bank_slug, request.body),
  );

  app.post(
    '/public/v3/webflow/banks/:bank_slug/redirect',
    {
      onRequest: customer,
      preValidation: emptyBody,
      schema: {
        summary: '5. Create bank flow URL',
        description:
          'Customer side: after the customer agreed, answers the URL to send their browser to. It leads to their bank to authorise access, then back to your `url` (one of your registered redirect URLs) with the outcome.',
        tags,
        security,
        params: BankSlugParams,
        querystring: RedirectQuery,
        body: SharingBody,
        response: { 200: BankFlow, ...problemResponses(...STANDARD_ERRORS, 422, 502) },
      },
    },
    async (request) =>
      service.createBankFlowUrl(deps, customerOf(request), request.params.bank_slug, request.query.url, request.body),
  );

  app.get(
    '/public/v3/webflow/banks/:bank_slug/consent/status',
    {
      onRequest: customer,
      schema: {
        summary: '6. Get consent status',
        description:
          "Customer side: the state of the customer's consent at this bank (`AwaitingAuthorisation`, `Authorised`, `Rejected`, `Revoked`) and its accounts, so your front end knows when the bank flow is done.",
        tags,
        security,
        params: BankSlugParams,
        response: { 200: ConsentStatusWire, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.getConsentStatus(deps, customerOf(request), request.params.bank_slug),
  );
}

/** The customer's view of banks and consents: list, reconfirm, revoke. */
async function consentManagementRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  const customer = requireAuth(deps, 'customer');
  const tags = ['Bank flow'];
  const security = [{ AppUserToken: [] }];
  app.get(
    '/public/v3/webflow/banks',
    {
      onRequest: customer,
      schema: {
        summary: "Banks the customer can connect, with the customer's latest consent at each",
        description:
          "Customer side: the banks the customer can connect, each with the customer's latest consent there, for a bank picker that shows which are already connected.",
        tags,
        security,
        response: { 200: WebflowBankList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.listWebflowBanks(deps, customerOf(request)),
  );

  app.post(
    '/public/v3/webflow/banks/:bank_slug/consent/reconfirm',
    {
      onRequest: customer,
      schema: {
        summary: 'Reconfirm the consent (due every 90 days)',
        description:
          'Customer side: records that the customer reconfirmed their consent, as UK rules ask every 90 days, so access continues without a new authorisation at the bank.',
        tags,
        security,
        params: BankSlugParams,
        response: { 200: ConsentStatusWire, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request) => service.reconfirmConsent(deps, customerOf(request), request.params.bank_slug),
  );

  app.delete(
    '/public/v3/webflow/banks/:bank_slug/consent',
    {
      onRequest: customer,
      schema: {
        summary: 'Withdraw the consent (revoked here and at the bank)',
        description:
          'Customer side: the customer withdraws their consent at this bank; it is revoked here and at the bank, and no further data is pulled.',
        tags,
        security,
        params: BankSlugParams,
        response: { 200: ConsentStatusWire, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request) => service.withdrawConsent(deps, customerOf(request), request.params.bank_slug),
  );
}

/** The members of a bank's authorisation answer (RFC 6749 §4.1.2, OpenID Connect hybrid, JARM), as strings. */
const AuthorisationAnswer = Type.Object({
  state: Type.Optional(described(Type.String({ maxLength: 200 }), "the flow's state, as the bank returns it")),
  code: Type.Optional(described(Type.String({ maxLength: 2000 }), 'the authorisation code the bank returned')),
  id_token: Type.Optional(described(Type.String({ maxLength: 20_000 }), "the bank's signed ID token (hybrid flow)")),
  response: Type.Optional(
    described(Type.String({ maxLength: 20_000 }), "the bank's signed authorisation response (JARM)"),
  ),
  error: Type.Optional(
    described(Type.String({ maxLength: 200 }), "the bank's error code when the customer refused or the bank failed"),
  ),
  error_description: Type.Optional(Type.String({ maxLength: 1000, description: "the bank's words about the error" })),
  iss: Type.Optional(described(Type.String({ maxLength: 500 }), "the bank's issuer identifier")),
});

/** A person reads a refused callback: the lender's page, in its branding, with the way back (src/web/bank-return-notice.ts). */
async function refusedAnswerPage(reply: FastifyReply, deps: ConsentDeps, err: AppError, params: URLSearchParams) {
  const clientId = await service.clientOfAnswer(deps, params);
  return sendBankReturnNotice(reply, deps, err.code === 'flow_browser_mismatch' ? 'other_browser' : 'used', clientId);
}

/** Where the bank sends the customer back (no token: the state names the flow). */
const BANK_FLOW_TAGS = ['Bank flow'];

const StartParams = Type.Object({
  token: Type.String({ description: 'the one-time token of the bank flow URL', minLength: 20, maxLength: 100 }),
});

/** What each operation does, for the reference (docs/decisions/0066-reference-quality.md). */
const CALLBACK_DESCRIPTIONS = {
  callback:
    'Browser address, not an API call: the bank redirects the customer here after they authorised (or refused). The service checks the answer, finishes the consent and redirects to your URL with the outcome (`status=Success` or `Error`); when the bank put its answer in the URL fragment, a small page posts it to the service first.',
  relay:
    "Browser address, not an API call: the callback page posts here the bank's answer it read from the URL fragment; the service finishes the bank flow and redirects the customer to your URL.",
  start:
    'Browser address, not an API call: the URL endpoint 5 answers. Opening it binds the bank flow to this browser (once) and redirects to the bank; an expired or reused one shows a page with the way back.',
};

async function callbackRoute(app: HttpApp, deps: ConsentDeps): Promise<void> {
  const finish = async (request: FastifyRequest, reply: FastifyReply, answer: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(answer)) if (v !== undefined) params.set(k, v);
    try {
      const location = await finishConsent(deps, params, { bindingId: presentedBinding(request), ip: request.ip });
      return reply.code(302).header('location', location).header('cache-control', 'no-store').send(null);
    } catch (err) {
      if (err instanceof AppError && BROWSER_REFUSALS.has(err.code) && wantsHtml(request.headers.accept))
        return refusedAnswerPage(reply, deps, err, params);
      throw err;
    }
  };
  app.get(
    CALLBACK_PATH,
    {
      schema: {
        summary:
          "Where the bank sends the customer back; redirects to the client URL (a hybrid answer's fragment is relayed first)",
        description: CALLBACK_DESCRIPTIONS.callback,
        tags: BANK_FLOW_TAGS,
        querystring: AuthorisationAnswer,
        response: { 302: Type.Null(), ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Nothing in the query: the hybrid answer is in the fragment, which only the browser can read.
      if (q.state === undefined && q.response === undefined && q.error === undefined && q.code === undefined)
        return sendFragmentRelay(reply);
      return finish(request, reply, q);
    },
  );
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(
      CALLBACK_PATH,
      {
        schema: {
          summary: "A hybrid answer's fragment, posted by the callback's relay page; redirects to the client URL",
          description: CALLBACK_DESCRIPTIONS.relay,
          tags: BANK_FLOW_TAGS,
          body: AuthorisationAnswer,
          response: { 302: Type.Null(), ...problemResponses(400) },
        },
      },
      // The schema above has validated the body; the plain scope does not carry the type provider's inference.
      async (request, reply) => finish(request, reply, request.body as Static<typeof AuthorisationAnswer>),
    );
  });

  app.get(
    `${BANK_FLOW_START_PATH}/:token`,
    {
      schema: {
        summary: "Endpoint 5's URL: binds the bank flow to this browser, once, and sends it on to the bank",
        description: CALLBACK_DESCRIPTIONS.start,
        tags: BANK_FLOW_TAGS,
        params: StartParams,
        response: { 303: Type.Null() },
      },
    },
    async (request, reply) => {
      const bindingId = bindBrowser(request, reply, {
        secure: isHttps(deps.config.publicBaseUrl),
        path: '/',
      });
      try {
        const bankUrl = await service.openBankFlow(deps, request.params.token, bindingId);
        return reply
          .code(303)
          .header('location', bankUrl)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(null);
      } catch (err) {
        if (err instanceof FlowStartRefused)
          return refusedStartPage(reply, deps, err, await service.refusedStartView(deps, err));
        throw err;
      }
    },
  );
}

const REFUSED_START = {
  unknown: ['This link to your bank is not valid', 'Go back to where you came from and start again.'],
  used: [
    'This link to your bank has already been used',
    'Each link opens your bank once. Nothing was changed: go back to where you came from to start again.',
  ],
  expired: [
    'This link to your bank has expired',
    'Links to your bank last 30 minutes. Nothing was shared. Go back and start again when you are ready.',
  ],
  bank_error: [
    'Your bank could not start the connection',
    'Nothing was shared. Your bank may be busy: go back and try again in a few minutes.',
  ],
} as const;

/** A start address that does not lead to the bank: the hosted pages' layout, with the way back when there is one. */
async function refusedStartPage(
  reply: FastifyReply,
  deps: ConsentDeps,
  refusal: FlowStartRefused,
  view: { company: string | null; back: string | null; clientId: string | null },
) {
  const [title, text] = REFUSED_START[refusal.reason];
  // The lender's branding and, where the flow has no way back of its own, the lender's (src/web/lender.ts).
  const lender = view.clientId
    ? await lenderOf(deps, { clientId: view.clientId, mode: 'invitation', origin: null })
    : null;
  setPageHeaders(reply, { frameAncestors: null, imageOrigins: [new URL(deps.config.publicBaseUrl).origin] });
  const back = view.back
    ? html`<p><a class="button" href="${view.back}">Back to ${view.company ?? 'where you came from'}</a></p>`
    : lender?.exit
      ? html`<p>${exitLink(lender.exit, lender.company, refusal.reason)}</p>`
      : '';
  return reply
    .code(refusal.reason === 'bank_error' ? 502 : 400)
    .type('text/html; charset=utf-8')
    .send(
      page({
        title,
        company: view.company,
        brand: lender?.brand,
        firm: deps.config.regulatedFirm,
        body: html`<h1>${title}</h1><p>${text}</p>${back}`,
      }),
    );
}

/** Refusals a person meets in a browser: shown as a page. */
const BROWSER_REFUSALS = new Set<ErrorCode>(['invalid_state', 'flow_browser_mismatch']);
