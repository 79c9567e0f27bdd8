/**
 * A schema validator's errors as the Problem Details' `errors` list: one entry per bad member. Pure (no Fastify):
 * the error handler (problem.ts) uses it, and so does a worker thread checking a big body (transactions.task.ts).
 */
import type { FieldError } from '../lib/app-error.ts';

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Where in the request a validation error sits: /body members keep their own pointer; the others say which part. */
function prefixFor(context: string | undefined): string {
  return context === 'body' || context === undefined ? '' : `/${context === 'querystring' ? 'query' : context}`;
}

/**
 * Turns the schema validator's errors into one entry per bad member, with a message a person can act on.
 * Unknown members get their own pointer ("/customer/extra"), missing ones the pointer they should have had.
 */
export function fieldErrorsFromValidation(errors: SchemaError[], context?: string): FieldError[] {
  const prefix = prefixFor(context);
  const byPointer = new Map<string, string>();
  const unknownPointers = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'additionalProperties') {
      for (const name of (e.params.additionalProperties as string[] | undefined) ?? []) {
        const p = `${prefix}${e.instancePath}/${escapePointer(name)}`;
        unknownPointers.add(p);
        byPointer.set(p, `unknown member "${name}"`);
      }
    }
  }
  for (const e of errors) {
    const pointer = `${prefix}${e.instancePath}`;
    if (e.keyword === 'additionalProperties' || unknownPointers.has(pointer)) continue;
    if (e.keyword === 'required') {
      for (const name of (e.params.requiredProperties as string[] | undefined) ?? [
        e.params.missingProperty as string,
      ]) {
        if (name !== undefined) byPointer.set(`${pointer}/${escapePointer(name)}`, 'is required');
      }
      continue;
    }
    // anyOf branches (number | numeric string, value | null) say one thing: the value has the wrong form.
    if (e.keyword === 'anyOf') {
      byPointer.set(pointer, 'has the wrong type or format');
      continue;
    }
    if (!byPointer.has(pointer)) byPointer.set(pointer, e.message ?? 'is invalid');
  }
  return [...byPointer].map(([pointer, detail]) => ({ pointer, detail }));
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
