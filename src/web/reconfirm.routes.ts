/**
 * The hosted reconfirmation page (docs/decisions/0060-reconfirmation-links.md), beside the connect pages and in
 * their shell, headers and limits:
 *
 *   GET  /connect/reconfirm/{id}/{signature}   what is shared, and the two answers
 *   POST /connect/reconfirm/{id}/{signature}   answer=reconfirm | withdraw → 303 back to the GET, which then shows
 *                                              the outcome (a reload never answers twice: the link works once)
 *
 * The signature in the path is the credential (src/lib/reconfirmation-links.ts); it is masked in logs
 * (src/lib/log-redaction.ts). A POST from another site's page changes nothing: the browser names the site.
 */
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { HttpApp } from '../http/server.ts';
import { findBank } from '../banks/registry.ts';
import { isImage, parseImageDataUrl } from '../lib/image-data-url.ts';
import { reconfirmationPath } from '../lib/reconfirmation-links.ts';
import { getSettings } from '../modules/clients/index.ts';
import { CONSENT_PERMISSION_WORDS, type ConsentRow } from '../modules/consents/index.ts';
import {
  answerReconfirmationLink,
  openReconfirmationLink,
  type OpenedLink,
  type ReconfirmationDeps,
} from '../modules/reconfirmations/index.ts';
import { brandStylesheetPath, logoPath, type Branding } from './branding.ts';
import { lenderOf } from './lender.ts';
import type { Html } from './html.ts';
import { page } from './layout.ts';
import { hostedPageLimits, PagesBusyError } from './page-limits.ts';
import { reconfirmBody, reconfirmOutcome } from './pages/reconfirm.ts';
import { setPageHeaders } from './security.ts';
import type { WebDeps } from './web.routes.ts';

const Params = Type.Object({
  reconfirmation_id: Type.String({ maxLength: 100 }),
  signature: Type.String({ maxLength: 100 }),
});
const Answer = Type.Object({ answer: Type.Optional(Type.String({ maxLength: 20 })) });
const hide = { hide: true };

type PageDeps = WebDeps & ReconfirmationDeps;
type Look = { company: string | null; brand: Branding };

/** The client's name, logo and colour on the page; none when the link names no client. */
async function clientLook(deps: PageDeps, clientId: string | undefined): Promise<Look> {
  if (!clientId) return { company: null, brand: { logoSrc: null, stylesheet: null } };
  const s = await getSettings(deps.db, clientId);
  const image = s.logo_url ? parseImageDataUrl(s.logo_url) : null;
  return {
    company: s.application_name ?? s.company_name ?? null,
    brand: {
      logoSrc:
        s.logo_url && image && isImage(image) ? logoPath(deps.installationKey, clientId, s.logo_url, image.type) : null,
      stylesheet: s.primary_colour ? brandStylesheetPath(s.primary_colour) : null,
    },
  };
}

function send(deps: PageDeps, reply: FastifyReply, o: { status: number; title: string; body: Html }, look: Look) {
  setPageHeaders(reply, { frameAncestors: null, imageOrigins: [new URL(deps.config.publicBaseUrl).origin] });
  return reply
    .code(o.status)
    .type('text/html; charset=utf-8')
    .send(
      page({ title: o.title, company: look.company, brand: look.brand, body: o.body, firm: deps.config.regulatedFirm }),
    );
}

const bankName = (c: ConsentRow | null) => (c ? (findBank(c.bank_slug)?.name ?? c.bank_slug) : 'your bank');

/** The page for a link: the question while it works, else the outcome or why it cannot be used. */
async function render(deps: PageDeps, reply: FastifyReply, opened: OpenedLink, id: string) {
  const look = await clientLook(deps, 'link' in opened ? opened.link.client_id : opened.clientId);
  const company = look.company ?? 'The company that sent you the link';
  if ('link' in opened) {
    const c = opened.consent;
    const body = reconfirmBody({
      company,
      bankName: bankName(c),
      shared: c.permissions.map((p) => CONSENT_PERMISSION_WORDS[p] ?? p),
      purposes: descriptions(c.sharing_purposes),
      thirdParties: names(c.sharing_third_parties),
      historyFrom: new Date(Number(c.transaction_from) * 1000),
      authorisedAt: c.authorised_at ? new Date(c.authorised_at) : null,
      reconfirmBy: c.reconfirm_by ? new Date(c.reconfirm_by) : null,
      bankExpiry: c.expiration !== null ? new Date(Number(c.expiration) * 1000) : null,
      // The form posts to the very address of the page.
      action: reconfirmationPath(deps.installationKey, id),
    });
    return send(deps, reply, { status: 200, title: 'Keep sharing your bank data?', body }, look);
  }
  if (opened.refused !== 'used')
    return send(deps, reply, reconfirmOutcome({ kind: opened.refused, company: look.company }), look);
  const o =
    opened.outcome === 'reconfirmed'
      ? reconfirmOutcome({
          kind: 'reconfirmed',
          company,
          bankName: bankName(opened.consent),
          until: opened.consent?.reconfirm_by ? new Date(opened.consent.reconfirm_by) : null,
        })
      : reconfirmOutcome({ kind: 'withdrawn', company, bankName: bankName(opened.consent) });
  return send(deps, reply, o, look);
}

/**
 * A refused (429) page in the lender's branding, with the wait in words and the way back, where the link is one
 * (its signature checked, nothing answered): docs/decisions/0071-branded-refusal-everywhere.md.
 */
async function sendBusy(deps: PageDeps, request: FastifyRequest, reply: FastifyReply, err: PagesBusyError) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const { reconfirmation_id: id, signature } = params;
  let clientId: string | undefined;
  if (typeof id === 'string' && typeof signature === 'string') {
    const opened = await openReconfirmationLink(deps, id, signature, deps.clock.now()).catch(() => null);
    clientId = opened ? ('link' in opened ? opened.link.client_id : opened.clientId) : undefined;
  }
  const lender = clientId ? await lenderOf(deps, { clientId, mode: 'invitation', origin: null }) : null;
  const look = lender ? { company: lender.company, brand: lender.brand } : NO_LOOK;
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(err.retryAfterSeconds));
  return send(
    deps,
    reply,
    reconfirmOutcome({ kind: 'busy', company: look.company, retryAfter: err.retryAfter, exit: lender?.exit ?? null }),
    look,
  );
}

const NO_LOOK: Look = { company: null, brand: { logoSrc: null, stylesheet: null } };

export async function reconfirmPageRoutes(app: HttpApp, deps: PageDeps): Promise<void> {
  const publicOrigin = new URL(deps.config.publicBaseUrl).origin;
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
        if (err instanceof PagesBusyError) return sendBusy(deps, request, reply, err);
        request.log.error({ err }, 'hosted reconfirmation page failed');
        return send(deps, reply, reconfirmOutcome({ kind: 'error', company: null }), NO_LOOK);
      });
      web.setNotFoundHandler(async (_request, reply) =>
        send(deps, reply, reconfirmOutcome({ kind: 'unknown', company: null }), NO_LOOK),
      );

      web.get('/:reconfirmation_id/:signature', { schema: { ...hide, params: Params } }, async (request, reply) => {
        const { reconfirmation_id: id, signature } = request.params;
        return render(deps, reply, await openReconfirmationLink(deps, id, signature, deps.clock.now()), id);
      });

      web.post(
        '/:reconfirmation_id/:signature',
        { schema: { ...hide, params: Params, body: Answer } },
        async (request, reply) => {
          const { reconfirmation_id: id, signature } = request.params;
          // The page sends no Referer (no-referrer), so a browser's own form post says `Origin: null`; it also says
          // Sec-Fetch-Site. Only a post that names another site is refused (the link's signature is the credential).
          const origin = request.headers.origin;
          const fetchSite = request.headers['sec-fetch-site'];
          const foreign =
            (origin !== undefined && origin !== 'null' && origin !== publicOrigin) ||
            (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none');
          const answer =
            request.body.answer === 'reconfirm'
              ? 'reconfirmed'
              : request.body.answer === 'withdraw'
                ? 'withdrawn'
                : null;
          // Another site's form, or no answer: nothing changes; the page is shown again.
          if (foreign || answer === null)
            return render(deps, reply, await openReconfirmationLink(deps, id, signature, deps.clock.now()), id);
          const outcome = await answerReconfirmationLink(deps, id, signature, answer);
          if ('refused' in outcome && outcome.refused === 'used')
            return reply
              .code(303)
              .header('cache-control', 'no-store')
              .redirect(reconfirmationPath(deps.installationKey, id), 303);
          return render(deps, reply, outcome, id);
        },
      );
    },
    { prefix: '/connect/reconfirm' },
  );
}

function descriptions(v: unknown): string[] {
  return Array.isArray(v) ? v.map((p: { description?: unknown }) => String(p?.description ?? '')).filter(Boolean) : [];
}

function names(v: unknown): string[] {
  return Array.isArray(v)
    ? v.map((p: { company_name?: unknown }) => String(p?.company_name ?? '')).filter(Boolean)
    : [];
}
