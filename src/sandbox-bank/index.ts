/** The sandbox bank: the Fastify plugin and what tests need to know about the data it holds. */
export { sandboxBank, SANDBOX_PASSWORD, type SandboxBankOptions, type SandboxClient } from './plugin.ts';
export { personaAt, personasAt, sandboxAsOf, SANDBOX_SEED, SANDBOX_YEARS } from './data.ts';
export { SWITCH_KINDS } from './state.ts';
