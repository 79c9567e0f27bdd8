import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressKey } from './client-address.ts';
import { parseTrustedProxies } from '../config/config.ts';

test('client address › IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
  assert.equal(addressKey('192.0.2.7'), '192.0.2.7');
  assert.equal(addressKey('::ffff:192.0.2.7'), '192.0.2.7');
  assert.equal(addressKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.equal(addressKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  assert.equal(addressKey('2001:DB8:0:0:ffff::1'), '2001:db8:0:0::/64');
  assert.equal(addressKey('::1'), '0:0:0:0::/64');
  assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(addressKey('not an address'), 'not an address');
});

test('TRUSTED_PROXIES › addresses, CIDR ranges and the presets pass; anything else is named', () => {
  const problems: string[] = [];
  assert.deepEqual(parseTrustedProxies(' 127.0.0.1, 10.0.0.0/8,2001:db8::/32 ,loopback', problems), [
    '127.0.0.1',
    '10.0.0.0/8',
    '2001:db8::/32',
    'loopback',
  ]);
  assert.deepEqual(problems, []);
  parseTrustedProxies('10.0.0.0/33,proxy.example,*', problems);
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[1] ?? '', /TRUSTED_PROXIES: "proxy.example"/);
});
