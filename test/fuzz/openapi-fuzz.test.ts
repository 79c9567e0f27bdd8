/**
 * Schema-driven fuzzing of every operation in /openapi.json, in process (app.inject, no network): for each
 * operation fast-check builds requests from its parameters and request body schema, valid-ish values mixed with
 * hostile ones (NUL, lone surrogates, control characters, bad percent-escapes, bytes that are not UTF-8, numbers
 * out of every range, deep nesting, repeated member names in the raw JSON text, wrong types, very long strings),
 * sent with the authentication the operation's `security` asks for, with another kind of token, or with none.
 *
 * The properties: never a 5xx; every 4xx is Problem Details (application/problem+json with type, title, status,
 * detail, code), except the token endpoint's, which are RFC 6749 §5.2 errors. A failure prints the request.
 *
 * Fixed seed, bounded runs (FUZZ_RUNS, FUZZ_SEED override them), so a run is reproducible and short.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { newClient, newCustomer, newCustomerToken, startService, uniqueRef } from '../helpers/app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = Record<string, any>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  security: string[];
  parameters: Parameter[];
  body: Schema | undefined;
  /** A page a browser is sent to (no security, answers with a redirect): its 4xx may be an HTML page. */
  browserPage: boolean;
}
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  auth: string;
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udfff\ud800',
  '',
  ' ',
  '\t\r\n',
  '\u0001\u001f\u007f',
  '%00',
  '\uffff\ufffe',
  '🙂 é ß',
  "' OR '1'='1' --",
  '../../etc/passwd',
  '1e23',
  '-1',
  '99999999999999999999999',
  'NaN',
  'null',
  'x'.repeat(5000),
];
const HOSTILE_NUMBERS = [
  1e23,
  -1e23,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  0.5,
  -0.0001,
  1e-320,
  123456789.123456,
  -1,
  0,
];
/** Raw path segments / query values as sent on the wire: escapes that decode to no UTF-8, NUL, controls. */
const RAW_ESCAPES = [
  '%00',
  '%FF',
  '%ED%A0%80',
  '%C0%80',
  '%E2%82',
  '%',
  '%zz',
  '%2F',
  '%0A',
  '%7F',
  'a%00b',
  '%F4%90%80%80',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
const anyJson = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'x']),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes UTF-8 would give it. */
function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Values that get past the schema to the service, by member name (the fixtures' own ids and names). */
interface Hints {
  [name: string]: unknown[];
}

/** `valid` most of the time, `hostile` now and then (fast-check's weights). */
const mostly = <T, U>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>, odds = 6) =>
  fc.oneof({ arbitrary: valid, weight: odds }, { arbitrary: hostile, weight: 1 }) as fc.Arbitrary<T | U>;

function stringArb(schema: Schema, name: string): fc.Arbitrary<string> {
  const valid: Array<fc.Arbitrary<string>> = [];
  if (Array.isArray(schema.enum)) valid.push(fc.constantFrom(...(schema.enum as string[])));
  else if (typeof schema.pattern === 'string') valid.push(fc.stringMatching(new RegExp(schema.pattern)));
  else
    valid.push(
      fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'binary' }),
    );
  if (/url|uri/i.test(name)) valid.push(fc.webUrl());
  if (/email/i.test(name)) valid.push(fc.emailAddress());
  return mostly(fc.oneof(...valid), hostileString);
}

function numberArb(schema: Schema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1e6, -1e6);
  const max = Math.min(schema.maximum ?? 2e9, 2e9);
  const valid =
    schema.type === 'integer'
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return mostly(valid, hostileNumber);
}

/** A value for `schema` (JSON Schema as /openapi.json states it): mostly of its shape, sometimes not. */
function valueArb(schema: Schema, name: string, hints: Hints, depth = 0): fc.Arbitrary<unknown> {
  const known = hints[name];
  const shaped = known
    ? mostly(fc.constantFrom(...known), shapedArb(schema, name, hints, depth), 4)
    : shapedArb(schema, name, hints, depth);
  return mostly(shaped, anyJson, 12);
}

function shapedArb(schema: Schema, name: string, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...schema.anyOf.map((s: Schema) => shapedArb(s, name, hints, depth)));
  switch (schema.type) {
    case 'object':
      return objectArb(schema, hints, depth);
    case 'array':
      return fc.array(valueArb(schema.items ?? {}, name, hints, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'string':
      return stringArb(schema, name);
    case 'integer':
    case 'number':
      return numberArb(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

function objectArb(schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant({});
  const required = new Set<string>(schema.required ?? []);
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
    members[k] = valueArb(s, k, hints, depth + 1);
  const known = fc.record(members, { requiredKeys: [...required].filter((k) => k in members) });
  // Now and then a member the schema does not know.
  const extraArb = mostly(fc.constant(null), fc.tuple(hostileString, anyJson), 10);
  return fc.tuple(known, extraArb).map(([o, extra]) => {
    const out = { ...(o as Record<string, unknown>) };
    if (extra) out[extra[0]] = extra[1];
    return out;
  });
}

/** The JSON text of a body, or a mangled one: a repeated member, deep nesting, raw numbers, bad bytes, cuts. */
const mangleArb = fc.oneof(
  { arbitrary: fc.constant('none'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'duplicate',
      'deep',
      'deep-member',
      'huge-number',
      'not-utf8',
      'escape-nul',
      'escape-surrogate',
      'truncated',
      'text-plain',
      'empty',
    ),
    weight: 4,
  },
);

function mangle(text: string, how: string, n: number): { payload: string | Buffer; contentType: string } {
  const json = 'application/json';
  const firstMember = /\{\s*("(?:[^"\\]|\\.)*")\s*:/.exec(text);
  const firstString = /:\s*"/.exec(text);
  switch (how) {
    case 'duplicate':
      return {
        payload: firstMember ? text.replace(firstMember[0], `${firstMember[0]}null,${firstMember[1]}:`) : text,
        contentType: json,
      };
    case 'deep':
      return { payload: '['.repeat(20 + n * 50) + ']'.repeat(20 + n * 50), contentType: json };
    case 'deep-member':
      return {
        payload: text.replace(/^\{/, `{"deep":${'{"a":'.repeat(40 + n)}1${'}'.repeat(40 + n)},`),
        contentType: json,
      };
    case 'huge-number':
      return {
        payload: text.replace(
          /:\s*-?\d+(\.\d+)?/,
          [':1e23', ':1e400', ':-1e400', ':123456789012345678901234567890'][n % 4] ?? ':1e23',
        ),
        contentType: json,
      };
    case 'not-utf8': {
      const at = firstString ? firstString.index + firstString[0].length : Math.floor(text.length / 2);
      const bad =
        [Buffer.from([0xff]), Buffer.from([0xc0, 0x80]), Buffer.from([0xed, 0xa0, 0x80])][n % 3] ?? Buffer.from([0xff]);
      return {
        payload: Buffer.concat([Buffer.from(text.slice(0, at)), bad, Buffer.from(text.slice(at))]),
        contentType: json,
      };
    }
    case 'escape-nul':
    case 'escape-surrogate': {
      if (!firstString) return { payload: text, contentType: json };
      const at = firstString.index + firstString[0].length;
      return {
        payload: `${text.slice(0, at)}${how === 'escape-nul' ? '\\u0000' : '\\uDBFF'}${text.slice(at)}`,
        contentType: json,
      };
    }
    case 'truncated':
      return { payload: text.slice(0, Math.floor(text.length / 2)), contentType: json };
    case 'text-plain':
      return { payload: text, contentType: 'text/plain' };
    case 'empty':
      return { payload: '', contentType: json };
    default:
      return { payload: text, contentType: json };
  }
}

const RAW_ESCAPE = fc.constantFrom(...RAW_ESCAPES);

function pathParamArb(p: Parameter, hints: Hints): fc.Arbitrary<string> {
  const known = hints[p.name];
  return fc.oneof(
    {
      arbitrary: known
        ? fc.constantFrom(...known.map((v) => encode(String(v))))
        : p.schema.anyOf || p.schema.enum
          ? shapedArb(p.schema, p.name, {}, 0).map((v) => encode(String(v)))
          : fc.uuid(),
      weight: 8,
    },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: stringArb(p.schema, p.name).map(encode), weight: 1 },
    { arbitrary: RAW_ESCAPE, weight: 1 },
  );
}

function queryArb(params: Parameter[], hints: Hints): fc.Arbitrary<string> {
  const parts = params.map((p) => {
    const value = mostly(
      valueArb(p.schema, p.name, hints).map((v) => encode(String(v))),
      RAW_ESCAPE,
    );
    const pair = value.map((v) => `${encode(p.name)}=${v}`);
    return p.required ? pair.map((x) => [x]) : fc.option(pair).map((x) => (x === null ? [] : [x]));
  });
  const extra = mostly(
    fc.constant(null),
    fc.tuple(fc.oneof(hostileString.map(encode), RAW_ESCAPE), RAW_ESCAPE).map(([k, v]) => `${k}=${v}`),
    10,
  );
  return fc.tuple(fc.tuple(...parts), extra).map(([ps, x]) => {
    const all = [...ps.flat(), ...(x === null ? [] : [x])];
    return all.length ? `?${all.join('&')}` : '';
  });
}

type AuthKind = 'valid' | 'none' | 'other-kind' | 'garbage' | 'basic-nul' | 'basic-escape';

function authHeader(op: Operation, kind: AuthKind, tokens: { bearer: string; appUser: string }): string | undefined {
  const wanted = op.security[0];
  if (kind === 'none') return undefined;
  if (kind === 'garbage') return 'Bearer \u00ff%00not-a-token';
  // HTTP Basic (the token endpoint takes it): a NUL in the client id, an escape that is not UTF-8.
  if (kind === 'basic-nul') return `Basic ${Buffer.from('a\u0000b:secret').toString('base64')}`;
  if (kind === 'basic-escape') return `Basic ${Buffer.from('%FF:%00').toString('base64')}`;
  const bearer = `Bearer ${tokens.bearer}`;
  const appUser = `AppUserToken ${tokens.appUser}`;
  if (kind === 'valid') return wanted === 'AppUserToken' ? appUser : wanted === 'Bearer' ? bearer : undefined;
  return wanted === 'AppUserToken' ? bearer : appUser;
}

function requestArb(
  op: Operation,
  hints: Hints,
  tokens: { bearer: string; appUser: string },
): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const segments = fc.tuple(...pathParams.map((p) => pathParamArb(p, hints)));
  const query = queryArb(
    op.parameters.filter((p) => p.in === 'query'),
    hints,
  );
  const body = op.body
    ? fc
        .tuple(valueArb(op.body, '', hints), mangleArb, fc.nat(40))
        .map(([v, how, n]) => mangle(JSON.stringify(v) ?? '', how, n))
    : fc.constant(null);
  const auth = mostly(
    fc.constant<AuthKind>('valid'),
    fc.constantFrom<AuthKind>('none', 'other-kind', 'garbage', 'basic-nul', 'basic-escape'),
    2,
  );
  const idem = op.parameters.some((p) => p.in === 'header')
    ? fc.option(
        fc.oneof(
          fc.uuid(),
          hostileString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
        ),
      )
    : fc.constant(null);
  return fc.tuple(segments, query, body, auth, idem).map(([segs, q, b, kind, key]) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, segs[i] ?? '')));
    const headers: Record<string, string> = {};
    const authorization = authHeader(op, kind, tokens);
    if (authorization !== undefined) headers.authorization = authorization;
    if (key !== null) headers['idempotency-key'] = key;
    if (b) headers['content-type'] = b.contentType;
    return { method: op.method, url: url + q, headers, payload: b?.payload, auth: kind };
  });
}

function describeRequest(req: FuzzRequest): string {
  const payload =
    req.payload === undefined
      ? undefined
      : Buffer.isBuffer(req.payload)
        ? `(bytes, base64) ${req.payload.toString('base64').slice(0, 3000)}`
        : req.payload.slice(0, 3000);
  return JSON.stringify({ method: req.method, url: req.url, headers: req.headers, payload }, null, 1);
}

const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'temporarily_unavailable'];

function checkAnswer(
  op: Operation,
  req: FuzzRequest,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
): void {
  const what = `${describeRequest(req)}\n→ ${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 1000)}`;
  assert.ok(res.statusCode < 500, `a ${res.statusCode} for this request:\n${what}`);
  if (res.statusCode < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (op.browserPage && type.startsWith('text/html')) return;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    assert.fail(`a ${res.statusCode} whose body is not JSON:\n${what}`);
  }
  if (op.path === '/oauth/v2/token') {
    assert.match(type, /^application\/json/, `token endpoint error not JSON:\n${what}`);
    assert.ok(OAUTH_ERRORS.includes(String(body.error)), `not an RFC 6749 error:\n${what}`);
    assert.equal(typeof body.error_description, 'string', `no error_description:\n${what}`);
    return;
  }
  assert.match(type, /^application\/problem\+json/, `a ${res.statusCode} that is not Problem Details:\n${what}`);
  for (const k of ['type', 'title', 'detail', 'code'])
    assert.equal(typeof body[k], 'string', `Problem Details without a string "${k}":\n${what}`);
  assert.ok(body.status !== undefined, `Problem Details without "status":\n${what}`);
}

function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, o] of Object.entries(item)) {
      const security = ((o.security ?? []) as Array<Record<string, unknown>>).flatMap((s) => Object.keys(s));
      const body = o.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      const statuses = Object.keys(o.responses ?? {});
      const browserPage = security.length === 0 && statuses.some((st) => st.startsWith('3'));
      ops.push({ method: method.toUpperCase(), path: p, security, parameters: o.parameters ?? [], body, browserPage });
    }
  }
  // What deletes the fixtures goes last, the customer itself at the very end.
  const rank = (op: Operation) =>
    op.method !== 'DELETE' ? 0 : op.path === '/public/v3/customers/{customer_id}' ? 2 : 1;
  return ops.sort((a, b) => rank(a) - rank(b));
}

describe('fuzzing every operation of /openapi.json', async () => {
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'obi-fuzz-outbox-'));
  // A queue of this file's own on a shared PostgreSQL: no other file's service runs the jobs these requests enqueue.
  const svc = await startService(
    { MAIL_OUTBOX_DIR: outbox },
    { queueSchema: process.env.DATABASE_URL ? `pgboss_fuzz_${process.pid}` : undefined },
  );
  const inject = (method: string, url: string, token: string, payload?: object) =>
    svc.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, payload });

  const client = await newClient(svc, 'Fuzz Lender');
  const other = await newClient(svc, 'Other Lender');
  const customerId = await newCustomer(svc, client);
  const otherCustomerId = await newCustomer(svc, other);
  const appUser = await newCustomerToken(svc, client, customerId);
  const accountNumber = '12345612345678';
  const accounts = await inject('POST', `/public/v3/customers/${customerId}/account_collections`, client.token, {
    accounts: [
      { bank_slug: 'sandbox', number: accountNumber, currency: 'GBP', type: 'Personal', sub_type: 'CurrentAccount' },
    ],
  });
  assert.equal(accounts.statusCode, 200, accounts.body);
  const accountList = await inject('GET', `/public/v3/customers/${customerId}/accounts`, client.token);
  const accountId = String(accountList.json().data[0].id);
  const webhook = await inject('POST', '/public/v3/webhooks', client.token, { url: 'https://1.1.1.10/hook' });
  assert.equal(webhook.statusCode, 201, webhook.body);
  const invitation = await inject('POST', '/public/v3/invitations', client.token, {
    email: 'fuzz@example.com',
    reference: uniqueRef('fuzz'),
  });
  assert.equal(invitation.statusCode, 201, invitation.body);

  const hints: Hints = {
    customer_id: [customerId, otherCustomerId],
    account_id: [accountId],
    webhook_id: [String(webhook.json().id)],
    invitation_id: [String(invitation.json().id)],
    bank_slug: ['sandbox'],
    account_number: [accountNumber],
    currency: ['GBP'],
    url: ['https://1.1.1.10/hook', 'https://lender.example/return'],
    client_id: [client.clientId],
    client_secret: [client.clientSecret],
    grant_type: ['client_credentials'],
    value_date_time: [1_700_000_000, '1700000000'],
    booking_date_time: [1_700_000_000],
    date_time: [1_700_000_000],
    amount: [-12.5, '10.00', 0],
    email: ['fuzz@example.com'],
    type: ['Personal', 'CardPayment', 'InterimBooked'],
    sub_type: ['CurrentAccount'],
    number: [accountNumber],
  };
  const tokens = { bearer: client.token, appUser };
  const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Schema;
  const operations = operationsOf(doc);

  test('the document lists the operations to fuzz', () =>
    assert.ok(operations.length >= 40, String(operations.length)));

  // FUZZ_ALL=1: every failing request of every operation is printed, instead of the first of each.
  if (process.env.FUZZ_ALL) {
    test('every failing request', async (t) => {
      const failures: string[] = [];
      for (const op of operations) {
        const statuses: Record<number, number> = {};
        for (const req of fc.sample(requestArb(op, hints, tokens), { seed: SEED, numRuns: RUNS })) {
          const res = await svc.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: req.headers,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          try {
            checkAnswer(op, req, res);
          } catch (err) {
            failures.push((err as Error).message);
          }
        }
        t.diagnostic(`${op.method} ${op.path} ${JSON.stringify(statuses)}`);
      }
      for (const f of failures) t.diagnostic(JSON.stringify(f));
      assert.equal(failures.length, 0, `${failures.length} failing requests`);
    });
    return;
  }

  for (const op of operations) {
    test(`${op.method} ${op.path}: no 5xx, every 4xx in the documented error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(op, hints, tokens), async (req) => {
          const res = await svc.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: req.headers,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
          checkAnswer(op, req, res);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
