import type { TSchema } from 'typebox';

/**
 * A schema with what it means where it is used (every field of the OpenAPI document has a description:
 * redocly.yaml, docs/decisions/0066-reference-quality.md). A copy: the shared schema is not changed.
 */
export const described = <T extends TSchema>(schema: T, description: string): T =>
  Object.defineProperties(
    {},
    {
      // TypeBox keeps its marks (kind, optional) in non-enumerable members: a spread would drop them.
      ...Object.getOwnPropertyDescriptors(schema),
      description: { value: description, enumerable: true, writable: true, configurable: true },
    },
  ) as T;
