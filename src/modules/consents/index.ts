/** The consents module's public face. Routes and jobs are wired by src/app/routes.ts and src/jobs/handlers.ts. */
export {
  listCustomerConsents,
  refreshConsent,
  revokeAtBank,
  revokeConsentsOfDeletedCustomer,
  consentJobKeysOfCustomer,
} from './consents.service.ts';
export { sweepConsents } from './consents.sweep.ts';
export { runBankPull } from './bank-pull.job.ts';
export type { ConsentDeps } from './bank-access.ts';
export { isStartedBy } from './browser-flow.service.ts';
export { scanConsentExpiry, consentDeadlines } from './consent-expiry.ts';
export { answerReconfirmation, findCustomerConsent } from './consent-reconfirm.ts';
export type { ConsentRow } from './consents.repo.ts';
export { CONSENT_PERMISSION_WORDS } from './consent-screen.ts';
