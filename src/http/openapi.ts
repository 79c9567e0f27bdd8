/**
 * What the OpenAPI document (/openapi.json) says beyond the routes' own schemas, so a client generator is happy
 * with it (docs/decisions/0048-first-hour.md: "every operation has a stable, readable operationId and a tag; every request and response
 * body is a named component schema"):
 * - OPERATION_IDS, the operations' public names: an SDK's method names, so they are a contract of their own and
 *   live in one table, where they are seen together, stay unique and never change by accident. A documented route
 *   without a name here stops the service at start-up (`operationIdFor`).
 * - `nameBodySchemas`, which moves every inline request and response body into components.schemas under a name
 *   derived from its operation (`ListAccountsResponse`, `SubmitTransactionsRequest`).
 */
import type { RouteOptions } from 'fastify';
import recordedExamples from './openapi-examples.json' with { type: 'json' };

/** "METHOD /path" as the document writes paths ({param}) → operationId. */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Operations
  'GET /health': 'getHealth',
  'GET /ready': 'getReadiness',
  'GET /': 'getLanding',
  // Authentication
  'POST /oauth/v2/token': 'createAccessToken',
  // Customers
  'POST /public/v3/customers': 'createCustomer',
  'GET /public/v3/customers': 'listCustomers',
  'GET /public/v3/customers/{customer_id}': 'getCustomer',
  'DELETE /public/v3/customers/{customer_id}': 'deleteCustomer',
  'POST /public/v3/customers/{customer_id}/token': 'createCustomerToken',
  // Settings, banks, categories
  'GET /public/v3/settings': 'getSettings',
  'PATCH /public/v3/settings': 'updateSettings',
  'GET /public/v3/banks': 'listBanks',
  'GET /public/v3/account_types/{account_type}/transaction_categories': 'listTransactionCategories',
  // Webhooks
  'POST /public/v3/webhooks': 'createWebhook',
  'GET /public/v3/webhooks': 'listWebhooks',
  'DELETE /public/v3/webhooks/{webhook_id}/delete': 'deleteWebhook',
  'GET /public/v3/webhooks/{webhook_id}/deliveries': 'listWebhookDeliveries',
  'POST /public/v3/webhooks/{webhook_id}/deliveries/{delivery_id}/replay': 'replayWebhookDelivery',
  'POST /public/v3/webhooks/{webhook_id}/test': 'sendWebhookTestEvent',
  // Accounts, balances, statements, parties
  'POST /public/v3/customers/{customer_id}/account_collections': 'createAccounts',
  'GET /public/v3/customers/{customer_id}/accounts': 'listAccounts',
  'POST /public/v3/customers/{customer_id}/balance_collections': 'createBalances',
  'GET /public/v3/customers/{customer_id}/accounts/{account_id}/balances': 'listBalances',
  'GET /public/v3/customers/{customer_id}/accounts/{account_id}/statements': 'listStatements',
  'GET /public/v3/customers/{customer_id}/accounts/{account_id}/party': 'listAccountParties',
  // Transactions
  'POST /public/v3/customers/{customer_id}/transaction_collections': 'submitTransactions',
  'GET /public/v3/customers/{customer_id}/raw-transactions': 'listRawTransactions',
  'GET /public/v3/customers/{customer_id}/transactions': 'listCategorisedTransactions',
  'GET /public/v3/customers/{customer_id}/transactions/sync': 'syncTransactions',
  // Corrections and rules (docs/decisions/0061-category-corrections-and-rules.md)
  'PATCH /public/v3/customers/{customer_id}/transactions/{transaction_id}': 'correctTransactionCategory',
  'GET /public/v3/customers/{customer_id}/transactions/{transaction_id}/category_history':
    'listTransactionCategoryHistory',
  'GET /public/v3/category_corrections/labels': 'exportCategoryCorrectionLabels',
  'GET /public/v3/category_rules': 'listCategoryRules',
  'POST /public/v3/category_rules': 'createCategoryRule',
  'POST /public/v3/category_rules/preview': 'previewCategoryRule',
  'GET /public/v3/category_rules/{rule_id}': 'getCategoryRule',
  'PATCH /public/v3/category_rules/{rule_id}': 'updateCategoryRule',
  'DELETE /public/v3/category_rules/{rule_id}': 'deleteCategoryRule',
  // Reports
  'GET /public/v3/customers/{customer_id}/report_readiness_statuses/{report_name}': 'getReportReadiness',
  'GET /public/v3/customers/{customer_id}/insights/current_personal': 'getInsights',
  'GET /public/v3/customers/{customer_id}/affordability/personal': 'getAffordability',
  'GET /public/v3/customers/{customer_id}/events/personal': 'listEvents',
  'GET /public/v3/customers/{customer_id}/forecast/personal': 'getForecast',
  'GET /public/v3/customers/{customer_id}/reports/affordability.pdf': 'getAffordabilityPdf',
  // Affordability assessment (docs/decisions/0050-affordability-assessment.md)
  'GET /public/v3/customers/{customer_id}/affordability/assessment': 'getAffordabilityAssessment',
  'POST /public/v3/customers/{customer_id}/affordability/declarations': 'createAffordabilityDeclaration',
  'GET /public/v3/customers/{customer_id}/affordability/declarations': 'listAffordabilityDeclarations',
  'GET /public/v3/affordability/policy': 'getAffordabilityPolicy',
  'PUT /public/v3/affordability/policy': 'putAffordabilityPolicy',
  'GET /public/v3/affordability/policy/versions/{version}': 'getAffordabilityPolicyVersion',
  // The bank flow (the customer's side)
  'POST /public/v3/webflow/banks/{bank_slug}/consent': 'createConsentScreen',
  'DELETE /public/v3/webflow/banks/{bank_slug}/consent': 'withdrawConsent',
  'POST /public/v3/webflow/banks/{bank_slug}/redirect': 'createBankFlow',
  'GET /public/v3/webflow/banks/{bank_slug}/consent/status': 'getConsentStatus',
  'POST /public/v3/webflow/banks/{bank_slug}/consent/reconfirm': 'reconfirmConsent',
  'GET /public/v3/webflow/banks': 'listConnectableBanks',
  'GET /webflow/callback': 'receiveBankCallback',
  'POST /webflow/callback': 'relayBankCallback',
  'GET /webflow/start/{token}': 'startBankFlow',
  // Consents (the client's side)
  'GET /public/v3/customers/{customer_id}/consents': 'listConsents',
  'GET /public/v3/customers/{customer_id}/consents/{consent_id}': 'getConsent',
  'DELETE /public/v3/customers/{customer_id}/consents/{consent_id}': 'revokeConsent',
  'POST /public/v3/customers/{customer_id}/consents/{consent_id}/refresh': 'refreshConsent',
  // Invitations and the web component
  'POST /public/v3/invitations': 'createInvitation',
  'GET /public/v3/invitations': 'listInvitations',
  'GET /public/v3/invitations/{invitation_id}': 'getInvitation',
  'DELETE /public/v3/invitations/{invitation_id}': 'revokeInvitation',
  // Reconfirmation links (docs/decisions/0060-reconfirmation-links.md)
  'POST /public/v3/reconfirmations': 'createReconfirmation',
  'GET /public/v3/reconfirmations': 'listReconfirmations',
  'GET /public/v3/reconfirmations/{reconfirmation_id}': 'getReconfirmation',
  'DELETE /public/v3/reconfirmations/{reconfirmation_id}': 'revokeReconfirmation',
  'POST /public/v3/component_auth/init': 'createComponentUrl',
  // The admin API (served on the admin listener only: src/app/admin-server.ts)
  'POST /admin/v1/clients': 'adminCreateClient',
  'GET /admin/v1/clients': 'adminListClients',
  'GET /admin/v1/clients/{client_id}': 'adminGetClient',
  'POST /admin/v1/clients/{client_id}/rotate-secret': 'adminRotateClientSecret',
  'POST /admin/v1/clients/{client_id}/disable': 'adminDisableClient',
  'POST /admin/v1/clients/{client_id}/enable': 'adminEnableClient',
  'DELETE /admin/v1/clients/{client_id}': 'adminDeleteClient',
  'GET /admin/v1/clients/{client_id}/audit': 'adminListClientAudit',
  'POST /admin/v1/clients/{client_id}/console_invitations': 'adminCreateConsoleInvitation',
  'GET /admin/v1/clients/{client_id}/customers/{customer_id}/report_readiness_statuses/{report_name}':
    'adminGetCustomerReadiness',
  'GET /admin/v1/clients/{client_id}/settings': 'adminGetClientSettings',
  'PATCH /admin/v1/clients/{client_id}/settings': 'adminUpdateClientSettings',
};

/**
 * The operations anyone may call, without credentials: the landing page, the liveness and readiness probes, the token endpoint (it
 * takes the client's credentials in its body), and the bank flow's browser addresses (a capability in the path or
 * the query). The document declares `security: []` on these; every other operation names its scheme.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  'getReadiness',
  'getLanding',
  'createAccessToken',
  'receiveBankCallback',
  'relayBankCallback',
  'startBankFlow',
]);

/** The document's form of a Fastify path: `/a/:id/b` → `/a/{id}/b`. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The operationId of a route the document shows, or undefined for one it hides (and HEAD routes, which Fastify
 * adds beside GETs). Throws for a documented route without a name: a new route is named before it ships.
 */
function operationIdFor(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema as { hide?: boolean } | undefined;
  if (schema?.hide || methods.every((m) => m === 'HEAD')) return undefined;
  const key = `${methods.filter((m) => m !== 'HEAD').join(',')} ${documentPath(route.url)}`;
  const id = OPERATION_IDS[key];
  if (id === undefined) throw new Error(`no operationId for ${key}: add it to OPERATION_IDS in src/http/openapi.ts`);
  return id;
}

/** The route's schema as the document shows it: with its operationId (swagger's `transform`, src/app/app.ts). */
export function withOperationId(schema: unknown, route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): unknown {
  const operationId = operationIdFor(route);
  if (!operationId || typeof schema !== 'object' || schema === null) return schema;
  return PUBLIC_OPERATIONS.has(operationId) ? { ...schema, operationId, security: [] } : { ...schema, operationId };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Moves each inline body schema of the document into components.schemas: a request body becomes
 * `<OperationId>Request`, a success body `<OperationId>Response` (`…<status>Response` when an operation has
 * several), an error body `<OperationId><status>Problem`. A schema equal to one already named gets that name.
 * Mutates and returns the document.
 */
export function nameBodySchemas(document: Json): Json {
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;

  const named = (schema: unknown, name: string): Json => {
    if (!isObject(schema) || '$ref' in schema) return schema as Json;
    let found = name;
    for (let n = 2; found in schemas; n++) found = `${name}${n}`;
    schemas[found] = schema;
    return { $ref: `#/components/schemas/${found}` };
  };
  const nameContent = (holder: unknown, name: string): void => {
    if (!isObject(holder) || !isObject(holder.content)) return;
    for (const media of Object.values(holder.content))
      if (isObject(media) && media.schema !== undefined) media.schema = named(media.schema, name);
  };

  for (const operations of Object.values((document.paths ?? {}) as Json)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const base = pascal(operation.operationId);
      nameContent(operation.requestBody, `${base}Request`);
      const responses = isObject(operation.responses) ? operation.responses : {};
      const successes = Object.keys(responses).filter((s) => s.startsWith('2'));
      for (const [status, response] of Object.entries(responses)) {
        const name = status.startsWith('2')
          ? successes.length > 1
            ? `${base}${status}Response`
            : `${base}Response`
          : `${base}${status}Problem`;
        nameContent(response, name);
      }
    }
  }
  return document;
}

/**
 * What each error status means for every operation (the Problem Details body says which field and why). A route
 * that describes its own answer keeps its words; Fastify's placeholder ("Default Response") is replaced.
 */
const STATUS_MEANINGS: Readonly<Record<string, string>> = {
  '400': 'The request is malformed or a field is invalid: Problem Details with a pointer per bad field (`errors`).',
  '401': 'No credentials, or they are not valid (expired, revoked, another kind of token).',
  '403': 'The credentials are valid but may not do this.',
  '404': "Not found, or not this client's (another client's ids answer the same).",
  '409': "The request conflicts with the current state (the Problem's `code` says which).",
  '410': 'Gone: it existed and no longer does.',
  '413': 'The body is larger than the service accepts (BODY_LIMIT_BYTES).',
  '415': 'The Content-Type is not one this operation takes.',
  '422': "The request is well formed but cannot be processed as it is (the Problem's `code` says why).",
  '429': 'Too many requests: wait for the number of seconds in Retry-After.',
  '500': 'An unexpected error of the service (reported with its x-request-id).',
  '503': 'Not available for the moment (Retry-After says when to try again).',
};

const SUCCESS_MEANINGS: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work is done in the background',
  '204': 'Done; no body',
  '302': 'A redirect (Location)',
  '303': 'A redirect (Location)',
};

/** Every response gets a description: the route's own, or what its status means for this operation. */
export function describeResponses(document: Json): Json {
  for (const operations of Object.values((document.paths ?? {}) as Json)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const summary = typeof operation.summary === 'string' ? operation.summary.replace(/^\d+\.\s*/, '') : '';
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response) || (response.description && response.description !== 'Default Response')) continue;
        const success = SUCCESS_MEANINGS[status];
        response.description =
          success !== undefined
            ? `${success}${summary ? `: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : ''}.`
            : (STATUS_MEANINGS[status] ?? `HTTP ${status}.`);
      }
    }
  }
  return document;
}

/** The probes a lender's server may call through the SDK too (to check the service is up before a batch). */
const SDK_PROBES: ReadonlySet<string> = new Set(['/health', '/ready']);

const AUTH_HEADERS: Readonly<Record<string, string>> = {
  Bearer: '-H "Authorization: Bearer $TOKEN"',
  AppUserToken: '-H "Authorization: AppUserToken $USER_TOKEN"',
  AdminToken: '-H "Authorization: Bearer $ADMIN_TOKEN"',
};

/**
 * Code samples per operation (`x-codeSamples`, which Redoc shows beside each operation): a curl call in the README's
 * variables ($BASE, $TOKEN, $USER_TOKEN, $ADMIN_URL, $ADMIN_TOKEN) and the same call with the TypeScript SDK
 * (packages/sdk), its path parameters and body named as the document names them.
 */
export function addCodeSamples(document: Json): Json {
  for (const [route, operations] of Object.entries((document.paths ?? {}) as Json)) {
    if (!isObject(operations)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      operation['x-codeSamples'] = codeSamples(route, method.toUpperCase(), operation);
    }
  }
  return document;
}

function codeSamples(
  route: string,
  method: string,
  operation: Json,
): { lang: string; label: string; source: string }[] {
  const params = Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : [];
  const inPath = params.filter((p) => p.in === 'path').map((p) => String(p.name));
  const query = params.filter((p) => p.in === 'query' && p.required === true).map((p) => String(p.name));
  const security = Array.isArray(operation.security) ? (operation.security as Json[]) : [];
  const scheme = security.flatMap((s) => Object.keys(s))[0];
  const shellVar = (name: string) => `$${name.toUpperCase()}`;
  const base = route.startsWith('/admin/') ? '$ADMIN_URL' : '$BASE';
  const url = `${base}${route.replace(/\{([^}]+)\}/g, (_m, name: string) => shellVar(name))}${
    query.length ? `?${query.map((q) => `${q}=${shellVar(q)}`).join('&')}` : ''
  }`;
  const body =
    isObject(operation.requestBody) && isObject(operation.requestBody.content)
      ? operation.requestBody.content
      : undefined;
  const bodyType = body ? Object.keys(body)[0] : undefined;
  const curl = [
    `curl -s -X ${method} "${url}"`,
    ...(scheme && AUTH_HEADERS[scheme] ? [AUTH_HEADERS[scheme]] : []),
    ...(bodyType ? [`-H 'Content-Type: ${bodyType}' -d @body.${bodyType.includes('json') ? 'json' : 'txt'}`] : []),
  ].join(' \\\n  ');
  const samples = [{ lang: 'Shell', label: 'curl', source: curl }];
  // The SDK fetches and renews the client's token itself: no sample of the token endpoint. The admin API is on the
  // admin listener, which the SDK does not talk to; the bank flow's browser addresses are not called by programs.
  if (route.startsWith('/public/') || SDK_PROBES.has(route)) {
    const options = [
      ...(inPath.length || query.length
        ? [
            `params: { ${[
              ...(inPath.length ? [`path: { ${inPath.join(', ')} }`] : []),
              ...(query.length ? [`query: { ${query.join(', ')} }`] : []),
            ].join(', ')} }`,
          ]
        : []),
      ...(bodyType ? ['body'] : []),
      // the customer's side takes the customer token; the SDK sends the client's own token otherwise
      ...(scheme === 'AppUserToken' ? ['headers: { authorization: `AppUserToken ${userToken}` }'] : []),
    ];
    const call = `obi.api.${method}('${route}'${options.length ? `, { ${options.join(', ')} }` : ''})`;
    samples.push({
      lang: 'TypeScript',
      label: 'SDK',
      source: `import { ok } from '@open-banking-insights/sdk';\n\nconst answer = ok(await ${call});`,
    });
  }
  return samples;
}

/** One operation's recorded exchange (src/http/openapi-examples.json). */
interface RecordedExchange {
  request?: unknown;
  status: number;
  response?: unknown;
}

/**
 * Examples taken from a real flow (docs/decisions/0081-reference-examples.md): `npm run docs:examples` drives a
 * service on a fresh database through its API and records, per operation, the JSON body it sent and the answer
 * (src/http/openapi-examples.json). Each becomes the `examples` of the operation's JSON request body and of the
 * response with the recorded status; test/docs/reference-examples.test.ts validates them against those schemas.
 */
export function addExamples(
  document: Json,
  examples: Readonly<Record<string, RecordedExchange>> = recordedExamples as Record<string, RecordedExchange>,
): Json {
  const jsonMedia = (holder: unknown): Json | undefined => {
    if (!isObject(holder) || !isObject(holder.content)) return undefined;
    const media = holder.content['application/json'];
    return isObject(media) ? media : undefined;
  };
  for (const operations of Object.values((document.paths ?? {}) as Json)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const recorded = examples[operation.operationId];
      if (!recorded) continue;
      const request = jsonMedia(operation.requestBody);
      if (request && recorded.request !== undefined)
        request.examples = { flow: { summary: 'From the sandbox flow', value: recorded.request } };
      const responses = isObject(operation.responses) ? operation.responses : {};
      const response = jsonMedia(responses[String(recorded.status)]);
      if (response && recorded.response !== undefined)
        response.examples = { flow: { summary: 'From the sandbox flow', value: recorded.response } };
    }
  }
  return document;
}
