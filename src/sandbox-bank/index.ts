/** The sandbox bank: startSandboxBank (its listeners, its banks' authorisation servers) and what tests need to know about the data it holds. */
export { startSandboxBank, type SandboxBank, type SandboxClientCredentials } from './start.ts';
export { CONTROL_CREDENTIALS, SANDBOX_PASSWORD, SANDBOX_CLIENT_ID, type SandboxBankOptions } from './context.ts';
export { AISP_BASE_MEMBER } from './provider.ts';
export { personaAt, personasAt, sandboxAsOf, SANDBOX_SEED, SANDBOX_YEARS } from './data.ts';
export { SWITCH_KINDS } from './state.ts';
