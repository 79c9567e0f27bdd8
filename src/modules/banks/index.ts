/** The banks module's public face (the list of banks as the API shows it). Routes are wired by src/app/routes.ts. */
export { BankWire, toBankWire } from './banks.wire.ts';
