import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress, type AddressClass } from '../../src/modules/webhooks/webhooks.ip-ranges.ts';
import {
  checkUrlShape,
  checkWebhookUrl,
  type Resolver,
  type UrlPolicy,
} from '../../src/modules/webhooks/webhooks.url-guard.ts';

const STRICT: UrlPolicy = { allowLoopback: false, allowHttp: false };
const DEV: UrlPolicy = { allowLoopback: true, allowHttp: true };

describe('classifyAddress', () => {
  const cases: Array<[string, AddressClass | null]> = [
    // public
    ['8.8.8.8', null],
    ['203.0.113.10', null],
    ['172.15.255.255', null],
    ['172.32.0.0', null],
    ['100.63.255.255', null],
    ['100.128.0.0', null],
    ['169.253.255.255', null],
    ['2001:4860:4860::8888', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    // loopback
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    // private
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fec0::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['::ffff:172.16.0.1', 'private'],
    // link-local
    ['169.254.0.1', 'link-local'],
    ['169.254.170.2', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['::ffff:169.254.1.1', 'link-local'],
    // CGNAT
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['::ffff:100.64.0.1', 'cgnat'],
    // metadata
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    // unspecified
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    // multicast, reserved, not an address
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['example.com', 'reserved'],
    ['', 'reserved'],
    ['1.2.3', 'reserved'],
  ];
  for (const [address, expected] of cases) {
    test(`${address || '(empty)'} › ${expected ?? 'public'}`, () => assert.equal(classifyAddress(address), expected));
  }
});

describe('checkUrlShape', () => {
  const cases: Array<[string, UrlPolicy, string | null]> = [
    ['https://hooks.example.com/obi', STRICT, null],
    ['https://203.0.113.5:8443/x?y=1', STRICT, null],
    ['http://hooks.example.com/obi', STRICT, 'must use https:// (http:// is refused in production)'],
    ['http://hooks.example.com/obi', DEV, null],
    ['ftp://hooks.example.com/', DEV, 'must be an https:// URL'],
    ['javascript:alert(1)', DEV, 'must be an https:// URL'],
    ['/relative/path', DEV, 'is not a valid absolute URL'],
    ['https://u:p@hooks.example.com/', DEV, 'must not contain a user name or password'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, DEV, 'is longer than 2048 characters'],
    ['https://127.0.0.1/', STRICT, 'points at a loopback address; webhook targets must be public'],
    ['https://127.0.0.1/', DEV, null],
    ['https://0x7f.1/', STRICT, 'points at a loopback address; webhook targets must be public'],
    ['https://017700000001/', STRICT, 'points at a loopback address; webhook targets must be public'],
    ['https://[::ffff:127.0.0.1]/', STRICT, 'points at a loopback address; webhook targets must be public'],
    ['https://[::ffff:127.0.0.1]/', DEV, null],
    ['https://10.0.0.1/', DEV, 'points at a private network address; webhook targets must be public'],
    ['https://169.254.169.254/', DEV, 'points at a cloud metadata address; webhook targets must be public'],
    ['https://[fd00:ec2::254]/', DEV, 'points at a cloud metadata address; webhook targets must be public'],
    ['https://100.100.100.200/', DEV, 'points at a carrier-grade NAT (shared) address; webhook targets must be public'],
    ['https://[fe80::1]/', DEV, 'points at a link-local address; webhook targets must be public'],
    ['https://0.0.0.0/', DEV, 'points at an unspecified address; webhook targets must be public'],
  ];
  for (const [url, policy, reason] of cases) {
    test(`${url.slice(0, 60)} (${policy === STRICT ? 'production, no loopback' : 'development, loopback'}) › ${reason ?? 'allowed'}`, () => {
      const r = checkUrlShape(url, policy);
      assert.equal(r.ok ? null : r.reason, reason);
    });
  }
});

describe('checkWebhookUrl (names resolved through the given resolver; no real DNS)', () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const dns = resolver({
    'public.test': ['203.0.113.7', '2001:db8::7'],
    'mixed.test': ['203.0.113.7', '10.0.0.7'],
    'v6-private.test': ['203.0.113.7', 'fd12::1'],
    'metadata.test': ['169.254.169.254'],
    'loop.test': ['127.0.0.1'],
    'mapped.test': ['::ffff:192.168.0.1'],
    'empty.test': [],
  });
  const cases: Array<[string, UrlPolicy, string | null]> = [
    ['https://public.test/hook', STRICT, null],
    [
      'https://mixed.test/hook',
      STRICT,
      'has a host name that resolves to a private network address; webhook targets must be public',
    ],
    [
      'https://v6-private.test/hook',
      STRICT,
      'has a host name that resolves to a private network address; webhook targets must be public',
    ],
    [
      'https://metadata.test/',
      DEV,
      'has a host name that resolves to a cloud metadata address; webhook targets must be public',
    ],
    [
      'https://loop.test/',
      STRICT,
      'has a host name that resolves to a loopback address; webhook targets must be public',
    ],
    ['https://loop.test/', DEV, null],
    [
      'https://mapped.test/',
      DEV,
      'has a host name that resolves to a private network address; webhook targets must be public',
    ],
    ['https://nowhere.test/', DEV, 'has a host name that does not resolve'],
    ['https://empty.test/', DEV, 'has a host name that does not resolve'],
    ['https://203.0.113.9/', STRICT, null],
  ];
  for (const [url, policy, reason] of cases) {
    test(`${url} › ${reason ?? 'allowed'}`, async () => assert.equal(await checkWebhookUrl(url, policy, dns), reason));
  }

  test('an IP literal is never sent to the resolver', async () => {
    let asked = 0;
    await checkWebhookUrl('https://203.0.113.9/', STRICT, async () => {
      asked++;
      return [];
    });
    assert.equal(asked, 0);
  });
});
