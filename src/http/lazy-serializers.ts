/**
 * Response serialisers compiled when a route first answers with that status, not at start-up. Fastify compiles one
 * fast-json-stringify function for every response schema of every route while the app is built: about a tenth of
 * a fresh embedded instance's start-up CPU (the cold start: docs/operations.md, "Start-up"), for
 * hundreds of schemas of which a start needs none. The functions are the ones Fastify's own compiler makes, from
 * the same options and shared schemas; each is made once, on first use.
 */
import { createRequire } from 'node:module';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Serialize = (data: unknown) => string;

/** Fastify's default serializer factory, from the copy Fastify itself loads. */
function fastifyDefaultSerializers(): SerializerFactory {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const selector = fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory;
  return selector();
}

/** For Fastify's `schemaController.compilersFactory.buildSerializer`. */
export function lazySerializers(): SerializerFactory {
  const build = fastifyDefaultSerializers();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: Serialize | undefined;
      return (data) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  };
}
