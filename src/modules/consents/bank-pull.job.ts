/**
 * The bank.pull job: one recorded run (bank_pulls) of reading a consent's data from the bank and storing it.
 *
 *  1. the run goes queued → running (a run already taken or finished is left alone);
 *  2. tokens refreshed when the access token is (nearly) spent; the consent checked at the bank;
 *  3. every page fetched; the payloads stored as received, in their own transaction, whatever happens next;
 *  4. normalised, then stored all or nothing in one transaction (bank-pull.store.ts) with the run's success.
 *
 * Bank errors decide the outcome (docs/decisions/0017-error-codes-and-bank-errors.md): access lost → the consent is Revoked (LOST per account);
 * rate limited, unavailable or a bad response → the run waits and tries again per BANK_PULL_RETRY_SCHEDULE (a
 * 429's Retry-After is respected), then fails. A failed run stores no data.
 */
import {
  BankAuthLostError,
  BankRateLimitedError,
  isBankError,
  type BankConnector,
  type FetchOptions,
  type RawPayload,
} from '../../banks/index.ts';
import type { ConsentDeps } from './bank-access.ts';
import { connectorOf } from './bank-access.ts';
import { CUSTOMER_IP_PURPOSE, endConsent, enqueuePullRetry, type RevokeReason } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';
import * as pulls from './pulls.repo.ts';
import type { PullRow } from './pulls.repo.ts';
import { storePull, type PullWindow } from './bank-pull.store.ts';
import { seal, unsealOrNull } from '../../lib/sealed-box.ts';
import { customerWrites } from '../transactions/index.ts';
import { trackDataWork } from '../reports/index.ts';

/** A refresh reads again this far back before the last pull: late postings and pending items that booked. */
const OVERLAP_SECONDS = 7 * 86_400;
/** The access token is refreshed when it has less than this left. */
const TOKEN_MARGIN_SECONDS = 60;

class PullStop extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * `customerIpSealed`: the customer's IP address (sealed in the job) when the run follows their authorisation; the
 * bank then gets the customer-present headers. A retry later is unattended, so the job's retries do not carry it.
 */
export async function runBankPull(
  deps: ConsentDeps,
  pullId: string,
  customerIpSealed: string | null = null,
): Promise<void> {
  const started = await pulls.startPull(deps.db, pullId, deps.clock.now());
  if (!started) return;
  const consent = await repo.findConsentById(deps.db, started.consent_id);
  const received: RawPayload[] = [];
  try {
    if (!consent || consent.status !== 'Authorised')
      throw new PullStop('consent_not_authorised', `The consent is ${consent?.status ?? 'gone'}.`);
    if (consent.reconfirm_by && new Date(consent.reconfirm_by) <= deps.clock.now()) {
      await deps.db.transaction((tx) =>
        endConsent(tx, deps.queue, consent, 'reconfirmation_lapsed', deps.clock.now(), { atBank: true }),
      );
      throw new PullStop('reconfirmation_lapsed', 'The customer did not reconfirm within 90 days; access has ended.');
    }
    // Readiness says `processing` from here until the pull's data is stored (docs/decisions/0057-readiness-processing.md).
    const work = { customerId: consent.customer_id, kind: 'bank_pull' as const, rows: null, now: deps.clock.now() };
    await trackDataWork(deps.db, work, async (progress) => {
      const connector = connectorOf(deps, consent.bank_slug);
      const window = await pullWindow(deps, consent);
      const customer = customerPresent(deps, consent, customerIpSealed);
      const payloads = await fetchAll(deps, connector, consent, { ...window, customer }, received);
      await storePayloads(deps, started, consent, received);
      const normalized = connector.normalize(payloads);
      if (normalized.skipped.length > 0)
        deps.logger.warn(
          { pull_id: started.id, bank: consent.bank_slug, skipped: normalized.skipped.slice(0, 20) },
          'items the bank sent could not be read and were left out of the pull',
        );
      await progress.rowsReceived(normalized.transactions.length);
      // In the customer's turn among writers of its transactions (the embedded engine's submissions stage their rows).
      await customerWrites(deps.db, consent.customer_id, () =>
        deps.db.transaction(async (tx) => {
          // Revoked while we were reading (the customer withdrew, the client revoked): store nothing.
          const status = await repo.lockConsent(tx, consent.id);
          if (status !== 'Authorised')
            throw new PullStop(
              'consent_not_authorised',
              `The consent became ${status ?? 'gone'} during the pull; nothing was stored.`,
            );
          const counts = await storePull(tx, deps, consent, normalized, window);
          const now = deps.clock.now();
          await pulls.finishPull(tx, started.id, { state: 'succeeded', counts, now });
          await repo.updateConsent(tx, consent.id, { last_pulled_at: now });
        }),
      );
    });
  } catch (err) {
    if (received.length > 0) await storePayloads(deps, started, consent, received).catch(() => undefined);
    await failed(deps, started, consent, err);
  }
}

/** The customer-present headers' values, when the customer is present and their authorisation time is known. */
function customerPresent(
  deps: ConsentDeps,
  consent: ConsentRow,
  customerIpSealed: string | null,
): FetchOptions['customer'] {
  const ipAddress = unsealOrNull(deps.installationKey, CUSTOMER_IP_PURPOSE, customerIpSealed);
  if (ipAddress === null || consent.authorised_at === null) return undefined;
  return { ipAddress, authenticatedAt: new Date(consent.authorised_at) };
}

/** The first pull reads the whole consented history; later ones from a week before the last. */
async function pullWindow(deps: ConsentDeps, consent: ConsentRow): Promise<PullWindow> {
  const first = !(await pulls.hasSucceededPull(deps.db, consent.id));
  const lastPulled = consent.last_pulled_at ? Math.floor(new Date(consent.last_pulled_at).getTime() / 1000) : null;
  const from =
    first || lastPulled === null
      ? Number(consent.transaction_from)
      : Math.max(Number(consent.transaction_from), lastPulled - OVERLAP_SECONDS);
  return { first, from, to: Number(consent.transaction_to) };
}

async function fetchAll(
  deps: ConsentDeps,
  connector: BankConnector,
  consent: ConsentRow,
  window: PullWindow & { customer: FetchOptions['customer'] },
  received: RawPayload[],
): Promise<RawPayload[]> {
  // The bank's view of the consent first: it tells revoked from expired, which a failing refresh would not.
  const bankConsent = await connector.getConsent(consent.bank_consent_id);
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  if (bankConsent.status !== 'Authorised')
    throw new BankAuthLostError(connector.slug, 'revoked', `the bank says the consent is ${bankConsent.status}`);
  if (bankConsent.expiration !== null && bankConsent.expiration <= nowSeconds)
    throw new BankAuthLostError(connector.slug, 'expired', 'the consent has expired at the bank');
  const first = await validAccessToken(deps, connector, consent, false);
  const fetch = (token: string) =>
    connector.fetchAccountData(token, {
      permissions: consent.permissions,
      bankConsentId: consent.bank_consent_id,
      transactionsFrom: window.from,
      transactionsTo: window.to,
      onPayload: (p) => received.push(p),
      customer: window.customer,
    });
  try {
    return await fetch(first.token);
  } catch (err) {
    // An access token refused before its time: refresh once and read again from the start.
    if (!(err instanceof BankAuthLostError) || err.reason !== 'token_invalid' || first.refreshed) throw err;
    return fetch((await validAccessToken(deps, connector, consent, true)).token);
  }
}

/** The stored access token, or a fresh one from the refresh token (kept at once: refresh tokens may rotate). */
async function validAccessToken(
  deps: ConsentDeps,
  connector: BankConnector,
  consent: ConsentRow,
  force: boolean,
): Promise<{ token: string; refreshed: boolean }> {
  const key = deps.installationKey;
  const current = unsealOrNull(key, 'bank tokens', consent.access_token_sealed);
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  if (!force && current && Number(consent.access_token_expires_at ?? 0) - TOKEN_MARGIN_SECONDS > nowSeconds)
    return { token: current, refreshed: false };
  const refreshToken = unsealOrNull(key, 'bank tokens', consent.refresh_token_sealed);
  if (!refreshToken)
    throw new BankAuthLostError(
      connector.slug,
      'token_invalid',
      'the access token has ended and there is no refresh token',
    );
  const tokens = await connector.refreshTokens(refreshToken);
  const fields = {
    access_token_sealed: seal(key, 'bank tokens', tokens.accessToken),
    refresh_token_sealed:
      tokens.refreshToken === null ? consent.refresh_token_sealed : seal(key, 'bank tokens', tokens.refreshToken),
    access_token_expires_at: tokens.expiresAt,
  };
  await repo.updateConsent(deps.db, consent.id, fields);
  Object.assign(consent, fields);
  return { token: tokens.accessToken, refreshed: true };
}

async function storePayloads(
  deps: ConsentDeps,
  pull: PullRow,
  consent: ConsentRow | null,
  received: RawPayload[],
): Promise<void> {
  const batch = received.splice(0);
  if (batch.length === 0 || !consent) return;
  await deps.db.transaction((tx) =>
    pulls.insertPayloads(tx, {
      pullId: pull.id,
      customerId: pull.customer_id,
      bankSlug: consent.bank_slug,
      attempt: pull.attempts,
      payloads: batch,
    }),
  );
}

const REVOKE_REASONS: Record<string, RevokeReason> = {
  revoked: 'revoked_at_bank',
  rejected: 'revoked_at_bank',
  expired: 'expired',
  token_invalid: 'access_lost',
};

async function failed(deps: ConsentDeps, pull: PullRow, consent: ConsentRow | null, err: unknown): Promise<void> {
  const now = deps.clock.now();
  if (err instanceof PullStop) {
    await pulls.finishPull(deps.db, pull.id, { state: 'failed', errorCode: err.code, error: err.message, now });
    return;
  }
  if (!isBankError(err)) {
    deps.logger.error({ err, pull_id: pull.id }, 'bank pull failed unexpectedly');
    await pulls.finishPull(deps.db, pull.id, {
      state: 'failed',
      errorCode: 'internal_error',
      error: 'The pull failed on our side; see the service log.',
      now,
    });
    return;
  }
  deps.logger.warn(
    { pull_id: pull.id, bank: err.bankSlug, kind: err.kind, status: err.status, err: err.message },
    'bank pull failed',
  );
  if (err.kind === 'auth_lost') {
    const reason = (err instanceof BankAuthLostError ? REVOKE_REASONS[err.reason] : undefined) ?? 'access_lost';
    await deps.db.transaction(async (tx) => {
      if (consent) await endConsent(tx, deps.queue, consent, reason, now, { atBank: false });
      await pulls.finishPull(tx, pull.id, {
        state: 'failed',
        errorCode: 'auth_lost',
        error: `Access to the bank was lost (${reason}).`,
        now,
      });
    });
    return;
  }
  const schedule = deps.config.bankPullRetrySchedule;
  const planned = schedule[pull.attempts - 1];
  if (planned !== undefined) {
    const retryAfter = err instanceof BankRateLimitedError ? (err.retryAfter ?? 0) : 0;
    await deps.db.transaction((tx) =>
      enqueuePullRetry(
        tx,
        deps.queue,
        pull,
        Math.max(planned, retryAfter),
        { code: err.kind, message: err.message },
        now,
      ),
    );
    return;
  }
  await pulls.finishPull(deps.db, pull.id, { state: 'failed', errorCode: err.kind, error: err.message, now });
}
