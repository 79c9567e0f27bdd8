/**
 * The customer's way in to the hosted connect pages. Two doors, one session:
 *  - an invitation link (endpoint 8's url), usable until the invitation is used, revoked or expired;
 *  - a component URL (endpoint 7), single use, 1800 s, for one registered origin; its customer is found or created
 *    by user_reference on first use (docs/decisions/0012-invitations-and-web-component.md).
 * Opening either creates a connect session: a random secret carried in the pages' URLs, and a customer token
 * (endpoint 3's kind) the pages act with server-side. Completing a bank flow (a consent becoming Authorised)
 * completes the session and marks its invitation used.
 */
import { isIP } from 'node:net';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Db } from '../../db/db.ts';
import { AppError, type ErrorCode, type FieldError } from '../../lib/app-error.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';
import { issueCustomerToken } from '../auth/index.ts';
import { getSettings } from '../clients/index.ts';
import { findOrCreateCustomer } from '../customers/index.ts';
import { findInvitationForLink, invitationStatus, markInvitationUsed } from '../invitations/index.ts';
import { componentUrl, isInvitationSignature } from '../../lib/hosted-links.ts';
import * as repo from './connect.repo.ts';
import type { FlowRow, SessionRow } from './connect.repo.ts';
import { seal, unseal } from '../../lib/sealed-box.ts';

/** The component URL is single use and expires after 1800 s (docs/decisions/0012-invitations-and-web-component.md). */
const COMPONENT_URL_SECONDS = 1800;
/** A session outlives the URL that opened it: long enough to choose a bank, read, and approve at the bank. */
const SESSION_SECONDS = 2 * 3600;

/** What the hosted connect flow needs. */
export interface ConnectDeps {
  db: Database;
  config: Pick<Config, 'publicBaseUrl'>;
  installationKey: string;
}
type Deps = ConnectDeps;

/**
 * Whose page a refusal is, where the service knows: the lender's branding and its way back go on the page
 * (src/web/lender.ts, docs/decisions/0055-hosted-pages-no-dead-ends.md).
 */
export interface RefusalContext {
  clientId: string;
  mode: 'invitation' | 'component';
  /** component sessions: the host page's origin */
  origin: string | null;
}

export type Refusal =
  | { refused: 'unknown'; context?: undefined }
  | { refused: 'other_browser'; context?: RefusalContext }
  | {
      /** finished: a page from before the return from the bank, of a session that connected a bank; moved: of one that did not */
      refused: 'expired' | 'used' | 'revoked' | 'session_expired' | 'finished' | 'moved';
      company: string;
      at: Date | null;
      component?: boolean;
      context?: RefusalContext;
    }
  | { refused: 'wrong_origin'; company: string; at: null; context?: RefusalContext };

export interface ConnectSession {
  id: string;
  /** the secret in the pages' URLs */
  secret: string;
  clientId: string;
  customerId: string;
  mode: 'invitation' | 'component';
  invitationId: string | null;
  /** component sessions: the host page's origin */
  origin: string | null;
  customerType: 'Individual' | 'Business' | null;
  /** the customer token (AppUserToken) the pages act with */
  customerToken: string;
  company: string;
  completedAt: Date | null;
}

async function companyOf(db: Db, clientId: string): Promise<string> {
  const s = await getSettings(db, clientId);
  return s.application_name ?? s.company_name ?? 'The company that sent you here';
}

function isBareOrigin(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === s;
  } catch {
    return false;
  }
}

/** Endpoint 7. */
export async function createComponentUrl(
  deps: Deps,
  clientId: string,
  body: { ip: string; user_agent: string; user_reference: string; origin: string },
  now: Date,
) {
  const errors: FieldError[] = [];
  if (isIP(body.ip) === 0)
    errors.push({ pointer: '/ip', detail: 'must be an IPv4 or IPv6 address (0.0.0.0 when unknown)' });
  let code: ErrorCode = 'validation_failed';
  if (!isBareOrigin(body.origin)) {
    errors.push({
      pointer: '/origin',
      detail: 'must be an origin such as https://app.example.com (scheme, host and port only)',
    });
  } else if (!(await getSettings(deps.db, clientId)).component_origins.includes(body.origin)) {
    errors.push({
      pointer: '/origin',
      detail: 'is not one of the component_origins in the settings (PATCH /public/v3/settings)',
    });
    if (errors.length === 1) code = 'origin_not_allowed';
  }
  const [firstError] = errors;
  if (firstError) {
    throw new AppError(
      code,
      code === 'origin_not_allowed'
        ? `The origin ${body.origin} is not registered to host the component.`
        : `${firstError.pointer} ${firstError.detail}.`,
      { errors },
    );
  }
  const token = randomToken('obi_cu_');
  await repo.insertComponentUrl(deps.db, {
    id: newId(),
    client_id: clientId,
    token_hash: tokenLookupHash(token),
    user_reference: body.user_reference,
    origin: body.origin,
    ip: body.ip,
    user_agent: body.user_agent,
    created_at: now,
    expires_at: new Date(now.getTime() + COMPONENT_URL_SECONDS * 1000),
  });
  return {
    url: componentUrl(deps.config.publicBaseUrl, token),
    created_at: unixSeconds(now),
    expires_in: COMPONENT_URL_SECONDS,
    flow: ['open-banking'],
  };
}

async function startSession(
  deps: Deps,
  tx: Db,
  s: {
    clientId: string;
    customerId: string;
    invitationId: string | null;
    componentUrlId: string | null;
    origin: string | null;
    browserBindingHash: string | null;
  },
  now: Date,
): Promise<string> {
  const secret = randomToken('obi_ss_');
  const token = await issueCustomerToken(tx, s.clientId, s.customerId, SESSION_SECONDS, now);
  await repo.insertSession(tx, {
    id: newId(),
    secret_hash: tokenLookupHash(secret),
    client_id: s.clientId,
    customer_id: s.customerId,
    invitation_id: s.invitationId,
    component_url_id: s.componentUrlId,
    origin: s.origin,
    customer_token_sealed: seal(deps.installationKey, 'connect session tokens', token.token),
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_SECONDS * 1000),
    browser_binding_hash: s.browserBindingHash,
  });
  return secret;
}

/** An invitation link was opened: a new session, unless the invitation can no longer be used. */
export async function openInvitation(
  deps: Deps,
  invitationId: string,
  signature: string,
  now: Date,
  bindingId: string,
): Promise<{ secret: string } | Refusal> {
  if (!isInvitationSignature(deps.installationKey, invitationId, signature)) return { refused: 'unknown' };
  const inv = await findInvitationForLink(deps.db, invitationId);
  if (!inv) return { refused: 'unknown' };
  const status = invitationStatus(inv, now);
  if (status !== 'pending') {
    const at = status === 'revoked' ? inv.revoked_at : status === 'used' ? inv.used_at : inv.expires_at;
    return {
      refused: status,
      company: await companyOf(deps.db, inv.client_id),
      at: at ? new Date(at) : null,
      context: { clientId: inv.client_id, mode: 'invitation', origin: null },
    };
  }
  const secret = await deps.db.transaction((tx) =>
    startSession(
      deps,
      tx,
      {
        clientId: inv.client_id,
        customerId: inv.customer_id,
        invitationId: inv.id,
        componentUrlId: null,
        origin: null,
        browserBindingHash: tokenLookupHash(bindingId),
      },
      now,
    ),
  );
  return { secret };
}

/**
 * A component URL was loaded. `refererOrigin` is the origin of the page that loaded it, when the browser said:
 * a load from another site is refused and leaves the URL unused (frame-ancestors enforces the same in the browser).
 */
export async function openComponent(
  deps: Deps,
  token: string,
  refererOrigin: string | null,
  now: Date,
): Promise<{ secret: string } | Refusal> {
  const row = await repo.findComponentUrl(deps.db, tokenLookupHash(token));
  if (!row) return { refused: 'unknown' };
  const company = await companyOf(deps.db, row.client_id);
  const context: RefusalContext = { clientId: row.client_id, mode: 'component', origin: row.origin };
  if (row.used_at) return { refused: 'used', company, at: new Date(row.used_at), context };
  if (new Date(row.expires_at).getTime() <= now.getTime())
    return { refused: 'expired', company, at: new Date(row.expires_at), context };
  const ownOrigin = new URL(deps.config.publicBaseUrl).origin;
  if (refererOrigin !== null && refererOrigin !== row.origin && refererOrigin !== ownOrigin)
    return { refused: 'wrong_origin', company, at: null, context };
  const opened = await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimComponentUrl(tx, row.id, now);
    if (!claimed) return null;
    const customer = await findOrCreateCustomer(tx, row.client_id, row.user_reference, now);
    await repo.setComponentCustomer(tx, row.id, customer.id);
    return startSession(
      deps,
      tx,
      {
        clientId: row.client_id,
        customerId: customer.id,
        invitationId: null,
        componentUrlId: row.id,
        origin: row.origin,
        // In a frame on the client's site our cookies are third-party: component sessions stay bound by their secret.
        browserBindingHash: null,
      },
      now,
    );
  });
  return opened ? { secret: opened } : { refused: 'used', company, at: now, context };
}

/** The session behind a secret in a page URL; refused when unknown, expired, or its invitation was revoked or expired meanwhile. */
/**
 * The session a secret opens. A session opened from an invitation link answers only the browser that opened the
 * link (`bindingId`, from its binding cookie): a copied session URL gets a page saying so.
 */
export async function loadSession(
  deps: Deps,
  secret: string,
  now: Date,
  bindingId: string | null,
): Promise<ConnectSession | Refusal> {
  const row = await repo.findSessionBySecretHash(deps.db, tokenLookupHash(secret));
  if (!row) return replacedSecret(deps, secret, bindingId);
  const context = contextOf(row);
  if (!isBoundTo(row, bindingId)) return { refused: 'other_browser', context };
  const company = await companyOf(deps.db, row.client_id);
  let customerType: ConnectSession['customerType'] = null;
  if (row.invitation_id) {
    const inv = await findInvitationForLink(deps.db, row.invitation_id);
    if (!inv) return { refused: 'unknown' };
    if (inv.revoked_at) return { refused: 'revoked', company, at: new Date(inv.revoked_at), context };
    if (!inv.used_at && new Date(inv.expires_at).getTime() <= now.getTime())
      return { refused: 'expired', company, at: new Date(inv.expires_at), context };
    customerType = inv.customer_type;
  }
  if (new Date(row.expires_at).getTime() <= now.getTime())
    return {
      refused: 'session_expired',
      company,
      at: new Date(row.expires_at),
      component: row.component_url_id !== null,
      context,
    };
  return toSession(deps, row, secret, company, customerType);
}

function contextOf(row: SessionRow): RefusalContext {
  return { clientId: row.client_id, mode: row.invitation_id ? 'invitation' : 'component', origin: row.origin };
}

/** An invitation's session answers only the browser that opened the link; a component's is bound by its secret. */
function isBoundTo(row: SessionRow, bindingId: string | null): boolean {
  return (
    row.browser_binding_hash === null || (bindingId !== null && tokenLookupHash(bindingId) === row.browser_binding_hash)
  );
}

/**
 * A secret that was replaced on the return from the bank (renewSessionSecret): a page behind the customer in the
 * same tab, reached with Back. It says what happened instead of "not valid": finished when the session connected a
 * bank, moved when it did not. Only to the browser the session is bound to; to anyone else the secret is unknown.
 */
async function replacedSecret(deps: Deps, secret: string, bindingId: string | null): Promise<Refusal> {
  const row = await repo.findSessionByPreviousSecretHash(deps.db, tokenLookupHash(secret));
  if (!row || !isBoundTo(row, bindingId)) return { refused: 'unknown' };
  return {
    refused: row.completed_at ? 'finished' : 'moved',
    company: await companyOf(deps.db, row.client_id),
    at: row.completed_at ? new Date(row.completed_at) : null,
    component: row.component_url_id !== null,
    context: contextOf(row),
  };
}

function toSession(
  deps: Deps,
  row: SessionRow,
  secret: string,
  company: string,
  customerType: ConnectSession['customerType'],
): ConnectSession {
  return {
    id: row.id,
    secret,
    clientId: row.client_id,
    customerId: row.customer_id,
    mode: row.invitation_id ? 'invitation' : 'component',
    invitationId: row.invitation_id,
    origin: row.origin,
    customerType,
    customerToken: unseal(deps.installationKey, 'connect session tokens', row.customer_token_sealed),
    company,
    completedAt: row.completed_at ? new Date(row.completed_at) : null,
  };
}

/** A bank flow (endpoint 5) was started from the session; the customer comes back with its state. */
export async function recordFlow(
  db: Db,
  session: ConnectSession,
  flow: { state: string; consentId: string; bankSlug: string },
  now: Date,
): Promise<void> {
  await repo.insertFlow(db, {
    customer_id: session.customerId,
    state_hash: tokenLookupHash(flow.state),
    session_id: session.id,
    consent_id: flow.consentId,
    bank_slug: flow.bankSlug,
    created_at: now,
  });
}

/** The flow a returning customer's state belongs to, with its session's secret-less id. */
export async function findFlowByState(db: Db, state: string): Promise<FlowRow | null> {
  return repo.findFlowByStateHash(db, tokenLookupHash(state));
}

/** Claims the flow's hosted return: true the first time only. */
export async function claimFlowReturn(db: Db, state: string, now: Date): Promise<boolean> {
  return (await repo.claimFlowReturn(db, tokenLookupHash(state), now)) !== null;
}

/** The session behind a flow, for the return page (which knows the state, not the secret). */
export async function loadSessionOfFlow(deps: Deps, flow: FlowRow, now: Date): Promise<ConnectSession | Refusal> {
  const row = await repo.findSessionById(deps.db, flow.session_id);
  if (!row) return { refused: 'unknown' };
  const company = await companyOf(deps.db, row.client_id);
  const context = contextOf(row);
  if (new Date(row.expires_at).getTime() <= now.getTime())
    return { refused: 'session_expired', company, at: new Date(row.expires_at), context };
  const inv = row.invitation_id ? await findInvitationForLink(deps.db, row.invitation_id) : null;
  if (inv?.revoked_at) return { refused: 'revoked', company, at: new Date(inv.revoked_at), context };
  // The secret is not known here (see renewSessionSecret).
  return toSession(deps, row, '', company, inv?.customer_type ?? null);
}

/** Whose flow this is, for a return page that refuses it (another browser, a second return). */
export async function contextOfFlow(db: Db, flow: FlowRow): Promise<(RefusalContext & { company: string }) | null> {
  const row = await repo.findSessionById(db, flow.session_id);
  return row ? { ...contextOf(row), company: await companyOf(db, row.client_id) } : null;
}

/**
 * Whose link this is, read only (nothing is opened, claimed or counted): for a page refused before its link was
 * used, a 429 (docs/decisions/0071-branded-refusal-everywhere.md). An invitation's signature must be right, so a
 * made-up or guessed id names no lender; a component token is itself the secret.
 */
export async function contextOfLink(
  deps: Pick<Deps, 'db' | 'installationKey'>,
  link: { invitationId: string; signature: string } | { componentToken: string },
): Promise<RefusalContext | null> {
  if ('componentToken' in link) {
    const row = await repo.findComponentUrl(deps.db, tokenLookupHash(link.componentToken));
    return row ? { clientId: row.client_id, mode: 'component', origin: row.origin } : null;
  }
  if (!isInvitationSignature(deps.installationKey, link.invitationId, link.signature)) return null;
  const inv = await findInvitationForLink(deps.db, link.invitationId);
  return inv ? { clientId: inv.client_id, mode: 'invitation', origin: null } : null;
}

/**
 * The return page knows the flow's state, not the session's secret (the secret is never stored, nor put in the
 * return URL the consent keeps). To take a top-level customer on to the session's pages it gives the session a
 * new secret; the old one stops working (its pages are behind the customer in the same tab).
 */
export async function renewSessionSecret(db: Db, sessionId: string): Promise<string> {
  const secret = randomToken('obi_ss_');
  await repo.replaceSessionSecret(db, sessionId, tokenLookupHash(secret));
  return secret;
}

export async function latestFlow(db: Db, sessionId: string) {
  return repo.latestFlow(db, sessionId);
}

export async function flowOfSession(db: Db, sessionId: string, consentId: string): Promise<FlowRow | null> {
  return repo.findFlowOfSession(db, sessionId, consentId);
}

/** A consent started in the session is Authorised: the session is complete and its invitation used. Idempotent. */
export async function completeSession(
  db: Db,
  session: Pick<ConnectSession, 'id' | 'invitationId'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.markSessionCompleted(tx, session.id, now);
    if (session.invitationId) await markInvitationUsed(tx, session.invitationId, now);
  });
}

/**
 * Hook for the bank callback (modules/consents): call it when a consent becomes Authorised. Completes every
 * connect session that started that consent, so an invitation is marked used even when the customer never
 * comes back to the result page. Does nothing for consents started elsewhere.
 */
export async function markConnectFlowAuthorised(
  db: Db,
  consent: { customerId: string; id: string },
  now: Date,
): Promise<void> {
  for (const s of await repo.sessionsOfConsent(db, consent)) {
    await repo.markSessionCompleted(db, s.id, now);
    if (s.invitation_id) await markInvitationUsed(db, s.invitation_id, now);
  }
}

export async function deleteExpiredConnectRows(db: Db, now: Date): Promise<void> {
  await repo.deleteExpired(db, new Date(now.getTime() - 86_400 * 1000));
}
