import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress, type AddressClass } from './webhooks.ip-ranges.ts';
import { checkUrlShape, checkWebhookUrl, type Resolver, type UrlPolicy } from './webhooks.url-guard.ts';

const STRICT: UrlPolicy = { allowLoopback: false, allowHttp: false };
const DEV: UrlPolicy = { allowLoopback: true, allowHttp: true };

describe('classifyAddress', () => {
  const cases: Array<[string, AddressClass | null]> = [
    // public
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['9.9.9.9', null],
    ['172.15.255.255', null],
    ['172.32.0.0', null],
    ['100.63.255.255', null],
    ['100.128.0.0', null],
    ['169.253.255.255', null],
    ['2001:4860:4860::8888', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    ['2002:808:808::1', null],
    ['2606:4700:4700::1111', null],
    // globally reachable entries inside refused blocks (IANA special-purpose registries: Globally Reachable = True)
    ['192.0.0.9', null],
    ['192.0.0.10', null],
    ['192.31.196.1', null],
    ['192.52.193.1', null],
    ['192.175.48.1', null],
    ['2001:1::1', null],
    ['2001:1::2', null],
    ['2001:1::3', null],
    ['2001:3::1', null],
    ['2001:4:112::1', null],
    ['2001:20::1', null],
    ['2001:30::1', null],
    ['2620:4f:8000::1', null],
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
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['4000::1', 'reserved'],
    ['::2', 'unspecified'],
    ['::ffff:0:0:1', 'reserved'],
    // IETF protocol assignments, documentation, benchmarking (IANA special-purpose registries, not globally reachable)
    ['192.0.0.1', 'special-purpose'],
    ['192.0.0.8', 'special-purpose'],
    ['192.0.0.170', 'special-purpose'],
    ['192.0.0.171', 'special-purpose'],
    ['192.0.0.255', 'special-purpose'],
    ['192.88.99.1', 'special-purpose'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['203.0.113.255', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.20.0.0', null],
    ['192.0.1.255', null],
    ['64:ff9b:1::1', 'private'],
    ['100::1', 'special-purpose'],
    ['100:0:0:1::1', 'special-purpose'],
    ['2001::1', 'special-purpose'],
    ['2001:0:4136:e378::1', 'special-purpose'],
    ['2001:1::4', 'special-purpose'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'special-purpose'],
    ['2001:1ff::1', 'special-purpose'],
    ['2001:200::1', null],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'special-purpose'],
    // judged by the IPv4 address inside
    ['::ffff:203.0.113.9', 'documentation'],
    ['::ffff:198.18.0.1', 'benchmarking'],
    ['::ffff:255.255.255.255', 'broadcast'],
    ['64:ff9b::c000:201', 'documentation'],
    ['64:ff9b::100.64.0.1', 'cgnat'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c000:0201::', 'documentation'],
    ['2002:a00:1::', 'private'],
    ['2002:c000:9::1', null],
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
    ['https://8.8.4.4:8443/x?y=1', STRICT, null],
    ['https://203.0.113.5:8443/x?y=1', STRICT, 'points at a documentation address; webhook targets must be public'],
    ['https://198.18.0.1/', DEV, 'points at a benchmarking address; webhook targets must be public'],
    ['https://192.0.0.1/', DEV, 'points at a special-purpose address; webhook targets must be public'],
    ['https://255.255.255.255/', DEV, 'points at a broadcast address; webhook targets must be public'],
    ['https://[2001:db8::1]/', DEV, 'points at a documentation address; webhook targets must be public'],
    ['https://[64:ff9b::192.0.2.1]/', DEV, 'points at a documentation address; webhook targets must be public'],
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
    'public.test': ['8.8.8.8', '2001:4860:4860::8888'],
    'mixed.test': ['8.8.8.8', '10.0.0.7'],
    'v6-private.test': ['8.8.8.8', 'fd12::1'],
    'docs.test': ['8.8.8.8', '2001:db8::7'],
    'bench.test': ['198.18.3.4'],
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
    [
      'https://docs.test/hook',
      STRICT,
      'has a host name that resolves to a documentation address; webhook targets must be public',
    ],
    [
      'https://bench.test/hook',
      DEV,
      'has a host name that resolves to a benchmarking address; webhook targets must be public',
    ],
    ['https://1.1.1.1/', STRICT, null],
    ['https://203.0.113.9/', STRICT, 'points at a documentation address; webhook targets must be public'],
  ];
  for (const [url, policy, reason] of cases) {
    test(`${url} › ${reason ?? 'allowed'}`, async () => assert.equal(await checkWebhookUrl(url, policy, dns), reason));
  }

  test('an IP literal is never sent to the resolver', async () => {
    let asked = 0;
    await checkWebhookUrl('https://1.1.1.1/', STRICT, async () => {
      asked++;
      return [];
    });
    assert.equal(asked, 0);
  });
});
