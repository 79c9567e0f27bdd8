/**
 * The flow the reference's examples are taken from (docs/decisions/0081-reference-examples.md): a lender's first
 * day through the HTTP API of a service on a fresh embedded database and a fake clock — client token, settings,
 * webhook, a customer connecting the sandbox bank, reports, a second customer whose data the lender submits,
 * corrections and rules, affordability, invitations, reconfirmations, the component, the admin API. Each
 * operation's first JSON request and answer are recorded; ids, secrets and ports are then replaced by stable
 * stand-ins (`stabilise`), so the same flow writes the same file.
 *
 * `npm run docs:examples` writes the result to src/http/openapi-examples.json, which the document serves as each
 * operation's examples (src/http/openapi.ts, `addExamples`); test/docs/reference-examples.test.ts validates them.
 */
import { buildAdminApp } from '../../src/app/admin-server.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';
import {
  answerBankLogin,
  call,
  CookieJar,
  openBankFlow,
  returnToCallback,
  runBankJobs,
  startLiveService,
  type LiveService,
} from './bank-flow.ts';
import { deliver, startSink } from './webhook-sink.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One operation's recorded exchange: the JSON body sent (if any) and the JSON answer with its status. */
export interface Exchange {
  request?: Json;
  status: number;
  response?: Json;
}

/** operationId → its exchange, in the order the flow met them. */
export type Examples = Record<string, Exchange>;

/** The fixed stand-in for this service's address in the examples: the service's default PUBLIC_BASE_URL. */
const DOCUMENT_BASE = 'http://127.0.0.1:8080';
const HOOK_URL = 'https://hooks.lender.example/obi';
/** Lists in answers keep this many items: an example is read, not processed. */
const LIST_ITEMS = 3;

export async function captureExamples(): Promise<Examples> {
  const svc = await startLiveService({ OBI_ADMIN_TOKEN: 'adm_reference_examples_0123456789abcdef' });
  const sink = await startSink('/obi');
  const admin = await buildAdminApp(svc.deps, 'adm_reference_examples_0123456789abcdef');
  const examples: Examples = {};
  try {
    await runFlow(svc, admin, sink.url, examples);
  } finally {
    await admin.close();
    await sink.close();
    await svc.close();
  }
  return stabilise(examples, [
    [svc.baseUrl, DOCUMENT_BASE],
    [sink.url, HOOK_URL],
  ]);
}

async function runFlow(
  svc: LiveService,
  admin: Awaited<ReturnType<typeof buildAdminApp>>,
  hookUrl: string,
  examples: Examples,
): Promise<void> {
  /** Calls the public listener and records the exchange under the operation's name (its first call only). */
  const rec = async (
    operationId: string,
    method: string,
    path: string,
    opts: { auth?: string; body?: unknown; expect?: number } = {},
  ): Promise<Json> => {
    const res = await call(svc, method, path, { auth: opts.auth, body: opts.body });
    const expect = opts.expect ?? (method === 'POST' ? [200, 201, 202] : [200]);
    if (!(Array.isArray(expect) ? expect : [expect]).includes(res.status))
      throw new Error(`${operationId}: ${method} ${path} answered ${res.status} ${res.text.slice(0, 500)}`);
    examples[operationId] ??= {
      ...(opts.body === undefined ? {} : { request: structuredClone(opts.body) }),
      status: res.status,
      ...(res.json === null ? {} : { response: res.json }),
    };
    return res.json;
  };
  const adminToken = { authorization: 'Bearer adm_reference_examples_0123456789abcdef' };
  const adminRec = async (
    operationId: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const res = await admin.inject({
      method,
      url,
      headers: adminToken,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${operationId}: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    const json = res.body ? res.json() : undefined;
    examples[operationId] ??= {
      ...(body === undefined ? {} : { request: structuredClone(body) }),
      status: res.statusCode,
      ...(json === undefined ? {} : { response: json }),
    };
    return json;
  };

  // The operator makes the lender's client (the admin listener), then the lender takes a token.
  await rec('getHealth', 'GET', '/health');
  await rec('getReadiness', 'GET', '/ready');
  await rec('getLanding', 'GET', '/');
  const created = await adminRec('adminCreateClient', 'POST', '/admin/v1/clients', { name: 'Acme Lending' });
  const clientId = created.client_id as string;
  const tokenBody = { client_id: clientId, client_secret: created.client_secret, grant_type: 'client_credentials' };
  const token = await rec('createAccessToken', 'POST', '/oauth/v2/token', { body: tokenBody });
  const bearer = `Bearer ${token.access_token}`;

  // Settings, banks, categories
  const returnUrl = 'https://acme-lending.example/apply/bank-connected';
  await rec('updateSettings', 'PATCH', '/public/v3/settings', {
    auth: bearer,
    body: {
      company_name: 'Acme Lending Ltd',
      application_name: 'Acme Loans',
      privacy_policy_url: 'https://acme-lending.example/privacy',
      redirect_urls: [returnUrl],
      component_origins: ['https://acme-lending.example'],
      primary_colour: '#1A5FB4',
    },
  });
  await rec('getSettings', 'GET', '/public/v3/settings', { auth: bearer });
  await rec('listBanks', 'GET', '/public/v3/banks', { auth: bearer });
  const categories = await rec(
    'listTransactionCategories',
    'GET',
    '/public/v3/account_types/Personal/transaction_categories',
    { auth: bearer },
  );

  // A webhook, at a receiver that answers 200
  const webhook = await rec('createWebhook', 'POST', '/public/v3/webhooks', {
    auth: bearer,
    body: { url: hookUrl, comment: 'Loan applications service' },
  });
  await rec('listWebhooks', 'GET', '/public/v3/webhooks', { auth: bearer });

  // A customer connects the sandbox bank (the customer's side, with the customer token)
  const customer = await rec('createCustomer', 'POST', '/public/v3/customers', {
    auth: bearer,
    body: { user_reference: 'application-20417' },
  });
  const customerId = customer.id as string;
  const customerToken = await rec('createCustomerToken', 'POST', `/public/v3/customers/${customerId}/token`, {
    auth: bearer,
  });
  const appUser = `AppUserToken ${customerToken.token}`;
  await rec('listConnectableBanks', 'GET', '/public/v3/webflow/banks', { auth: appUser });
  await rec('createConsentScreen', 'POST', '/public/v3/webflow/banks/sandbox/consent', {
    auth: appUser,
    body: { application_sharing_purposes: [{ description: 'To assess your application for a personal loan' }] },
  });
  const flow = await rec(
    'createBankFlow',
    'POST',
    `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(returnUrl)}`,
    { auth: appUser, body: { application_sharing_purposes: null } },
  );
  const jar = new CookieJar();
  const login = await openBankFlow(svc, flow.url, jar);
  const back = await answerBankLogin(svc, login, jar, {
    username: 'salaried-monthly',
    password: SANDBOX_PASSWORD,
    decision: 'approve',
  });
  const landed = await returnToCallback(svc, back, jar);
  if (landed.status !== 302) throw new Error(`callback: ${landed.status} ${landed.text.slice(0, 300)}`);
  await runBankJobs(svc);
  await svc.deps.queue.drain();
  await rec('getConsentStatus', 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: appUser });

  // The client's side of the consent and the data it brought
  const consents = await rec('listConsents', 'GET', `/public/v3/customers/${customerId}/consents`, { auth: bearer });
  const consentId = consents.data[0].consent_id as string;
  await rec('getConsent', 'GET', `/public/v3/customers/${customerId}/consents/${consentId}`, { auth: bearer });
  await rec('getCustomer', 'GET', `/public/v3/customers/${customerId}`, { auth: bearer });
  await rec('listCustomers', 'GET', '/public/v3/customers', { auth: bearer });
  const accounts = await rec('listAccounts', 'GET', `/public/v3/customers/${customerId}/accounts`, { auth: bearer });
  const account = accounts.data[0];
  const accountPath = `/public/v3/customers/${customerId}/accounts/${account.id}`;
  await rec('listBalances', 'GET', `${accountPath}/balances`, { auth: bearer });
  await rec('listStatements', 'GET', `${accountPath}/statements`, { auth: bearer });
  await rec('listAccountParties', 'GET', `${accountPath}/party`, { auth: bearer });
  const raw = await rec(
    'listRawTransactions',
    'GET',
    `/public/v3/customers/${customerId}/raw-transactions?max_per_page=3`,
    {
      auth: bearer,
    },
  );
  await rec('listCategorisedTransactions', 'GET', `/public/v3/customers/${customerId}/transactions?max_per_page=3`, {
    auth: bearer,
  });
  await rec('syncTransactions', 'GET', `/public/v3/customers/${customerId}/transactions/sync?count=3`, {
    auth: bearer,
  });

  // Reports
  for (const report of ['insights', 'affordability'])
    await rec('getReportReadiness', 'GET', `/public/v3/customers/${customerId}/report_readiness_statuses/${report}`, {
      auth: bearer,
    });
  await rec('getInsights', 'GET', `/public/v3/customers/${customerId}/insights/current_personal`, { auth: bearer });
  await rec('getAffordability', 'GET', `/public/v3/customers/${customerId}/affordability/personal`, { auth: bearer });
  await rec('listEvents', 'GET', `/public/v3/customers/${customerId}/events/personal`, { auth: bearer });
  await rec('getForecast', 'GET', `/public/v3/customers/${customerId}/forecast/personal`, { auth: bearer });

  // Affordability: the policy, the customer's declaration, the assessment
  const policy = await rec('getAffordabilityPolicy', 'GET', '/public/v3/affordability/policy', { auth: bearer });
  const { version: _v, created_at: _c, ...policyBody } = policy;
  policyBody.proposed_commitment = { monthly_amount: 250, variable_rate: false };
  const putPolicy = await rec('putAffordabilityPolicy', 'PUT', '/public/v3/affordability/policy', {
    auth: bearer,
    body: policyBody,
  });
  await rec('getAffordabilityPolicyVersion', 'GET', `/public/v3/affordability/policy/versions/${putPolicy.version}`, {
    auth: bearer,
  });
  await rec('createAffordabilityDeclaration', 'POST', `/public/v3/customers/${customerId}/affordability/declarations`, {
    auth: bearer,
    body: { income: 2450, housing: 875, credit_commitments: 120, other_essential: 310, household_size: 2 },
  });
  await rec('listAffordabilityDeclarations', 'GET', `/public/v3/customers/${customerId}/affordability/declarations`, {
    auth: bearer,
  });
  await rec(
    'getAffordabilityAssessment',
    'GET',
    `/public/v3/customers/${customerId}/affordability/assessment?proposed_monthly_amount=250`,
    { auth: bearer },
  );

  // A correction and a rule
  const transaction = raw.data[0];
  // a category that fits the direction of the transaction's money
  const direction = Number(transaction.amount) < 0 ? 'expenditure' : 'income';
  const category = Object.values(categories as Record<string, Json>).find((c) => c.income_expenditure === direction);
  await rec(
    'correctTransactionCategory',
    'PATCH',
    `/public/v3/customers/${customerId}/transactions/${transaction.id}`,
    {
      auth: bearer,
      body: { category_id: category.id },
    },
  );
  await rec(
    'listTransactionCategoryHistory',
    'GET',
    `/public/v3/customers/${customerId}/transactions/${transaction.id}/category_history`,
    { auth: bearer },
  );
  await rec('exportCategoryCorrectionLabels', 'GET', '/public/v3/category_corrections/labels', { auth: bearer });
  const ruleBody = {
    account_type: 'Personal',
    field: 'text',
    match: 'word',
    pattern: 'TESCO',
    category_id: category.id,
  };
  await rec('previewCategoryRule', 'POST', `/public/v3/category_rules/preview?customer_id=${customerId}`, {
    auth: bearer,
    body: ruleBody,
  });
  const rule = await rec('createCategoryRule', 'POST', '/public/v3/category_rules', { auth: bearer, body: ruleBody });
  await rec('listCategoryRules', 'GET', '/public/v3/category_rules', { auth: bearer });
  await rec('getCategoryRule', 'GET', `/public/v3/category_rules/${rule.id}`, { auth: bearer });
  await rec('updateCategoryRule', 'PATCH', `/public/v3/category_rules/${rule.id}`, {
    auth: bearer,
    body: { priority: 10 },
  });
  await rec('deleteCategoryRule', 'DELETE', `/public/v3/category_rules/${rule.id}`, { auth: bearer });

  // A second customer whose data the lender submits itself
  const second = await call(svc, 'POST', '/public/v3/customers', {
    auth: bearer,
    body: { user_reference: 'application-20418' },
  });
  const secondId = second.json.id as string;
  await rec('createAccounts', 'POST', `/public/v3/customers/${secondId}/account_collections`, {
    auth: bearer,
    body: {
      accounts: [
        {
          bank_slug: 'sandbox',
          number: '20000012345678',
          sort_code_and_account_number: { sort_code: '200000', account_number: '12345678' },
          currency: 'GBP',
          name: 'Ms Jane Doe',
          nickname: 'Bills',
          type: 'Personal',
          sub_type: 'CurrentAccount',
        },
      ],
    },
  });
  const now = Math.floor(svc.clock.now().getTime() / 1000);
  const day = 86_400;
  await rec('createBalances', 'POST', `/public/v3/customers/${secondId}/balance_collections`, {
    auth: bearer,
    body: {
      balances: [
        {
          bank_slug: 'sandbox',
          account_number: '20000012345678',
          type: 'InterimAvailable',
          amount: '1234.56',
          currency: 'GBP',
          date_time: now,
        },
      ],
    },
  });
  const txn = (id: string, name: string, amount: string, daysAgo: number, type: string | null) => ({
    external_transaction_id: id,
    name,
    type,
    amount,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: 'sandbox',
    account_number: '20000012345678',
    value_date_time: now - daysAgo * day,
    booking_date_time: now - daysAgo * day,
  });
  await rec('submitTransactions', 'POST', `/public/v3/customers/${secondId}/transaction_collections`, {
    auth: bearer,
    body: {
      transactions: [
        txn('tx-2026-05-28-001', 'ACME LTD SALARY', '2450.00', 4, 'BankGiroCredit'),
        txn('tx-2026-05-29-002', 'LANDLORD RENT JUNE', '-875.00', 3, 'StandingOrder'),
        txn('tx-2026-05-30-003', 'TESCO STORES 2231', '-42.17', 2, 'CardPayment'),
      ],
    },
  });

  // Webhook deliveries: what the flow emitted, a test event, a replay
  await deliver(svc, clientId);
  await rec('sendWebhookTestEvent', 'POST', `/public/v3/webhooks/${webhook.id}/test`, { auth: bearer });
  await deliver(svc, clientId);
  const deliveries = await rec(
    'listWebhookDeliveries',
    'GET',
    `/public/v3/webhooks/${webhook.id}/deliveries?max_per_page=3`,
    {
      auth: bearer,
    },
  );
  await rec(
    'replayWebhookDelivery',
    'POST',
    `/public/v3/webhooks/${webhook.id}/deliveries/${deliveries.data[0].id}/replay`,
    { auth: bearer },
  );

  // Invitations, reconfirmations, the web component
  const invitation = await rec('createInvitation', 'POST', '/public/v3/invitations', {
    auth: bearer,
    body: {
      customer_type: 'Individual',
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane.doe@example.com',
      reference: 'application-20419',
      send_email: false,
    },
  });
  await rec('listInvitations', 'GET', '/public/v3/invitations', { auth: bearer });
  await rec('getInvitation', 'GET', `/public/v3/invitations/${invitation.id}`, { auth: bearer });
  await rec('revokeInvitation', 'DELETE', `/public/v3/invitations/${invitation.id}`, { auth: bearer });
  const reconfirmation = await rec('createReconfirmation', 'POST', '/public/v3/reconfirmations', {
    auth: bearer,
    body: { customer_id: customerId, consent_id: consentId, send_email: false },
  });
  await rec('listReconfirmations', 'GET', '/public/v3/reconfirmations', { auth: bearer });
  await rec('getReconfirmation', 'GET', `/public/v3/reconfirmations/${reconfirmation.id}`, { auth: bearer });
  await rec('revokeReconfirmation', 'DELETE', `/public/v3/reconfirmations/${reconfirmation.id}`, { auth: bearer });
  await rec('createComponentUrl', 'POST', '/public/v3/component_auth/init', {
    auth: bearer,
    body: {
      ip: '203.0.113.24',
      user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
      user_reference: 'application-20420',
      origin: 'https://acme-lending.example',
    },
  });

  // The consent's later life: a refresh, the customer's reconfirmation, a revocation, the customer's withdrawal
  await rec('refreshConsent', 'POST', `/public/v3/customers/${customerId}/consents/${consentId}/refresh`, {
    auth: bearer,
  });
  await runBankJobs(svc);
  await rec('reconfirmConsent', 'POST', '/public/v3/webflow/banks/sandbox/consent/reconfirm', { auth: appUser });
  await rec('withdrawConsent', 'DELETE', '/public/v3/webflow/banks/sandbox/consent', { auth: appUser });
  await rec('revokeConsent', 'DELETE', `/public/v3/customers/${customerId}/consents/${consentId}`, { auth: bearer });

  // Endings: the webhook, a customer (then, on the admin API, a client)
  await rec('deleteWebhook', 'DELETE', `/public/v3/webhooks/${webhook.id}/delete`, { auth: bearer });
  await rec('deleteCustomer', 'DELETE', `/public/v3/customers/${secondId}`, { auth: bearer, expect: 204 });

  // The admin API on the client
  const adminPath = `/admin/v1/clients/${clientId}`;
  await adminRec('adminListClients', 'GET', '/admin/v1/clients');
  await adminRec('adminGetClient', 'GET', adminPath);
  await adminRec('adminGetClientSettings', 'GET', `${adminPath}/settings`);
  await adminRec('adminUpdateClientSettings', 'PATCH', `${adminPath}/settings`, { data_retention_days: 365 });
  await adminRec(
    'adminGetCustomerReadiness',
    'GET',
    `${adminPath}/customers/${customerId}/report_readiness_statuses/insights`,
  );
  await adminRec('adminCreateConsoleInvitation', 'POST', `${adminPath}/console_invitations`, {
    email: 'head.of.lending@acme-lending.example',
    role: 'admin',
    send_email: false,
  });
  await adminRec('adminRotateClientSecret', 'POST', `${adminPath}/rotate-secret`, { overlap_seconds: 3600 });
  await adminRec('adminDisableClient', 'POST', `${adminPath}/disable`);
  await adminRec('adminEnableClient', 'POST', `${adminPath}/enable`);
  await adminRec('adminListClientAudit', 'GET', `${adminPath}/audit?limit=3`);

  const other = await adminRec('adminCreateClient', 'POST', '/admin/v1/clients', { name: 'Retired Lender' });
  await adminRec('adminDeleteClient', 'DELETE', `/admin/v1/clients/${other.client_id}?confirm=${other.client_id}`);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Stable stand-ins: each distinct UUID becomes 00000000-0000-4000-8000-<n> in the order first met, the
 * addresses of this run (the service's port, the webhook receiver) the document's, secrets and tokens fixed
 * strings of their own shape; lists keep LIST_ITEMS items.
 */
function stabilise(examples: Examples, addresses: [string, string][]): Examples {
  const ids = new Map<string, string>();
  const secrets = new Map<string, string>();
  const idFor = (uuid: string) => {
    const key = uuid.toLowerCase();
    if (!ids.has(key)) ids.set(key, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`);
    return ids.get(key)!;
  };
  const secretFor = (value: string) => {
    if (!secrets.has(value)) {
      // same length and alphabet class, so a pattern or length limit the schema sets still holds
      const n = secrets.size + 1;
      // the service's own prefixes (its tokens, webhook secrets, sync cursors); a random string may start like one
      const prefix = /^(obi_[a-z]{2}_|whsec_|adm_|v\d+\.\d+\.)/.exec(value)?.[0] ?? '';
      const body = `example${n}`.padEnd(value.length - prefix.length, 'x');
      secrets.set(value, `${prefix}${body}`);
    }
    return secrets.get(value)!;
  };
  const SECRET_KEYS = /^(access_token|token|client_secret|secret|previous_secret|refresh_token|next_cursor)$/;
  const clients = new Map<string, string>();
  const clientFor = (id: string) => {
    if (!clients.has(id)) clients.set(id, `cl_${String(clients.size + 1).padStart(24, '0')}`);
    return clients.get(id)!;
  };
  const walk = (value: Json, key?: string): Json => {
    if (Array.isArray(value)) return value.slice(0, LIST_ITEMS).map((v) => walk(v));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    // a measured time, not the flow's: a fixed figure
    if (typeof value === 'number' && key && /duration_ms$/.test(key)) return 12;
    if (typeof value !== 'string') return value;
    if (key && SECRET_KEYS.test(key)) return secretFor(value);
    // a bank flow's state is random; a pull's or a delivery's state is a word
    if (key === 'state' && /^[A-Za-z0-9_-]{20,}$/.test(value)) return secretFor(value);
    let s = value;
    for (const [from, to] of addresses) s = s.split(from).join(to);
    s = s.replace(UUID, idFor).replace(/cl_[0-9a-f]{24}/g, clientFor);
    // a page cursor is base64url JSON that may carry an id: the id is replaced inside it
    s = s.replace(/cursor=([A-Za-z0-9_-]{8,})/g, (m, c: string) => {
      const text = Buffer.from(c, 'base64url').toString('utf8');
      if (!new RegExp(UUID.source, 'i').test(text)) return m;
      return `cursor=${Buffer.from(text.replace(UUID, idFor)).toString('base64url')}`;
    });
    // capabilities in addresses (a start token, an invitation's or a reconfirmation's secret part): any long
    // path segment that is not one of the stand-ins already
    if (/^https?:\/\//.test(s))
      s = s.replace(/\/([A-Za-z0-9_-]{20,})(?=[/?#]|$)/g, (m, t: string) =>
        /^(00000000-0000-4000-8000-\d{12}|cl_\d{24}|example\d+x*)$/.test(t) ? m : `/${secretFor(t)}`,
      );
    return s;
  };
  const out: Examples = {};
  for (const [operationId, exchange] of Object.entries(examples)) out[operationId] = walk(exchange);
  return out;
}
