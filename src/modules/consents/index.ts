/** The consents module's public face. Routes and jobs are wired by src/routes.ts and src/jobs/handlers.ts. */
export { revokeConsentsOfDeletedCustomer } from './consents.service.ts';
export { startConsentScheduler, sweepConsents } from './consents.sweep.ts';
export type { ConsentDeps } from './bank-access.ts';
