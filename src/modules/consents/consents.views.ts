/** Consent and pull rows → their wire shapes (endpoint 6's Consent status, and the client's views). */
import type { ConsentRow } from './consents.repo.ts';
import type { PullRow } from './pulls.repo.ts';

const secondsOf = (d: Date): number => Math.floor(new Date(d).getTime() / 1000);
const seconds = (d: Date | null): number | null => (d === null ? null : secondsOf(d));

export function toConsentStatus(c: ConsentRow) {
  return {
    consent_id: c.id,
    creation_date_time: secondsOf(c.created_at),
    status: c.status,
    status_update_date_time: secondsOf(c.status_updated_at),
    permissions: c.permissions,
    expiration_date_time: c.expiration === null ? null : Number(c.expiration),
    transaction_from_date_time: Number(c.transaction_from),
    transaction_to_date_time: Number(c.transaction_to),
    bank_slug: c.bank_slug,
    reconfirm_by_date_time: c.status === 'Authorised' ? seconds(c.reconfirm_by) : null,
  };
}

export function toPullView(p: PullRow) {
  return {
    id: p.id,
    trigger: p.trigger,
    state: p.state,
    attempts: p.attempts,
    error_code: p.error_code,
    error: p.error,
    counts: p.counts,
    created_at: secondsOf(p.created_at),
    started_at: seconds(p.started_at),
    finished_at: seconds(p.finished_at),
    next_attempt_at: seconds(p.next_attempt_at),
  };
}

export function toConsentView(c: ConsentRow, latest: PullRow | null) {
  return {
    ...toConsentStatus(c),
    customer_id: c.customer_id,
    status_reason: c.status_reason,
    bank_consent_id: c.bank_consent_id,
    authorised_at: seconds(c.authorised_at),
    last_pulled_at: seconds(c.last_pulled_at),
    next_refresh_at: seconds(c.next_refresh_at),
    latest_pull: latest ? toPullView(latest) : null,
  };
}
