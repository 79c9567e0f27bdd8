/**
 * The OpenAPI document a client generator reads (GET /openapi.json, src/http/openapi.ts): every operation named
 * (unique, from src/http/openapi.ts) and tagged, every body a named component schema, the operations callable
 * without credentials saying so and every other naming its scheme. `redocly lint` checks the rest in .ci/run.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from '../helpers/app.ts';
import { OPERATION_IDS, PUBLIC_OPERATIONS, nameBodySchemas } from '../../src/http/openapi.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

describe('the OpenAPI document', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: 'admin-token-for-the-document-test-0001' });
  const res = await svc.app.inject({ method: 'GET', url: '/openapi.json' });
  const doc = res.json() as Json;
  const operations: { key: string; op: Json }[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(methods as Json))
      if (op && typeof op === 'object' && 'responses' in op)
        operations.push({ key: `${method.toUpperCase()} ${path}`, op });

  test('is OpenAPI 3.1 and lists the operations, the admin API included', () => {
    assert.equal(res.statusCode, 200);
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(operations.length >= 50, `${operations.length} operations`);
    assert.ok(operations.some((o) => o.key === 'POST /admin/v1/clients'));
  });

  test('every operation has the operationId of the table, unique, and a tag', () => {
    const seen = new Set<string>();
    for (const { key, op } of operations) {
      assert.equal(op.operationId, OPERATION_IDS[key] ?? 'a name in OPERATION_IDS', key);
      assert.ok(!seen.has(op.operationId), `${op.operationId} is used once`);
      seen.add(op.operationId);
      assert.ok(Array.isArray(op.tags) && op.tags.length > 0, `${key} has a tag`);
    }
    // and the table names nothing the service does not serve (a renamed path leaves no stale name behind)
    const served = new Set(operations.map((o) => o.key));
    for (const key of Object.keys(OPERATION_IDS)) assert.ok(served.has(key), `${key} is served`);
  });

  test('every request and response body is a named component schema', () => {
    const schemas = doc.components.schemas as Json;
    for (const { key, op } of operations) {
      const bodies: [string, Json][] = [];
      for (const [media, m] of Object.entries((op.requestBody?.content ?? {}) as Json))
        bodies.push([`request ${media}`, m]);
      for (const [status, r] of Object.entries(op.responses as Json))
        for (const [media, m] of Object.entries((r.content ?? {}) as Json)) bodies.push([`${status} ${media}`, m]);
      for (const [where, media] of bodies) {
        const ref = String(media.schema?.$ref);
        assert.ok(ref.startsWith('#/components/schemas/'), `${key} ${where} is named`);
        assert.ok(schemas[ref.slice('#/components/schemas/'.length)], `${key} ${where}: ${ref} exists`);
      }
    }
    assert.ok(schemas.ListAccountsResponse && schemas.SubmitTransactionsRequest && schemas.Problem);
  });

  test('operations without credentials declare security [], every other one its scheme', () => {
    for (const { key, op } of operations) {
      if (PUBLIC_OPERATIONS.has(op.operationId)) assert.deepEqual(op.security, [], key);
      else assert.ok(Array.isArray(op.security) && op.security.length > 0, `${key} names its scheme`);
    }
  });
});

test("nameBodySchemas names each operation's bodies after it and keeps references as they are", () => {
  const body = { type: 'object', properties: { id: { type: 'string' } } };
  const doc = nameBodySchemas({
    paths: {
      '/a': { get: { operationId: 'getA', responses: { 200: { content: { 'application/json': { schema: body } } } } } },
      '/b': {
        post: {
          operationId: 'makeB',
          requestBody: { content: { 'application/json': { schema: structuredClone(body) } } },
          responses: {
            201: { content: { 'application/json': { schema: { type: 'object' } } } },
            202: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          },
        },
      },
    },
  }) as Json;
  assert.deepEqual(Object.keys(doc.components.schemas), ['GetAResponse', 'MakeBRequest', 'MakeB201Response']);
  const b = doc.paths['/b'].post;
  assert.equal(b.requestBody.content['application/json'].schema.$ref, '#/components/schemas/MakeBRequest');
  assert.equal(b.responses[202].content['application/json'].schema.$ref, '#/components/schemas/Problem');
});
