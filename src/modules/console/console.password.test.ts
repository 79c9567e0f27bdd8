import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, verifyPassword } from './console.password.ts';

test('console passwords › scrypt with N=2^15, r=8, p=1 stored with the hash; a salt each; only the right password matches', async () => {
  const a = await hashPassword('correct horse battery staple');
  const b = await hashPassword('correct horse battery staple');
  assert.match(a, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, b, 'a salt of its own');
  assert.equal(await verifyPassword('correct horse battery staple', a), true);
  assert.equal(await verifyPassword('correct horse battery stapl', a), false);
  assert.equal(await verifyPassword('correct horse battery staple', 'md5$abc'), false);
  // The same text in another Unicode normal form is the same password.
  const composed = await hashPassword('caf\u00e9 au lait 12345');
  assert.equal(await verifyPassword('cafe\u0301 au lait 12345', composed), true);
});
