/**
 * The validator compiler of every route: @fastify/type-provider-typebox's, with one shortcut. For the path, query and
 * headers it converts the value to the schema (Value.Convert: "5" to 5 for an integer member) and then checks it,
 * on every request. When every member of the schema is a string, conversion can only change a value that fails the
 * check; a value that passes is answered as it is, without the conversion (a few µs of every small read, most of
 * which have only `{ customer_id: string }` to check: docs/decisions/0031-small-reads-in-one-round-trip.md). Any other
 * value, and any other schema, goes through the compiler unchanged, so every answer and every error is as before.
 */
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** An object schema whose members are all plain strings (no unions, no numbers, no nested objects). */
function onlyStringMembers(schema: TSchema): boolean {
  const s = schema as { type?: unknown; properties?: Record<string, { type?: unknown; anyOf?: unknown }> };
  if (s.type !== 'object' || s.properties === undefined) return false;
  const members = Object.values(s.properties);
  return members.length > 0 && members.every((m) => m.type === 'string' && m.anyOf === undefined);
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const compiled = TypeBoxValidatorCompiler(route);
  if (route.httpPart === 'body' || !onlyStringMembers(route.schema)) return compiled;
  // Compiled on first use, like the serialisers (src/http/lazy-serializers.ts): start-up compiles none of them.
  let check: ReturnType<typeof Compile> | undefined;
  return (value: unknown) => {
    check ??= Compile(route.schema);
    return check.Check(value) ? { value } : compiled(value);
  };
};
