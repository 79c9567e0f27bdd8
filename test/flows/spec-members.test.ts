/**
 * The spec, to the letter, where a client reads it: every endpoint of the interface specification is called in
 * one real flow (the sandbox bank's consent flow, a submission, the reports) and every record it answers is held
 * against the member names the specification gives it, read from docs/spec/interface-spec.md itself:
 * - every member the spec marks required is served;
 * - every member served is the spec's, or an addition of ours that docs/api-notes.md names (`like_this`), so a
 *   misnamed member (`transaction_ref` where the spec says `transaction_id`) fails here.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  call,
  connect,
  newLiveClient,
  newLiveCustomer,
  runBankJobs,
  startLiveService,
  type Answer,
} from '../helpers/bank-flow.ts';

const SPEC = fs.readFileSync(new URL('../../docs/spec/interface-spec.md', import.meta.url), 'utf8');
const NOTES = fs.readFileSync(new URL('../../docs/api-notes.md', import.meta.url), 'utf8');

interface Members {
  /** every member name the spec gives the record */
  all: Set<string>;
  /** those it marks required */
  required: Set<string>;
}

/** The lines of a section, from its `### heading` (a prefix) to the next heading. */
function section(heading: string): string[] {
  const lines = SPEC.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`### ${heading}`));
  assert.ok(start >= 0, `the spec has a section "${heading}"`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('#'));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/**
 * A table's members: the first column of the rows under the header row whose first cell is `header` ("Field" for
 * `| Field | Type | Req |` tables, required when Req is "yes"; "Member" for the financial markers).
 */
function table(heading: string, header = 'Field'): Members {
  const out: Members = { all: new Set(), required: new Set() };
  const lines = section(heading);
  const at = lines.findIndex((l) => l.startsWith(`| ${header} |`));
  assert.ok(at >= 0, `a "${header}" table under "${heading}"`);
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const [, name, , req] = line.split('|').map((c) => c.trim());
    if (!name) continue;
    out.all.add(name);
    if (req === 'yes') out.required.add(name);
  }
  assert.ok(out.all.size > 0, `members found under "${heading}"`);
  return out;
}

/** Splits at `;` and `,` outside parentheses, up to the first full stop outside them (the list's sentence). */
function items(text: string): { head: string; remark: string }[] {
  const out: { head: string; remark: string }[] = [];
  let depth = 0;
  let head = '';
  let remark = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (depth > 0) remark += ch;
    else if (ch === ';' || ch === ',' || ch === '.') {
      out.push({ head, remark });
      head = remark = '';
      if (ch === '.') break;
    } else head += ch;
    if (ch === ')') depth--;
  }
  if (head.trim()) out.push({ head, remark });
  return out;
}

/**
 * Members listed in prose ("name (type), other (type); all required"): the snake_case name that opens each item
 * of the list's sentence. Required: every one when the text says "all required" (less those after "except"), and
 * an item whose remark begins "(required".
 */
function prose(text: string): Members {
  const all = new Set<string>();
  const required = new Set<string>();
  const except = /all required except ([a-z_]+(?:,\s*[a-z_]+)*)/i.exec(text)?.[1]?.split(/,\s*/) ?? [];
  const allRequired = /all (members )?required/i.test(text);
  for (const { head, remark } of items(text)) {
    const name = /^\s*([a-z][a-z_0-9]*)\s*$/.exec(head.replace(/^.*:\s*/, ''))?.[1];
    if (name === undefined) continue;
    all.add(name);
    if ((allRequired && !except.includes(name)) || /^\(required/.test(remark)) required.add(name);
  }
  return { all, required };
}

/** The prose members on the line of a section that starts with `lead` (by default its first paragraph). */
function proseLine(heading: string, lead = ''): Members {
  const line = section(heading).find((l) => l.trim() !== '' && l.startsWith(lead));
  assert.ok(line, `"${lead}" under "${heading}"`);
  const members = prose(line.slice(lead.length));
  if (/all required/i.test(lead)) return { all: members.all, required: new Set(members.all) };
  return members;
}

/** A row of the insights' "| Object | Members |" table. */
function objectRow(object: string): Members {
  const row = section('Insights').find((l) => l.startsWith(`| ${object} |`));
  assert.ok(row, `insights object ${object}`);
  return prose(`${row.split('|')[2] ?? ''}`);
}

/** Names docs/api-notes.md gives in backticks: the additions a client is told about. */
const documented = new Set([...NOTES.matchAll(/`([A-Za-z_][A-Za-z_0-9]*)`/g)].map((m) => m[1]));

/**
 * Our additions, record by record: everything else a record serves must be the spec's. Each name must be given in
 * docs/api-notes.md (checked below), where a client reads why it is there.
 */
const OURS: Record<string, string[]> = {
  '2 customer': ['created_at'],
  '3 customer token': ['expires_in'],
  '6 consent status': ['bank_slug', 'reconfirm_by_date_time'],
  '8 invitation': ['customer_id', 'email_sent_at', 'expires_at', 'status'],
  '9 invitations': ['customer_id', 'email_sent_at', 'expires_at', 'status'],
  '15 insights': ['as_of', 'engine_version', 'income_verification'],
  '15 employment': ['income_sources'],
  '15 recurrence': ['category', 'frequency', 'next_expected_date', 'next_expected_amount'],
  '18 readiness': ['processing'],
  '19 categories': ['fixed_flexible'],
};

const problems: string[] = [];

/** Holds one record against the spec's members; collects what is wrong instead of stopping at the first. */
function check(where: string, record: unknown, spec: Members): void {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    problems.push(`${where}: not an object`);
    return;
  }
  const served = Object.keys(record);
  for (const name of spec.required) if (!served.includes(name)) problems.push(`${where}: missing "${name}"`);
  for (const name of served) {
    if (!spec.all.has(name) && !(OURS[where.replace(/\[\d+\]$/, '')] ?? []).includes(name))
      problems.push(`${where}: "${name}" is neither the spec's nor documented`);
  }
}

function checkEach(where: string, records: unknown, spec: Members): void {
  assert.ok(Array.isArray(records) && records.length > 0, `${where}: some records to check`);
  records.forEach((r, i) => check(`${where}[${i}]`, r, spec));
}

function ok(answer: Answer, what: string): Record<string, unknown> {
  assert.ok(answer.status >= 200 && answer.status < 300, `${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json as Record<string, unknown>;
}

describe('every endpoint against the member names of the spec', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc);
  const bearer = client.auth.authorization;
  const get = async (path: string) => ok(await call(svc, 'GET', path, { auth: bearer }), `GET ${path}`);

  test('the spec tables are read (the check below cannot pass by reading nothing)', () => {
    assert.deepEqual([...table('Event record').required].sort(), [
      'account_type',
      'amount',
      'currency',
      'description',
      'event_type',
      'granularity',
      'id',
      'is_alert',
      'is_event',
      'month',
      'year',
    ]);
    assert.ok(table('Event record').all.has('transaction_id'));
    assert.deepEqual([...proseLine('Insights', 'Occurrence (all required):').required].sort(), [
      'count',
      'ratio_to_income',
      'timestamp_from',
      'timestamp_to',
      'total_amount',
    ]);
    assert.deepEqual([...objectRow('Expected Salary').required].sort(), [
      'amount',
      'expected_pay_date',
      'pay_frequency',
    ]);
    assert.ok(!proseLine('Consent status').required.has('expiration_date_time'));
    // and a misnamed member is caught
    const before = problems.length;
    check('17 events', { id: 1, transaction_ref: 'x' }, table('Event record'));
    assert.ok(problems.slice(before).some((p) => p.includes('transaction_ref')));
    assert.ok(problems.slice(before).some((p) => p.includes('missing "event_type"')));
    problems.length = before;
  });

  test('every addition of ours is named in docs/api-notes.md', () => {
    for (const [where, names] of Object.entries(OURS))
      for (const name of names) assert.ok(documented.has(name), `${where}: ${name} in docs/api-notes.md`);
  });

  test('endpoints 1–21 answer the members the spec names', async () => {
    // 1. token
    const token = ok(
      await call(svc, 'POST', '/oauth/v2/token', {
        body: { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' },
      }),
      'token',
    );
    check('1 token', token, responseOf('1. Get an access token'));
    // 2, 3. customer and customer token
    const created = ok(
      await call(svc, 'POST', '/public/v3/customers', {
        auth: bearer,
        body: { user_reference: `spec-${process.pid}` },
      }),
      'customer',
    );
    check('2 customer', created, table('Customer'));
    const customerToken = ok(
      await call(svc, 'POST', `/public/v3/customers/${String(created.id)}/token`, { auth: bearer }),
      'customer token',
    );
    check('3 customer token', customerToken, table('Customer token'));

    // 4–6. consent screen, bank flow, consent status, through the sandbox bank
    const alice = await newLiveCustomer(svc, client);
    const screen = ok(
      await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent', { auth: alice.appUser, body: {} }),
      'consent screen',
    );
    check('4 consent screen', screen, proseLine('Consent screen response', 'Members:'));
    check('4 metadata', screen.metadata, proseLine('Consent screen response', 'Metadata members:'));
    checkEach('4 consents', screen.consents, proseLine('Consent screen response', 'Consent element (all required):'));
    const flow = await connect(svc, client, alice.appUser, { username: 'new-employer' });
    check('5 bank flow', flow.flow, proseLine('Bank flow'));
    const status = ok(
      await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser }),
      'consent status',
    );
    check('6 consent status', status, proseLine('Consent status'));
    assert.equal(await runBankJobs(svc), 1);

    // 7. web component one-time URL
    ok(
      await call(svc, 'PATCH', '/public/v3/settings', {
        auth: bearer,
        body: { component_origins: ['https://shop.lender.example'] },
      }),
      'settings',
    );
    const oneTime = ok(
      await call(svc, 'POST', '/public/v3/component_auth/init', {
        auth: bearer,
        body: {
          ip: '0.0.0.0',
          user_agent: '',
          user_reference: `spec-c-${process.pid}`,
          origin: 'https://shop.lender.example',
        },
      }),
      'component auth',
    );
    check('7 one-time URL', oneTime, proseLine('Web component one-time URL'));

    // 8, 9. invitations
    const invitation = ok(
      await call(svc, 'POST', '/public/v3/invitations', {
        auth: bearer,
        body: { email: 'jo@example.com', reference: `inv-${process.pid}`, send_email: false },
      }),
      'invitation',
    );
    check('8 invitation', invitation, table('Invitation'));
    const invitations = await get('/public/v3/invitations');
    checkEach('9 invitations', invitations.data, table('Invitation'));

    // 11–14. raw data from the pull
    const c = `/public/v3/customers/${alice.id}`;
    const accounts = (await get(`${c}/accounts`)).data as Array<{ id: string }>;
    checkEach('12 accounts', accounts, table('Account'));
    checkEach(
      '11 raw transactions',
      (await get(`${c}/raw-transactions?max_per_page=50`)).data,
      table('Raw transaction'),
    );
    const withStatements = [];
    const withParties = [];
    for (const a of accounts) {
      withStatements.push(...((await get(`${c}/accounts/${a.id}/statements`)).data as unknown[]));
      withParties.push(...((await get(`${c}/accounts/${a.id}/party`)).data as unknown[]));
    }
    checkEach('13 statements', withStatements, table('Statement'));
    checkEach('14 parties', withParties, table('Account party'));

    // 15–18. the reports, once computed
    await svc.deps.queue.drain();
    const readiness = await get(`${c}/report_readiness_statuses/insights`);
    check('18 readiness', readiness, proseLine('Report readiness'));
    assert.equal(readiness.status, 'ready');
    const insights = await get(`${c}/insights/current_personal`);
    checkInsights(insights);
    checkEach('16 affordability', (await get(`${c}/affordability/personal`)).data, table('Affordability record'));
    checkEach('17 events', (await get(`${c}/events/personal`)).data, table('Event record'));

    // 19. categories: an object keyed by id, each value a Transaction category
    const categories = await get('/public/v3/account_types/Personal/transaction_categories');
    checkEach('19 categories', Object.values(categories), proseLine('Transaction category'));

    // 20, 21. webhooks
    const webhook = ok(
      await call(svc, 'POST', '/public/v3/webhooks', { auth: bearer, body: { url: 'https://1.1.1.20/hook' } }),
      'webhook',
    );
    assert.ok(
      'id' in webhook && 'webhook_id' in webhook,
      'the webhook id, as declared (id) and as the example (webhook_id)',
    );
    const deleted = ok(
      await call(svc, 'DELETE', `/public/v3/webhooks/${String(webhook.id)}/delete`, { auth: bearer }),
      'delete',
    );
    check('21 delete', deleted, responseOf('21. Delete webhook'));

    assert.deepEqual(problems, []);
  });
});

/** The members of a "Response: a (type), b (type)" sentence of an endpoint's section, all required. */
function responseOf(heading: string): Members {
  const text = section(heading).join(' ');
  const response = /Response: ([^.]*)\./.exec(text)?.[1];
  assert.ok(response, `a response sentence under "${heading}"`);
  const members = prose(response);
  return { all: members.all, required: new Set(members.all) };
}

/** Endpoint 15: the insights object and each nested record. */
function checkInsights(insights: Record<string, unknown>): void {
  const top = prose((section('Insights').find((l) => l.startsWith('Top-level object')) ?? '').replace(/^[^:]*:/, ''));
  check('15 insights', insights, { all: top.all, required: top.all });
  const income = insights.income as Record<string, unknown>;
  const expenditure = insights.expenditure as Record<string, unknown>;
  const patterns = insights.financial_patterns as Record<string, unknown>;
  const markers = insights.financial_markers as Record<string, unknown>;
  const employment = insights.employment as Record<string, unknown>;
  const required = (m: Members): Members => ({ all: m.all, required: new Set(m.all) });
  check('15 income', income, required(objectRow('Income')));
  checkEach('15 income.monthly_amounts', income.monthly_amounts, required(objectRow('Monthly Amount')));
  checkEach('15 income.categories', income.categories, required(objectRow('Category Income')));
  check('15 expenditure', expenditure, required(objectRow('Expenditure')));
  checkEach('15 expenditure.categories', expenditure.categories, required(objectRow('Category Expenditure')));
  check('15 financial_patterns', patterns, objectRow('Financial Patterns'));
  checkEach(
    '15 recurrence',
    patterns.recurrence,
    proseLine('Insights', 'Recurring Transactions members (all required):'),
  );
  checkEach('15 by_category', patterns.by_category, proseLine('Insights', 'Category Trends members:'));
  check('15 employment', employment, objectRow('Employment'));
  checkEach('15 expected_salary', employment.expected_salary, objectRow('Expected Salary'));
  const markerMembers = table('Insights', 'Member');
  check('15 financial_markers', markers, { all: markerMembers.all, required: markerMembers.all });
  const monthly = proseLine('Insights', 'Monthly Statistics:');
  const occurrence = proseLine('Insights', 'Occurrence (all required):');
  for (const name of ['bank_charges', 'returned_direct_debits', 'utility_payments']) {
    const stats = markers[name] as Record<string, unknown>;
    check(`15 ${name}`, stats, { all: monthly.all, required: monthly.all });
    for (const window of monthly.all) check(`15 ${name}.${window}`, stats[window], occurrence);
  }
  const rate = proseLine('Insights', 'Rate Statistics (all required):');
  for (const name of [
    'credit_repayments',
    'debit_bank_transfer',
    'gambling',
    'cash_withdrawals',
    'loan_income',
    'payday_loan',
  ])
    check(`15 ${name}`, markers[name], rate);
  check(
    '15 summary_averages',
    markers.summary_averages,
    proseLine('Insights', 'Average Statistics (all required, floats):'),
  );
}
