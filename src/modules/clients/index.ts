/** The clients module's public face: the tenants, their credentials, lifecycle and settings. Routes are wired by src/app/routes.ts. */
export { clientsWithRetention, getSettings, updateSettings } from './clients.service.ts';
export {
  clientAudit,
  createClient,
  deleteClient,
  DEFAULT_OVERLAP_SECONDS,
  ensureBootstrapClients,
  getClient,
  listClients,
  recordAudit,
  rotateClientSecret,
  setClientEnabled,
  verifyClientCredentials,
} from './clients.lifecycle.ts';
export type {
  AuditAction,
  AuditActor,
  AuditEntry,
  BeforeCustomerErased,
  BootstrapOutcome,
  ClientView,
  NewSecret,
} from './clients.lifecycle.ts';
export { tokenRevocationCount } from './clients.revocations.ts';
export type { ClientSettings, ClientSettingsPatch } from './clients.settings.ts';
/** The schema PATCH /public/v3/settings checks its body with: the console checks its forms with the same. */
export { SettingsPatch } from './clients.settings.ts';
