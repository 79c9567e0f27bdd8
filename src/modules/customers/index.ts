/** The customers module's public face. Routes are wired by src/app/routes.ts. */
export { findOrCreateCustomer, requireCustomer, searchCustomers } from './customers.service.ts';
export { eraseCustomer, finishInterruptedErasures } from './customers.erasure.ts';
export type { ErasureRequest, ErasureStep, ErasureSteps } from './customers.erasure.ts';
export type { CustomerRow } from './customers.repo.ts';
export { CustomerIdParams } from './customers.wire.ts';
export { applyRetention } from './customers.retention.ts';
