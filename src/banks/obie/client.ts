/**
 * The UK Open Banking (OBIE Account and Transaction API v3.1) connector: account-access-consents, the customer's
 * authorisation and its tokens (FAPI 1.0 Advanced through openid-client: ./fapi.ts), and the reads of accounts,
 * balances, transactions (Links.Next followed), statements and parties, each over mutual TLS with the token bound
 * to our transport certificate (./transport.ts).
 *
 * Statements and parties are optional in the standard: a bank that has not built them answers 404, one that
 * refuses only that permission 403 (docs/decisions/0046-real-bank-variations.md). Such an answer is kept as a
 * payload (the normaliser records the resource as not offered) and the pull goes on; a 403 counts as "not offered"
 * only while the bank still reports the consent Authorised, else it is the lost access it usually is.
 */
import type {
  AuthorizationRequest,
  AuthorizationResult,
  BankConnector,
  BankConsent,
  BankTokens,
  ConsentRequest,
  FetchOptions,
  RawPayload,
} from '../connector.ts';
import type { BankConnectionSettings } from '../connections.ts';
import { BankAuthLostError, BankBadResponseError, BankError } from '../errors.ts';
import * as fapi from './fapi.ts';
import { normalizeObie } from './normalize.ts';
import { callApi, createTransport, parseJson, type Transport, type TransportDeps } from './transport.ts';

/** More pages than this for one resource is a bank going round in circles. */
const MAX_PAGES = 2000;
const clientTokens = new Map<BankConnectionSettings, { token: string; expiresAt: number }>();

/** What the connector's operations share: the transport, the API base and the bank's client-credentials token. */
interface ObieContext {
  slug: string;
  settings: BankConnectionSettings;
  t: Transport;
  api: string;
  nowSeconds(): number;
  client(): Promise<fapi.FapiClient>;
  /** A client-credentials token for the consent resources, reused until a minute before it ends. */
  clientToken(): Promise<string>;
}

export function createObieConnector(
  slug: string,
  settings: BankConnectionSettings,
  deps: TransportDeps,
): BankConnector {
  const t = createTransport(slug, settings, deps);
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const client = () => fapi.fapiClient(t.http, settings);
  const clientToken = async (): Promise<string> => {
    const hit = clientTokens.get(settings);
    if (hit && hit.expiresAt - 60 > nowSeconds()) return hit.token;
    const answer = tokensOf(nowSeconds(), await fapi.clientCredentials(slug, await client()));
    clientTokens.set(settings, { token: answer.accessToken, expiresAt: answer.expiresAt });
    return answer.accessToken;
  };
  const ctx: ObieContext = { slug, settings, t, api: settings.apiBaseUrl, nowSeconds, client, clientToken };

  return {
    slug,
    createConsent: (req) => createConsent(ctx, req),
    authorizationUrl: async (req: AuthorizationRequest) => fapi.authorizationUrl(slug, await client(), req),
    async completeAuthorization(params, req): Promise<AuthorizationResult> {
      const answer = await fapi.completeAuthorization(slug, await client(), params, req);
      if (answer.outcome === 'refused') return answer;
      return { outcome: 'authorised', tokens: tokensOf(nowSeconds(), answer.tokens) };
    },
    async refreshTokens(refreshToken: string): Promise<BankTokens> {
      return tokensOf(nowSeconds(), await fapi.refresh(slug, await client(), refreshToken));
    },
    getConsent: (bankConsentId) => getConsent(ctx, bankConsentId),
    deleteConsent: (bankConsentId) => deleteConsent(ctx, bankConsentId),
    fetchAccountData: (accessToken, opts) => fetchAccountData(ctx, accessToken, opts),
    normalize: (payloads) => normalizeObie(slug, payloads),
  };
}

/** A token answer in our terms; its lifetime counts from our clock (an absent expires_in: the usual hour). */
function tokensOf(
  nowSeconds: number,
  answer: { access_token: string; refresh_token?: string; expiresIn(): number | undefined },
): BankTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ? answer.refresh_token : null,
    expiresAt: nowSeconds + Math.max(0, Math.floor(answer.expiresIn() ?? 3600)),
  };
}

async function createConsent(ctx: ObieContext, req: ConsentRequest): Promise<BankConsent> {
  const data: Record<string, unknown> = {
    Permissions: req.permissions,
    TransactionFromDateTime: isoWithZone(req.transactionFrom),
    TransactionToDateTime: isoWithZone(req.transactionTo),
  };
  if (req.expiration !== null) data.ExpirationDateTime = isoWithZone(req.expiration);
  const res = await callApi(ctx.t, {
    method: 'POST',
    url: `${ctx.api}/account-access-consents`,
    accessToken: await ctx.clientToken(),
    body: { Data: data, Risk: {} },
  });
  const consent = readConsent(ctx.t, parseJson(ctx.t, res, 'account-access-consents'));
  if (consent.status !== 'AwaitingAuthorisation')
    throw new BankBadResponseError(ctx.slug, `a new consent came back ${consent.status}`);
  return consent;
}

/** A consent the bank answers 404 or 400 for is one it no longer knows. */
function isUnknownConsent(err: unknown): err is BankBadResponseError {
  return err instanceof BankBadResponseError && (err.status === 404 || err.status === 400);
}

async function getConsent(ctx: ObieContext, bankConsentId: string): Promise<BankConsent> {
  try {
    const res = await callApi(ctx.t, {
      method: 'GET',
      url: `${ctx.api}/account-access-consents/${encodeURIComponent(bankConsentId)}`,
      accessToken: await ctx.clientToken(),
    });
    return readConsent(ctx.t, parseJson(ctx.t, res, 'account-access-consents'));
  } catch (err) {
    // A consent the bank no longer knows is as good as revoked.
    if (isUnknownConsent(err))
      throw new BankAuthLostError(ctx.slug, 'revoked', 'the bank no longer knows the consent', err.status);
    throw err;
  }
}

async function deleteConsent(ctx: ObieContext, bankConsentId: string): Promise<void> {
  try {
    await callApi(ctx.t, {
      method: 'DELETE',
      url: `${ctx.api}/account-access-consents/${encodeURIComponent(bankConsentId)}`,
      accessToken: await ctx.clientToken(),
    });
  } catch (err) {
    if (isUnknownConsent(err)) return;
    throw err;
  }
}

/** Resources the standard lets a bank leave unbuilt (404) or refuse on their own (403). */
const OPTIONAL: ReadonlySet<RawPayload['resource']> = new Set(['statements', 'parties']);

/** Reads every page of one resource (following Links.Next), handing each payload on as it arrives. */
async function readPages(
  ctx: ObieContext,
  accessToken: string,
  opts: FetchOptions,
  into: RawPayload[],
  target: { resource: RawPayload['resource']; bankAccountId: string | null; url: string },
): Promise<void> {
  const seen = new Set<string>();
  let url: string | null = target.url;
  for (let page = 1; url !== null; page++) {
    if (page > MAX_PAGES || seen.has(url))
      throw new BankBadResponseError(ctx.slug, `${target.resource} pages do not end (Links.Next loops)`);
    seen.add(url);
    const at: string = url;
    const keep = (status: number, body: string) => {
      const payload: RawPayload = {
        resource: target.resource,
        bankAccountId: target.bankAccountId,
        page,
        url: at,
        status,
        body,
        receivedAt: ctx.nowSeconds(),
      };
      into.push(payload);
      opts.onPayload?.(payload);
    };
    let res;
    try {
      res = await callApi(ctx.t, { method: 'GET', url: at, accessToken, customer: opts.customer });
    } catch (err) {
      if (page === 1 && OPTIONAL.has(target.resource) && (await notOffered(ctx, err, opts))) {
        keep((err as BankError).status ?? 404, '');
        return;
      }
      throw err;
    }
    keep(res.status, res.body);
    // A last page whose Next names itself ends the resource (several banks write it so).
    url = nextLink(ctx.t, parseJson(ctx.t, res, target.resource), ctx.api, ctx.settings.apiBaseUrlAliases, at);
  }
}

/**
 * Whether a failed first read of an optional resource means "this bank does not offer it": a 404, or a 403 while the
 * bank still says the consent is Authorised (only this permission is refused). Asked once per pull.
 */
async function notOffered(ctx: ObieContext, err: unknown, opts: FetchOptions): Promise<boolean> {
  if (err instanceof BankBadResponseError && err.status === 404) return true;
  if (!(err instanceof BankAuthLostError) || err.status !== 403 || !opts.bankConsentId) return false;
  try {
    return (await getConsent(ctx, opts.bankConsentId)).status === 'Authorised';
  } catch {
    return false;
  }
}

/** The accounts, then for each account the resources its consent's permissions allow. */
async function fetchAccountData(ctx: ObieContext, accessToken: string, opts: FetchOptions): Promise<RawPayload[]> {
  const payloads: RawPayload[] = [];
  const has = (...p: string[]) => p.some((x) => opts.permissions.includes(x));
  const read = (resource: RawPayload['resource'], bankAccountId: string | null, url: string) =>
    readPages(ctx, accessToken, opts, payloads, { resource, bankAccountId, url });
  await read('accounts', null, `${ctx.api}/accounts`);
  const accountIds = payloads.flatMap((p) => accountIdsOf(ctx.t, p.body));
  const window = `fromBookingDateTime=${isoWithoutZone(opts.transactionsFrom)}&toBookingDateTime=${isoWithoutZone(opts.transactionsTo)}`;
  for (const id of accountIds) {
    const base = `${ctx.api}/accounts/${encodeURIComponent(id)}`;
    if (has('ReadBalances')) await read('balances', id, `${base}/balances`);
    if (has('ReadTransactionsBasic', 'ReadTransactionsDetail'))
      await read('transactions', id, `${base}/transactions?${window}`);
    if (has('ReadStatementsBasic', 'ReadStatementsDetail')) await read('statements', id, `${base}/statements`);
    if (has('ReadParty')) await read('parties', id, `${base}/parties`);
  }
  return payloads;
}

function readConsent(t: Transport, body: unknown): BankConsent {
  const data = (body as { Data?: Record<string, unknown> } | null)?.Data;
  if (
    !data ||
    typeof data.ConsentId !== 'string' ||
    typeof data.Status !== 'string' ||
    !Array.isArray(data.Permissions)
  ) {
    throw new BankBadResponseError(t.slug, 'the consent answer has no Data.ConsentId, Status or Permissions');
  }
  const seconds = (v: unknown) =>
    typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Math.floor(Date.parse(v) / 1000) : null;
  return {
    bankConsentId: data.ConsentId,
    status: data.Status,
    permissions: data.Permissions.map(String),
    creationDateTime: seconds(data.CreationDateTime),
    expiration: seconds(data.ExpirationDateTime),
    transactionFrom: seconds(data.TransactionFromDateTime),
    transactionTo: seconds(data.TransactionToDateTime),
  };
}

function accountIdsOf(t: Transport, body: string): string[] {
  const accounts = (JSON.parse(body) as { Data?: { Account?: unknown } }).Data?.Account;
  if (accounts === undefined) return [];
  if (!Array.isArray(accounts)) throw new BankBadResponseError(t.slug, 'Data.Account is not an array');
  return accounts.map((a, i) => {
    const id = (a as { AccountId?: unknown } | null)?.AccountId;
    if (typeof id !== 'string' || id === '')
      throw new BankBadResponseError(t.slug, `Data.Account[${i}] has no AccountId`);
    return id;
  });
}

/**
 * Links.Next, when there is one. It must stay on the bank's API (the origin of its base URL or of one of its
 * registered aliases, under that base's path, whatever API version the path names): our access token goes with
 * it, and a link elsewhere would hand the token to whoever is there. A Next equal to the page's own address ends
 * the resource.
 */
export function nextLink(
  t: Pick<Transport, 'slug'>,
  body: unknown,
  api: string,
  aliases: string[],
  self: string,
): string | null {
  const next = (body as { Links?: { Next?: unknown } } | null)?.Links?.Next;
  if (next === undefined || next === null || next === '') return null;
  if (typeof next !== 'string') throw new BankBadResponseError(t.slug, 'Links.Next is not a string');
  let url: URL;
  try {
    url = new URL(next, self);
  } catch {
    throw new BankBadResponseError(t.slug, 'Links.Next is not a URL');
  }
  if (url.toString() === new URL(self).toString()) return null;
  const within = [api, ...aliases].some((b) => {
    const base = new URL(b);
    return (
      url.protocol === base.protocol &&
      url.origin === base.origin &&
      versionless(url.pathname).startsWith(`${versionless(base.pathname).replace(/\/+$/, '')}/`)
    );
  });
  if (!within) throw new BankBadResponseError(t.slug, 'Links.Next leaves the bank API');
  return url.toString();
}

/** "/open-banking/v3.1.11/aisp/…" and "/open-banking/v3.1/aisp/…" are the same API: the version segment is blanked. */
function versionless(path: string): string {
  return path.replace(/\/v\d+(?:\.\d+)*(?=\/|$)/, '/v*');
}

/** Response and request bodies carry a zone (the standard requires it). */
function isoWithZone(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Query parameters must not carry one (OBIE: fromBookingDateTime is a local date-time); ours are UTC. */
function isoWithoutZone(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
}
