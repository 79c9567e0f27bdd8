/** The accounts module's public face: what other modules may use. Routes are wired by src/app/routes.ts. */
export {
  accountNotFound,
  listCustomerAccounts,
  requireCustomerAccounts,
  setAccountsAuthorization,
  storeBankAccounts,
  storeBankBalances,
} from './accounts.service.ts';
export type { NewAccount } from './accounts.repo.ts';
export { BALANCE_TYPES, Currency } from './accounts.wire.ts';
