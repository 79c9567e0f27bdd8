/**
 * The index of the API: every endpoint, its number in the interface spec, and the module that serves it.
 *
 *  #  method  path                                                                module
 *  1  POST    /oauth/v2/token                                                     modules/auth
 *  2  POST    /public/v3/customers                                                modules/customers
 *  3  POST    /public/v3/customers/{customer_id}/token                            modules/customers
 * 10  POST    /public/v3/customers/{customer_id}/transaction_collections          modules/transactions
 * 11  GET     /public/v3/customers/{customer_id}/raw-transactions                 modules/transactions
 * 12  GET     /public/v3/customers/{customer_id}/accounts                         modules/accounts
 * 13  GET     /public/v3/customers/{customer_id}/accounts/{account_id}/statements modules/statements (+ /account/ alias)
 * 14  GET     /public/v3/customers/{customer_id}/accounts/{account_id}/party      modules/statements (+ /account/ alias)
 * 15  GET     /public/v3/customers/{customer_id}/insights/current_personal        modules/reports
 * 16  GET     /public/v3/customers/{customer_id}/affordability/personal           modules/reports
 * 17  GET     /public/v3/customers/{customer_id}/events/personal                  modules/reports
 * 18  GET     /public/v3/customers/{customer_id}/report_readiness_statuses/{name} modules/reports
 *  -  GET     /public/v3/customers/{customer_id}/forecast/personal                modules/reports (issue: forecast)
 *  -  GET     /public/v3/customers/{customer_id}/reports/affordability.pdf        modules/overview (docs/decisions/0035)
 *  -  GET     /public/v3/customers/{customer_id}/affordability/assessment         modules/affordability (docs/decisions/0050)
 *  -  POST/GET /public/v3/customers/{customer_id}/affordability/declarations      modules/affordability
 *  -  GET/PUT /public/v3/affordability/policy, GET .../policy/versions/{version}  modules/affordability
 * 19  GET     /public/v3/account_types/{account_type}/transaction_categories      modules/categories
 * 20  POST    /public/v3/webhooks                                                 modules/webhooks
 * 21  DELETE  /public/v3/webhooks/{webhook_id}/delete                             modules/webhooks
 *  -  POST    /public/v3/customers/{customer_id}/account_collections              modules/accounts (docs/decisions/0006)
 *  -  POST    /public/v3/customers/{customer_id}/balance_collections              modules/accounts
 *  -  GET     /public/v3/customers/{customer_id}/accounts/{account_id}/balances   modules/accounts
 *  -  GET     /public/v3/customers/{customer_id}/transactions                     modules/transactions (categorised view)
 *  -  PATCH   /public/v3/customers/{customer_id}/transactions/{transaction_id}    modules/corrections (docs/decisions/0061)
 *  -  GET     .../transactions/{transaction_id}/category_history                  modules/corrections
 *  -  GET/POST /public/v3/category_rules, GET/PATCH/DELETE .../{rule_id},         modules/corrections
 *     POST    .../category_rules/preview; GET /public/v3/category_corrections/labels
 *  -  GET     /public/v3/customers[?user_reference=], GET/DELETE .../{customer_id} modules/customers (docs/decisions/0005)
 *  -  GET     /public/v3/banks                                                    modules/banks (docs/decisions/0006)
 *  -  GET     /public/v3/settings, PATCH /public/v3/settings                      modules/clients
 *  -  *       /admin/v1/clients[/{client_id}[/rotate-secret|disable|enable|audit]] modules/clients (operator token;
 *             docs/decisions/0026-client-lifecycle.md): documented here, served only on the admin listener
 *             (src/app/admin-server.ts, loopback by default, docs/decisions/0033-admin-listener.md); 404 here
 *  -  GET     /public/v3/webhooks, GET .../{webhook_id}/deliveries,               modules/webhooks (docs/decisions/0011)
 *     POST    .../{webhook_id}/deliveries/{delivery_id}/replay
 *  4  POST    /public/v3/webflow/banks/{bank_slug}/consent                        modules/consents (AppUserToken)
 *  5  POST    /public/v3/webflow/banks/{bank_slug}/redirect?url=                  modules/consents (AppUserToken)
 *  6  GET     /public/v3/webflow/banks/{bank_slug}/consent/status                 modules/consents (AppUserToken)
 *  -  GET     /public/v3/webflow/banks                                            modules/consents (AppUserToken, docs/decisions/0006)
 *  -  POST    .../webflow/banks/{bank_slug}/consent/reconfirm, DELETE .../consent modules/consents (AppUserToken)
 *  -  GET     /webflow/callback (the bank sends the customer back; no token)      modules/consents
 *  -  GET     /public/v3/customers/{customer_id}/consents[/{consent_id}],         modules/consents
 *     POST    .../consents/{consent_id}/refresh, DELETE .../consents/{consent_id}
 *  -  *       /sandbox-bank/{slug}/… (the bank simulator; not in the OpenAPI)     sandbox-bank
 *  7  POST    /public/v3/component_auth/init                                      modules/connect
 *  8  POST    /public/v3/invitations                                              modules/invitations
 *  9  GET     /public/v3/invitations                                              modules/invitations
 *  -  GET     /public/v3/invitations/{invitation_id}, DELETE (revoke)             modules/invitations (docs/decisions/0012)
 *  -  POST, GET /public/v3/reconfirmations[/{reconfirmation_id}], DELETE (revoke)  modules/reconfirmations (docs/decisions/0060)
 *  -  GET/POST /connect/… (hosted connect pages, the component; not in the OpenAPI) web
 *  -  GET/POST /console/… (the lender console's pages; not in the OpenAPI)          web/console (docs/decisions/0034)
 *  -  POST    /admin/v1/clients/{client_id}/console_invitations (operator token)  modules/console (admin listener)
 *  -  GET     /health, /ready, /openapi.json, /docs                               modules/health, app.ts
 *  -  GET     / (links for people as HTML, for programs as JSON)                  modules/health
 *  -  GET     /metrics (Prometheus; only with METRICS_TOKEN, docs/operations.md)  modules/health
 */
import { DEFAULT_BODY_LIMIT_BYTES, type HttpApp } from '../http/server.ts';
import type { AppDeps } from './app-deps.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { bankRoutes } from '../modules/banks/banks.routes.ts';
import { categoryRoutes } from '../modules/categories/categories.routes.ts';
import { settingsRoutes } from '../modules/clients/clients.routes.ts';
import { adminClientRoutes } from '../modules/clients/clients-admin.routes.ts';
import { consoleAdminRoutes } from '../modules/console/console-admin.routes.ts';
import { consoleRoutes } from '../web/console/console.routes.ts';
import { customerRoutes } from '../modules/customers/customers.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { landingRoutes } from '../modules/health/landing.routes.ts';
import { metricsRoutes } from '../modules/health/metrics.routes.ts';
import { webhookRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { accountRoutes } from '../modules/accounts/accounts.routes.ts';
import { transactionRoutes } from '../modules/transactions/transactions.routes.ts';
import { statementRoutes } from '../modules/statements/statements.routes.ts';
import { reportRoutes } from '../modules/reports/reports.routes.ts';
import { overviewRoutes } from '../modules/overview/overview.routes.ts';
import { affordabilityRoutes } from '../modules/affordability/affordability.routes.ts';
import { closePdfPrinter } from '../modules/overview/index.ts';
import { consentRoutes } from '../modules/consents/consents.routes.ts';
import { webflowRoutes } from '../modules/consents/webflow.routes.ts';
import { customerErasureSteps } from './customer-erasure.ts';
import { invitationRoutes } from '../modules/invitations/invitations.routes.ts';
import { componentAuthRoutes } from '../modules/connect/connect.routes.ts';
import { webRoutes } from '../web/web.routes.ts';
import { registerJsonParser } from '../http/json-body.ts';
import { apiBudgets } from '../http/throttle.ts';
import { correctionRoutes } from '../modules/corrections/corrections.routes.ts';
import { reconfirmationRoutes } from '../modules/reconfirmations/reconfirmations.routes.ts';
import { reconfirmPageRoutes } from '../web/reconfirm.routes.ts';

/** What every role serves (a worker process serves only these): liveness, readiness, and metrics when configured. */
export async function registerOperationsRoutes(app: HttpApp, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  const metricsToken = deps.config.metricsToken;
  if (metricsToken !== null) await metricsRoutes(app, { metricsToken, metrics: deps.metrics });
}

export async function registerRoutes(app: HttpApp, deps: AppDeps): Promise<void> {
  await registerOperationsRoutes(app, deps);
  await landingRoutes(app);
  await authRoutes(app, deps);
  await app.register(async (api) => {
    registerJsonParser(api, DEFAULT_BODY_LIMIT_BYTES, deps.db.kind === 'pglite', deps.workerPool);
    // Each client's quota and its customers' budgets, counted once the route's authentication has said whose call
    // it is (src/http/throttle.ts).
    api.addHook('preHandler', apiBudgets(api, deps.config));
    await customerRoutes(api, { ...deps, erasure: customerErasureSteps(deps) });
    await settingsRoutes(api, deps);
    await bankRoutes(api, deps);
    await categoryRoutes(api, deps);
    await webhookRoutes(api, deps);
    await accountRoutes(api, deps);
    await transactionRoutes(api, deps);
    await correctionRoutes(api, deps);
    await statementRoutes(api, deps);
    await reportRoutes(api, deps);
    await overviewRoutes(api, deps);
    await affordabilityRoutes(api, deps);
    await webflowRoutes(api, deps);
    await consentRoutes(api, deps);
    await invitationRoutes(api, deps);
    await reconfirmationRoutes(api, deps);
    await componentAuthRoutes(api, deps);
    // In the OpenAPI document only: served on the admin listener (src/app/admin-server.ts); here every path is 404.
    await adminClientRoutes(api, { ...deps, adminToken: null });
    await consoleAdminRoutes(api, { ...deps, adminToken: null });
  });
  // The hosted connect pages (HTML, forms): outside /public/v3's JSON-only scope.
  await webRoutes(app, deps);
  await reconfirmPageRoutes(app, deps);
  // The lender console (HTML, server-side sessions): src/web/console, docs/decisions/0034-console.md.
  await consoleRoutes(app, { ...deps, erasure: customerErasureSteps(deps) });
  // The affordability PDF's browser (API and console alike) is started on first use and closed with the app.
  app.addHook('onClose', async () => closePdfPrinter(deps));
  // The bank simulator, a bank like any other to the connector (config refuses it in production unless allowed).
  // Its browser side (discovery, authorisation, login pages) is mounted here; its mutual-TLS side listens apart.
  if (deps.sandboxBank) await app.register(deps.sandboxBank.plugin, { prefix: '/sandbox-bank' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
