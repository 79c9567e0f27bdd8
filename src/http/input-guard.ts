/**
 * The edge's refusals of input no route should see, for every route (the /public/v3 API, the token endpoint,
 * the hosted pages): a 400 naming the part of the request, instead of a value PostgreSQL rejects (it stores no
 * NUL in text) or a string that is not well-formed Unicode.
 *
 *  - path segments and query values: any C0 control character (U+0000–U+001F) or DEL, and percent-escapes that
 *    do not decode to UTF-8 (a bad escape in a path segment is Fastify's FST_ERR_BAD_URL: `frameworkErrors`);
 *  - JSON bodies: the root scope's parser is json-body.ts's checked one (the /public/v3 scope has its own);
 *  - other bodies (forms): strings with a NUL or a lone surrogate, nesting beyond MAX_JSON_DEPTH.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidInput } from './edge-error.ts';
import { MAX_JSON_DEPTH, pointerOf, type PointerSegment } from './json-checks.ts';
import { parseJsonBody } from './json-body.ts';
import { problemBody, sendProblem } from './problem.ts';

/** True when `s` holds a C0 control character or DEL. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 127) return true;
  }
  return false;
}

function controlDetail(): string {
  return 'contains a control character (U+0000–U+001F or U+007F), which this service does not accept';
}

/** Query and path values as Fastify parsed them: strings, or arrays of strings for repeated query names. */
function checkValues(part: 'path' | 'query', values: unknown): void {
  if (values === null || typeof values !== 'object') return;
  for (const [name, value] of Object.entries(values)) {
    const pointer = pointerOf([part, name]);
    if (hasControl(name) || !name.isWellFormed())
      throw invalidInput(pointerOf([part]), 'has a parameter name with a control character');
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof v !== 'string') continue;
      if (hasControl(v)) throw invalidInput(pointer, controlDetail());
      if (!v.isWellFormed()) throw invalidInput(pointer, 'is not well-formed Unicode');
    }
  }
}

/** Each query member's percent-escapes must decode to UTF-8 (Fastify's parser keeps a bad one as it came). */
function checkRawQuery(url: string): void {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('%', q)) return;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      throw invalidInput('/query', 'has a parameter name whose percent-escapes are not UTF-8');
    }
    try {
      if (eq >= 0) decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      throw invalidInput(pointerOf(['query', name]), 'has percent-escapes that are not UTF-8');
    }
  }
}

/** A body no checked parser saw (a form): its strings and its depth. */
function checkBody(value: unknown, at: PointerSegment[]): void {
  if (typeof value === 'string') {
    if (value.includes('\0')) throw invalidInput(pointerOf(at), 'contains a NUL character (U+0000)');
    if (!value.isWellFormed()) throw invalidInput(pointerOf(at), 'is not well-formed Unicode');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (at.length >= MAX_JSON_DEPTH) throw invalidInput(pointerOf(at), `nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value)) {
    value.forEach((v: unknown, i) => checkBody(v, [...at, i]));
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\0') || !k.isWellFormed()) throw invalidInput(pointerOf(at), 'has a member name that is not text');
    checkBody(v, [...at, k]);
  }
}

/**
 * Outside /public/v3 (whose body schemas refuse unknown members) a JSON body is refused when it has a member
 * "__proto__", or "constructor" holding "prototype", as Fastify's own JSON parser does (prototype poisoning).
 */
function refuseProtoMembers(value: unknown, text: Buffer): unknown {
  if (text.includes('__proto__') || text.includes('constructor') || text.includes('\\u')) findProtoMember(value, []);
  return value;
}

function findProtoMember(value: unknown, at: PointerSegment[]): void {
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__' || (k === 'constructor' && v !== null && typeof v === 'object' && 'prototype' in v))
      throw invalidInput(pointerOf([...at, k]), 'is a member name this service does not accept');
    findProtoMember(v, [...at, k]);
  }
}

/** The root scope's JSON parser and the hooks above. Before any route is registered. */
export function registerInputGuards(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    async (request: FastifyRequest, body: string | Buffer) =>
      refuseProtoMembers(await parseJsonBody(request, body as Buffer, false), body as Buffer),
  );
  app.decorateRequest('bodyChecked', false);
  app.addHook('onRequest', async (request) => {
    checkValues('path', request.params);
    checkRawQuery(request.url);
    checkValues('query', request.query);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.bodyChecked !== true) checkBody(request.body, []);
  });
}

/**
 * Fastify's `frameworkErrors`: what goes wrong before a route is found. A path segment whose percent-escapes are
 * not UTF-8 (FST_ERR_BAD_URL) or one longer than the router takes is the client's 400.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const detail =
      err.code === 'FST_ERR_BAD_URL'
        ? 'has a segment whose percent-escapes are not UTF-8'
        : 'has a segment longer than this service accepts';
    sendProblem(reply, problemBody('validation_failed', `The path ${detail}.`, [{ pointer: '/path', detail }]));
    return;
  }
  request.log.error({ err }, 'framework error');
  sendProblem(
    reply,
    problemBody('internal_error', 'Something went wrong on our side. The request id identifies it in our logs.', [], {
      request_id: request.id,
    }),
  );
}
