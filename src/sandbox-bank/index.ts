/** The sandbox bank: startSandboxBank (its listeners, its banks' authorisation servers) and what tests need to know about the data it holds. */
export { startSandboxBank, type SandboxBank, type SandboxClientCredentials } from './start.ts';
export { CONTROL_CREDENTIALS, SANDBOX_PASSWORD, type SandboxBankOptions } from './context.ts';
export { personaAt, personasAt, sandboxAsOf } from './data.ts';
