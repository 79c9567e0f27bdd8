/** The clients module's public face: the tenants, their credentials and settings. Routes are wired by src/routes.ts. */
export {
  createClient,
  ensureBootstrapClients,
  getInstallationKey,
  getSettings,
  listClients,
  rotateClientSecret,
  updateSettings,
  verifyClientCredentials,
} from './clients.service.ts';
export type { ClientSettings, ClientSettingsPatch } from './clients.settings.ts';
