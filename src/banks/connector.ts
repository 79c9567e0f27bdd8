/**
 * The bank connector: what the service needs from a bank, whatever standard it speaks (today: UK Open Banking
 * AIS v3.1, banks/obie/). Modules talk to banks only through this interface; every bank error reaches them as
 * one of the classes of banks/errors.ts.
 *
 * Reading data is two steps on purpose: fetchAccountData returns the bank's payloads as received (the caller
 * stores them first: docs/decisions/0020-raw-bank-payloads-first.md), then normalize (pure) turns
 * them into our shapes, so normalisation can be re-run on stored payloads.
 */

/** The permissions of an account-access-consent (OBIE Permissions codes). */
export type Permission = string;

export interface ConsentRequest {
  permissions: Permission[];
  /** Unix seconds */
  transactionFrom: number;
  transactionTo: number;
  /** Unix seconds; null: no expiry asked for */
  expiration: number | null;
}

/** The bank's view of a consent. */
export interface BankConsent {
  bankConsentId: string;
  /** AwaitingAuthorisation | Authorised | Rejected | Revoked (OBIE v3.1) */
  status: string;
  permissions: Permission[];
  creationDateTime: number | null;
  /** Unix seconds, or null */
  expiration: number | null;
  transactionFrom: number | null;
  transactionTo: number | null;
}

/** One authorisation at the bank: what goes into the signed request object, and what its answer is checked against. */
export interface AuthorizationRequest {
  bankConsentId: string;
  state: string;
  /** the id_token must carry it back */
  nonce: string;
  /** PKCE (RFC 7636): the bank gets its S256 challenge, the code exchange the verifier */
  codeVerifier: string;
  redirectUri: string;
}

/** The bank's answer on the redirect, validated: tokens, or the bank's (or customer's) refusal. */
export type AuthorizationResult = { outcome: 'authorised'; tokens: BankTokens } | { outcome: 'refused'; error: string };

export interface BankTokens {
  accessToken: string;
  /** null when the bank issued none (the consent then ends with the access token) */
  refreshToken: string | null;
  /** Unix seconds */
  expiresAt: number;
}

/** One answer of the bank's data API, as received. */
export interface RawPayload {
  resource: 'accounts' | 'balances' | 'transactions' | 'statements' | 'parties';
  /** the bank's AccountId for per-account resources */
  bankAccountId: string | null;
  /** 1-based page within the resource (Links.Next followed) */
  page: number;
  url: string;
  status: number;
  /** the body exactly as received */
  body: string;
  receivedAt: number;
}

export interface FetchOptions {
  permissions: Permission[];
  /** Unix seconds: transactions booked from here (inclusive) */
  transactionsFrom: number;
  transactionsTo: number;
  /**
   * The consent's id at the bank: an optional resource answered 403 is "not offered" only while the bank still
   * reports this consent Authorised (obie/client.ts).
   */
  bankConsentId?: string;
  /** called with each payload as it arrives (so a failure still leaves what was received) */
  onPayload?: (p: RawPayload) => void;
  /**
   * The customer is present (the pull that follows their authorisation): their IP address and when they
   * authenticated, sent as x-fapi-customer-ip-address and x-fapi-auth-date. Absent for unattended pulls.
   */
  customer?: { ipAddress: string; authenticatedAt: Date };
}

export interface NormalizedAccount {
  bankAccountId: string;
  currency: string;
  type: 'Personal' | 'Business';
  subType: string;
  schemeName: string;
  /** what identifies the account for its owner: sort code + account number for UK accounts, else IBAN, PAN… */
  number: string;
  sortCode: string | null;
  accountNumber: string | null;
  name: string | null;
  nickname: string | null;
  identification: string | null;
  secondaryIdentification: string | null;
}

export interface NormalizedBalance {
  bankAccountId: string;
  type: string;
  /** exact decimal text, signed */
  amount: string;
  currency: string;
  /** Unix seconds */
  dateTime: number;
  /** the bank's CreditLine entries (an overdraft limit, whether it is included in the amount); null: none sent */
  creditLines: Array<{ included: boolean; type: string | null; amount: string | null; currency: string | null }> | null;
}

export interface NormalizedTransaction {
  bankAccountId: string;
  externalTransactionId: string;
  name: string;
  type: string | null;
  /** exact decimal text, positive in, negative out */
  amount: string;
  currency: string;
  status: 'Booked' | 'Pending';
  bookingDateTime: number;
  valueDateTime: number;
  balance: { amount: string; currency: string; type: string } | null;
  category: string | null;
  addressLine: string | null;
  merchantName: string | null;
  merchantCategoryCode: string | null;
  bankTransactionCode: string | null;
  bankTransactionIssuer: string | null;
  /** the counterparty's name as the bank gives it (CreditorAccount for money out, DebtorAccount for money in) */
  counterpartyName: string | null;
  /** the charge the bank took for this transaction (ChargeAmount), unsigned */
  charge: { amount: string; currency: string } | null;
  /** CurrencyExchange: a payment made in another currency */
  currencyExchange: {
    sourceCurrency: string;
    targetCurrency: string | null;
    unitCurrency: string | null;
    exchangeRate: string;
    instructedAmount: { amount: string; currency: string } | null;
  } | null;
}

/** A resource the bank does not offer for an account (404: not built; 403: only that permission refused). */
export interface NotOffered {
  resource: RawPayload['resource'];
  bankAccountId: string | null;
  /** the bank's status */
  status: number;
}

/** One item the normaliser could not read and left out (never its values: they may be personal). */
export interface SkippedItem {
  resource: RawPayload['resource'];
  bankAccountId: string | null;
  page: number;
  /** the JSON path of what was wrong (the value itself is never kept here: it may be personal) */
  path: string;
}

/** Statements and parties in the interface spec's PascalCase shapes (AccountId is the bank's until stored). */
export interface NormalizedDocument {
  bankAccountId: string;
  body: Record<string, unknown> & { AccountId: string };
}

export interface NormalizedPull {
  accounts: NormalizedAccount[];
  balances: NormalizedBalance[];
  transactions: NormalizedTransaction[];
  statements: NormalizedDocument[];
  parties: NormalizedDocument[];
  /** optional resources the bank answered 404 or 403 for: the pull went on without them */
  notOffered: NotOffered[];
  /** unreadable items left out (the rest of their page is kept) */
  skipped: SkippedItem[];
}

export interface BankConnector {
  readonly slug: string;
  /** Creates an account-access-consent (client credentials), to be authorised by the customer. */
  createConsent(request: ConsentRequest): Promise<BankConsent>;
  /**
   * The URL of the bank's authorisation page for that consent: a signed request object (FAPI 1.0 Advanced) with
   * the consent's id, state, nonce and PKCE challenge, pushed to the bank first where it offers PAR.
   */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /**
   * Validates the bank's authorisation response against the request (id_token or JARM signature, nonce, state,
   * c_hash, s_hash, the consent's id) and exchanges its code. Throws a BankError when the answer cannot be trusted.
   */
  completeAuthorization(params: URLSearchParams, request: AuthorizationRequest): Promise<AuthorizationResult>;
  refreshTokens(refreshToken: string): Promise<BankTokens>;
  getConsent(bankConsentId: string): Promise<BankConsent>;
  /** Revokes the consent at the bank; a consent the bank no longer knows counts as deleted. */
  deleteConsent(bankConsentId: string): Promise<void>;
  /** Every account, balance, transaction page, statement and party the consent allows, as received. */
  fetchAccountData(accessToken: string, options: FetchOptions): Promise<RawPayload[]>;
  /**
   * Pure: the payloads of one fetch → our shapes. An unreadable item (a balance, transaction, statement or party)
   * is skipped and listed; an unreadable page or account throws BankBadResponseError.
   */
  normalize(payloads: RawPayload[]): NormalizedPull;
}
