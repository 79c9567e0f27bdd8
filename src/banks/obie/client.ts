/**
 * The UK Open Banking (OBIE Account and Transaction API v3.1) connector: account-access-consents, the
 * authorisation URL (code flow with PKCE S256 and state; endpoints from the bank's discovery document), tokens,
 * and the reads of accounts, balances, transactions (Links.Next followed), statements and parties.
 *
 * The consent's id reaches the bank's authorisation server in the OpenID `claims` request parameter
 * (openbanking_intent_id, OpenID Connect Core §5.5), which is where the standard's signed request object carries
 * it; banks that insist on a signed request object need their override (not built: no live bank is reachable).
 */
import type {
  AuthorizationRequest,
  BankConnector,
  BankConsent,
  BankTokens,
  ConsentRequest,
  FetchOptions,
  RawPayload,
} from '../connector.ts';
import type { BankConnectionSettings } from '../connections.ts';
import { BankAuthLostError, BankBadResponseError } from '../errors.ts';
import { discover } from './discovery.ts';
import { normalizeObie } from './normalize.ts';
import { requestToken } from './oauth.ts';
import { callApi, createTransport, parseJson, type Transport, type TransportDeps } from './transport.ts';

/** More pages than this for one resource is a bank going round in circles. */
const MAX_PAGES = 2000;
const clientTokens = new Map<string, { token: string; expiresAt: number }>();

export function createObieConnector(
  slug: string,
  settings: BankConnectionSettings,
  deps: TransportDeps,
): BankConnector {
  const t = createTransport(slug, settings, deps);
  const api = settings.apiBaseUrl;
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const discovery = () => discover(t.http, settings.discoveryUrl, t.clock.now().getTime());

  /** A client-credentials token for the consent resources, reused until a minute before it ends. */
  async function clientToken(): Promise<string> {
    const key = `${settings.discoveryUrl}\u0000${settings.clientId}`;
    const hit = clientTokens.get(key);
    if (hit && hit.expiresAt - 60 > nowSeconds()) return hit.token;
    const d = await discovery();
    const answer = await requestToken(t, d.tokenEndpoint, { grant_type: 'client_credentials', scope: 'accounts' });
    clientTokens.set(key, { token: answer.accessToken, expiresAt: answer.expiresAt });
    return answer.accessToken;
  }

  return {
    slug,

    async createConsent(req: ConsentRequest): Promise<BankConsent> {
      const data: Record<string, unknown> = {
        Permissions: req.permissions,
        TransactionFromDateTime: isoWithZone(req.transactionFrom),
        TransactionToDateTime: isoWithZone(req.transactionTo),
      };
      if (req.expiration !== null) data.ExpirationDateTime = isoWithZone(req.expiration);
      const res = await callApi(t, {
        method: 'POST',
        url: `${api}/account-access-consents`,
        accessToken: await clientToken(),
        body: { Data: data, Risk: {} },
      });
      const consent = readConsent(t, parseJson(t, res, 'account-access-consents'));
      if (consent.status !== 'AwaitingAuthorisation')
        throw new BankBadResponseError(slug, `a new consent came back ${consent.status}`);
      return consent;
    },

    async authorizationUrl(req: AuthorizationRequest): Promise<string> {
      const d = await discovery();
      if (d.codeChallengeMethods.length > 0 && !d.codeChallengeMethods.includes('S256'))
        throw new BankBadResponseError(slug, 'the bank does not offer PKCE with S256');
      const intent = { openbanking_intent_id: { value: req.bankConsentId, essential: true } };
      const url = new URL(d.authorizationEndpoint);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: req.redirectUri,
        scope: 'openid accounts',
        state: req.state,
        nonce: req.nonce,
        code_challenge: req.codeChallenge,
        code_challenge_method: 'S256',
        claims: JSON.stringify({ id_token: intent, userinfo: intent }),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return url.toString();
    },

    async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<BankTokens> {
      const d = await discovery();
      return requestToken(t, d.tokenEndpoint, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
    },

    async refreshTokens(refreshToken: string): Promise<BankTokens> {
      const d = await discovery();
      return requestToken(t, d.tokenEndpoint, { grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async getConsent(bankConsentId: string): Promise<BankConsent> {
      try {
        const res = await callApi(t, {
          method: 'GET',
          url: `${api}/account-access-consents/${encodeURIComponent(bankConsentId)}`,
          accessToken: await clientToken(),
        });
        return readConsent(t, parseJson(t, res, 'account-access-consents'));
      } catch (err) {
        // A consent the bank no longer knows is as good as revoked.
        if (err instanceof BankBadResponseError && (err.status === 404 || err.status === 400)) {
          throw new BankAuthLostError(slug, 'revoked', 'the bank no longer knows the consent', err.status);
        }
        throw err;
      }
    },

    async deleteConsent(bankConsentId: string): Promise<void> {
      try {
        await callApi(t, {
          method: 'DELETE',
          url: `${api}/account-access-consents/${encodeURIComponent(bankConsentId)}`,
          accessToken: await clientToken(),
        });
      } catch (err) {
        if (err instanceof BankBadResponseError && (err.status === 404 || err.status === 400)) return;
        throw err;
      }
    },

    async fetchAccountData(accessToken: string, opts: FetchOptions): Promise<RawPayload[]> {
      const payloads: RawPayload[] = [];
      const has = (...p: string[]) => p.some((x) => opts.permissions.includes(x));
      const read = async (resource: RawPayload['resource'], bankAccountId: string | null, firstUrl: string) => {
        const seen = new Set<string>();
        let url: string | null = firstUrl;
        for (let page = 1; url !== null; page++) {
          if (page > MAX_PAGES || seen.has(url))
            throw new BankBadResponseError(slug, `${resource} pages do not end (Links.Next loops)`);
          seen.add(url);
          const res = await callApi(t, { method: 'GET', url, accessToken });
          const payload: RawPayload = {
            resource,
            bankAccountId,
            page,
            url,
            status: res.status,
            body: res.body,
            receivedAt: nowSeconds(),
          };
          payloads.push(payload);
          opts.onPayload?.(payload);
          url = nextLink(t, parseJson(t, res, resource), api);
        }
      };
      await read('accounts', null, `${api}/accounts`);
      const accountIds = payloads.flatMap((p) => accountIdsOf(t, p.body));
      const window = `fromBookingDateTime=${isoWithoutZone(opts.transactionsFrom)}&toBookingDateTime=${isoWithoutZone(opts.transactionsTo)}`;
      for (const id of accountIds) {
        const base = `${api}/accounts/${encodeURIComponent(id)}`;
        if (has('ReadBalances')) await read('balances', id, `${base}/balances`);
        if (has('ReadTransactionsBasic', 'ReadTransactionsDetail'))
          await read('transactions', id, `${base}/transactions?${window}`);
        if (has('ReadStatementsBasic', 'ReadStatementsDetail')) await read('statements', id, `${base}/statements`);
        if (has('ReadParty')) await read('parties', id, `${base}/parties`);
      }
      return payloads;
    },

    normalize(payloads: RawPayload[]) {
      return normalizeObie(slug, payloads);
    },
  };
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
 * Links.Next, when there is one. It must stay on the bank's API (same origin, under the API base): our access token
 * goes with it, and a link elsewhere would hand the token to whoever is there.
 */
function nextLink(t: Transport, body: unknown, api: string): string | null {
  const next = (body as { Links?: { Next?: unknown } } | null)?.Links?.Next;
  if (next === undefined || next === null || next === '') return null;
  if (typeof next !== 'string') throw new BankBadResponseError(t.slug, 'Links.Next is not a string');
  let url: URL;
  try {
    url = new URL(next, api);
  } catch {
    throw new BankBadResponseError(t.slug, 'Links.Next is not a URL');
  }
  const base = new URL(api);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname))
    throw new BankBadResponseError(t.slug, 'Links.Next leaves the bank API');
  return url.toString();
}

/** Response and request bodies carry a zone (the standard requires it). */
function isoWithZone(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Query parameters must not carry one (OBIE: fromBookingDateTime is a local date-time); ours are UTC. */
function isoWithoutZone(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
}
