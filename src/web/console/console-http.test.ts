import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyReply } from 'fastify';
import { cookieNames, setSessionCookie } from './console-http.ts';

function captured(publicBaseUrl: string) {
  const set: Array<{ name: string; options: Record<string, unknown> }> = [];
  const reply = {
    setCookie: (name: string, _value: string, options: Record<string, unknown>) => set.push({ name, options }),
  } as unknown as FastifyReply;
  setSessionCookie(reply, cookieNames(publicBaseUrl), 'token', 60);
  return set[0];
}

test('console cookie › under https: __Host- prefix, Secure, Path=/, no Domain (no sibling subdomain can plant it)', () => {
  const c = captured('https://obi.lender.example');
  assert.equal(c?.name, '__Host-obi_console');
  assert.equal(c?.options.secure, true);
  assert.equal(c?.options.path, '/');
  assert.equal(c?.options.domain, undefined);
  assert.equal(c?.options.httpOnly, true);
  assert.equal(c?.options.sameSite, 'strict');
  assert.equal(cookieNames('https://obi.lender.example').preSession, '__Host-obi_console_pre');
});

test('console cookie › over plain http (local development): no prefix can hold; kept to /console', () => {
  const c = captured('http://127.0.0.1:8080');
  assert.equal(c?.name, 'obi_console');
  assert.equal(c?.options.secure, false);
  assert.equal(c?.options.path, '/console');
});
