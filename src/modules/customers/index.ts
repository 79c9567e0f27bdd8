/** The customers module's public face. Routes are wired by src/app/routes.ts. */
export { findOrCreateCustomer, requireCustomer, searchCustomers } from './customers.service.ts';
export type { BeforeCustomerDeleted } from './customers.service.ts';
export type { CustomerRow } from './customers.repo.ts';
export { CustomerIdParams } from './customers.wire.ts';
