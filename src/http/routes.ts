/**
 * The index of the API: every endpoint, its number in the interface spec, and the module that serves it.
 *
 *  #  method  path                                                                module
 *  1  POST    /oauth/v2/token                                                     modules/auth
 *  2  POST    /public/v3/customers                                                modules/customers
 *  3  POST    /public/v3/customers/{customer_id}/token                            modules/customers
 * 19  GET     /public/v3/account_types/{account_type}/transaction_categories      modules/categories
 *  -  GET     /public/v3/customers[?user_reference=], GET/DELETE .../{customer_id} modules/customers (decisions.md)
 *  -  GET     /public/v3/banks                                                    modules/banks (decisions.md)
 *  -  GET     /public/v3/settings, PATCH /public/v3/settings                      modules/clients
 *  -  GET     /health, /ready, /openapi.json, /docs                               modules/health, app.ts
 */
import type { App, AppDeps } from '../app.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { bankRoutes } from '../modules/banks/banks.routes.ts';
import { categoryRoutes } from '../modules/categories/categories.routes.ts';
import { settingsRoutes } from '../modules/clients/clients.routes.ts';
import { customerRoutes } from '../modules/customers/customers.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { registerJsonParser } from './json-body.ts';

export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await app.register(async (api) => {
    registerJsonParser(api, deps.config.bodyLimitBytes);
    await customerRoutes(api, deps);
    await settingsRoutes(api, deps);
    await bankRoutes(api, deps);
    await categoryRoutes(api, deps);
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
