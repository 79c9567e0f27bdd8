/**
 * An Authorised consent as the bank callback leaves one, written straight to the database, for tests about what
 * follows an authorisation (expiry warnings, reconfirmation links and pages) that need no bank flow.
 */
import type { Db } from '../../src/db/db.ts';
import * as consents from '../../src/modules/consents/consents.repo.ts';
import { REQUESTED_PERMISSIONS } from '../../src/modules/consents/consent-screen.ts';
import { newId } from '../../src/lib/ids.ts';

const DAY = 86_400;

export interface AuthorisedConsentOptions {
  clientId: string;
  customerId: string;
  now: Date;
  /** days until the bank's expiry (ExpirationDateTime); null: none. Default 92. */
  bankExpiryDays?: number | null;
  /** days until the 90-day reconfirmation falls due. Default 90. */
  reconfirmInDays?: number;
  redirectUrl?: string;
  /** the purposes shown to the customer. Default one. */
  purposes?: Array<{ description: string }>;
}

/** Inserts the consent, authorised at `now`; its id. */
export async function authorisedConsent(db: Db, o: AuthorisedConsentOptions): Promise<string> {
  const id = newId();
  const seconds = Math.floor(o.now.getTime() / 1000);
  const bankExpiryDays = o.bankExpiryDays === undefined ? 92 : o.bankExpiryDays;
  await consents.insertConsent(
    db,
    {
      id,
      client_id: o.clientId,
      customer_id: o.customerId,
      bank_slug: 'sandbox',
      permissions: [...REQUESTED_PERMISSIONS],
      transaction_from: seconds - 365 * DAY,
      transaction_to: seconds + 92 * DAY,
      expiration: bankExpiryDays === null ? null : seconds + bankExpiryDays * DAY,
      sharing_purposes: o.purposes ?? [{ description: 'Checking you can afford the loan' }],
      sharing_third_parties: [],
      redirect_url: o.redirectUrl ?? 'https://lender.example/back',
      state_hash: `state-${id}`,
      code_verifier_sealed: null,
      nonce_sealed: null,
      bank_consent_id: `bank-${id}`,
    },
    o.now,
  );
  await consents.transition(db, id, ['AwaitingAuthorisation'], 'Authorised', null, o.now, {
    authorised_at: o.now,
    reconfirm_by: new Date(o.now.getTime() + (o.reconfirmInDays ?? 90) * DAY * 1000),
  });
  return id;
}
