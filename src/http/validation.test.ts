/**
 * src/http/validation.ts: the shortcut for string-only schemas answers exactly what @fastify/type-provider-typebox's
 * compiler answers, for values that pass and values that do not; other schemas are the compiler's own.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from 'typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { validatorCompiler } from './validation.ts';

const route = (schema: TSchema, httpPart = 'params') => ({ schema, httpPart, method: 'GET', url: '/x/:customer_id' });

function same(schema: TSchema, values: unknown[], httpPart = 'params') {
  const ours = validatorCompiler(route(schema, httpPart)) as (v: unknown) => unknown;
  const theirs = TypeBoxValidatorCompiler(route(schema, httpPart)) as (v: unknown) => unknown;
  for (const v of values) assert.deepEqual(ours(structuredClone(v)), theirs(structuredClone(v)), JSON.stringify(v));
}

describe('the validator compiler', () => {
  test('string-only params: valid and invalid values answer as the TypeBox compiler does', () => {
    same(Type.Object({ customer_id: Type.String({ minLength: 1, maxLength: 100 }) }), [
      { customer_id: 'cus_1' },
      { customer_id: '' },
      { customer_id: 'x'.repeat(101) },
      { customer_id: 5 },
      {},
    ]);
  });

  test('optional strings (headers): present, absent, repeated', () => {
    same(
      Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
      [{ 'idempotency-key': 'k', host: 'h' }, { host: 'h' }, { 'idempotency-key': ['a', 'b'] }],
      'headers',
    );
  });

  test('schemas with numbers or unions keep the conversion', () => {
    const query = Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      kind: Type.Optional(Type.Union([Type.Literal('Personal'), Type.Literal('Business')])),
      n: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    });
    same(query, [{ page: '2' }, { page: 'x' }, { kind: 'Personal', n: '5' }, { kind: 'Other' }], 'querystring');
    const ours = validatorCompiler(route(query, 'querystring')) as (v: unknown) => { value?: { page?: unknown } };
    assert.equal(ours({ page: '2' }).value?.page, 2);
  });
});
