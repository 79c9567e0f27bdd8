/**
 * The page for a browser the bank sent back that cannot finish the flow (src/modules/consents/webflow.routes.ts):
 * another browser than the one that started it, or an answer already received. Like every hosted page it names
 * the lender in its branding, says what happened in plain words and offers the way back
 * (docs/decisions/0055-hosted-pages-no-dead-ends.md).
 */
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/config.ts';
import { html } from './html.ts';
import { page } from './layout.ts';
import { lenderOf, type LenderDeps } from './lender.ts';
import { exitLink } from './pages/result.ts';
import { setPageHeaders } from './security.ts';

const TEXTS = {
  other_browser: [
    'Finish in the browser you started in',
    'Your bank sent you back in another browser, not the one where you started, so for your security nothing was connected or shared. Go back to the browser where you started and begin again there.',
  ],
  used: [
    'Your bank’s answer has already been received',
    'This address works once, and it has been used, so nothing was changed now. If you were not connected, begin again from where you started.',
  ],
} as const;

export async function sendBankReturnNotice(
  reply: FastifyReply,
  deps: LenderDeps & { config: Pick<Config, 'publicBaseUrl' | 'regulatedFirm'> },
  kind: keyof typeof TEXTS,
  clientId: string | null,
): Promise<FastifyReply> {
  const lender = clientId ? await lenderOf(deps, { clientId, mode: 'invitation', origin: null }) : null;
  const [title, text] = TEXTS[kind];
  setPageHeaders(reply, { frameAncestors: null, imageOrigins: [new URL(deps.config.publicBaseUrl).origin] });
  const exit = lender?.exit ? html`<p class="exit-row">${exitLink(lender.exit, lender.company, kind)}</p>` : '';
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      page({
        title,
        company: lender?.company ?? null,
        brand: lender?.brand,
        firm: deps.config.regulatedFirm,
        body: html`<h1 tabindex="-1" data-autofocus>${title}</h1><p class="lead">${text}</p>${exit}`,
      }),
    );
}
