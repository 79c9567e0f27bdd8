/**
 * The reference's examples (docs/decisions/0081-reference-examples.md): every operation with a JSON request or
 * answer shows one taken from the flow of test/helpers/reference-flow.ts (src/http/openapi-examples.json, written
 * by `npm run docs:examples`), and every example is valid against the schema the document gives it (JSON Schema
 * 2020-12, which OpenAPI 3.1 uses, by Ajv). The flow is run again and must still reach the same operations with
 * answers that are valid too; the recorded values themselves are not compared, so a harmless change (a new
 * optional field, another figure) does not fail here — run `npm run docs:examples` to refresh them.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startService } from '../helpers/app.ts';
import { captureExamples, type Examples } from '../helpers/reference-flow.ts';
import recorded from '../../src/http/openapi-examples.json' with { type: 'json' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The operations with a JSON body the flow does not reach, and why. */
const NOT_COVERED: Readonly<Record<string, string>> = {
  getAffordabilityPdf: 'answers a PDF, not JSON',
  relayBankCallback: "the bank flow's browser address: the relay page posts the bank's answer as a form, not JSON",
};

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// The examples and the document do not depend on the database engine: the embedded pass of the suite runs this.
const ON_POSTGRES = process.env.DATABASE_URL
  ? 'the reference examples do not depend on the engine: the embedded pass of the suite checks them'
  : false;

describe("the reference's examples", { skip: ON_POSTGRES }, async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: 'admin-token-for-the-examples-test-0001' });
  const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
  await svc.close();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi');

  /** Each operation's JSON request body and JSON answers, with the pointer of their schemas in the document. */
  const operations: { id: string; request?: string; responses: Map<string, string> }[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(methods as Json)) {
      if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
      const at = `openapi#/paths/${token(path)}/${method}`;
      const responses = new Map<string, string>();
      for (const [status, r] of Object.entries((op.responses ?? {}) as Json))
        if (status.startsWith('2') && r?.content?.['application/json'])
          responses.set(status, `${at}/responses/${status}/content/application~1json/schema`);
      operations.push({
        id: op.operationId,
        ...(op.requestBody?.content?.['application/json']
          ? { request: `${at}/requestBody/content/application~1json/schema` }
          : {}),
        responses,
      });
    }

  /** The problems of one operation's exchange against the document's schemas. */
  const check = (examples: Examples, id: string): string[] => {
    const op = operations.find((o) => o.id === id);
    const exchange = examples[id];
    if (!op || !exchange) return [`${id}: no such operation or no example`];
    const problems: string[] = [];
    const validate = (what: string, ref: string, value: unknown) => {
      const valid = ajv.validate({ $ref: ref }, value);
      if (!valid) problems.push(`${id} ${what}: ${ajv.errorsText(ajv.errors, { separator: '; ' })}`);
    };
    if (op.request) {
      if (exchange.request === undefined) problems.push(`${id}: no request example`);
      else validate('request', op.request, exchange.request);
    }
    const ref = op.responses.get(String(exchange.status));
    if (op.responses.size > 0) {
      if (!ref || exchange.response === undefined)
        problems.push(`${id}: no JSON answer recorded for ${exchange.status}`);
      else validate(`${exchange.status} answer`, ref, exchange.response);
    }
    return problems;
  };

  test('every operation with a JSON request or answer has an example, but those listed with a reason', () => {
    const examples = recorded as Examples;
    for (const op of operations) {
      const json = op.request !== undefined || op.responses.size > 0;
      if (!json) continue;
      if (op.id in NOT_COVERED) assert.ok(!(op.id in examples), `${op.id} is listed as not covered but has one`);
      else assert.ok(op.id in examples, `${op.id} has an example (npm run docs:examples)`);
    }
    const known = new Set(operations.map((o) => o.id));
    for (const id of Object.keys(examples))
      assert.ok(known.has(id), `the examples name ${id}, no operation of the document`);
  });

  test('the document shows them: the request body and the recorded answer carry the example', () => {
    const examples = recorded as Examples;
    const byId = new Map<string, Json>();
    for (const methods of Object.values(doc.paths as Json))
      for (const op of Object.values(methods as Json)) if (op?.operationId) byId.set(op.operationId, op);
    for (const [id, exchange] of Object.entries(examples)) {
      const op = byId.get(id)!;
      if (exchange.request !== undefined)
        assert.deepEqual(op.requestBody.content['application/json'].examples.flow.value, exchange.request, id);
      if (exchange.response !== undefined)
        assert.deepEqual(
          op.responses[String(exchange.status)].content['application/json'].examples.flow.value,
          exchange.response,
          id,
        );
    }
  });

  test('every example is valid against its schema', () => {
    const problems = Object.keys(recorded).flatMap((id) => check(recorded as Examples, id));
    assert.deepEqual(problems, []);
  });

  test('the flow still runs, reaches the same operations, and what it records now is valid too', async () => {
    const fresh = await captureExamples();
    assert.deepEqual(Object.keys(fresh).sort(), Object.keys(recorded).sort(), 'npm run docs:examples');
    const problems = Object.keys(fresh).flatMap((id) => check(fresh, id));
    assert.deepEqual(problems, []);
  });
});
