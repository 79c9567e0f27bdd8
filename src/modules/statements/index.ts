/** The statements module's public face. Routes are wired by src/app/routes.ts. */
export { storeParties, storeStatements } from './statements.service.ts';
export type { PartyBody, StatementBody } from './statements.service.ts';
