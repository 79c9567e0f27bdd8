/**
 * Which IP addresses a webhook may never reach (pure). Webhook URLs come from clients, so without this a
 * client could make the service call its own metadata endpoint or internal network (SSRF).
 * IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, the deprecated compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address inside them.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'cgnat' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** How each class is named in an error message. */
export const CLASS_NAMES: Record<AddressClass, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  cgnat: 'a carrier-grade NAT (shared) address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

interface Range {
  cidr: string;
  cls: AddressClass;
}

// Order matters: the first match names the class, so metadata comes before the ranges that contain it.
const V4: Range[] = [
  { cidr: '169.254.169.254/32', cls: 'metadata' },
  { cidr: '0.0.0.0/8', cls: 'unspecified' },
  { cidr: '127.0.0.0/8', cls: 'loopback' },
  { cidr: '10.0.0.0/8', cls: 'private' },
  { cidr: '172.16.0.0/12', cls: 'private' },
  { cidr: '192.168.0.0/16', cls: 'private' },
  { cidr: '169.254.0.0/16', cls: 'link-local' },
  { cidr: '100.64.0.0/10', cls: 'cgnat' },
  { cidr: '224.0.0.0/4', cls: 'multicast' },
  { cidr: '240.0.0.0/4', cls: 'reserved' },
];
const V6: Range[] = [
  { cidr: 'fd00:ec2::254/128', cls: 'metadata' },
  { cidr: '::/128', cls: 'unspecified' },
  { cidr: '::1/128', cls: 'loopback' },
  { cidr: 'fc00::/7', cls: 'private' },
  { cidr: 'fec0::/10', cls: 'private' },
  { cidr: 'fe80::/10', cls: 'link-local' },
  { cidr: 'ff00::/8', cls: 'multicast' },
];
// Prefixes whose addresses carry an IPv4 address, and where (byte offset) it sits.
const EMBEDS_V4: Array<{ cidr: string; at: number }> = [
  { cidr: '::ffff:0:0/96', at: 12 },
  { cidr: '::/96', at: 12 },
  { cidr: '64:ff9b::/96', at: 12 },
  { cidr: '2002::/16', at: 2 },
];

function parseV4(s: string): Uint8Array {
  return Uint8Array.from(s.split('.').map(Number));
}

function parseV6(s: string): Uint8Array {
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = parseV4(text.slice(lastColon + 1)); // isIPv6 let through four parts
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const groups = (g: string) => (g === '' ? [] : g.split(':').map((h) => parseInt(h, 16)));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

/** The address as bytes, or null when it is not an IP address. A zone ("fe80::1%eth0") is ignored. */
export function parseIp(address: string): Uint8Array | null {
  const a = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(a)) return parseV4(a);
  if (isIPv6(a)) return parseV6(a);
  return null;
}

function inCidr(bytes: Uint8Array, cidr: string): boolean {
  const [base = '', bitsText] = cidr.split('/');
  const net = parseIp(base);
  if (net === null) throw new Error(`${cidr} in the special-purpose ranges is not an address range`);
  if (net.length !== bytes.length) return false;
  const bits = Number(bitsText);
  return Buffer.from(prefix(bytes, bits)).equals(Buffer.from(prefix(net, bits)));
}

/** The address with every bit after the first `bits` cleared. */
function prefix(address: Uint8Array, bits: number): Uint8Array {
  return address.map((byte, i) => {
    const left = bits - i * 8;
    return left >= 8 ? byte : left <= 0 ? 0 : byte & ((0xff << (8 - left)) & 0xff);
  });
}

function classifyBytes(bytes: Uint8Array): AddressClass | null {
  const ranges = bytes.length === 4 ? V4 : V6;
  const hit = ranges.find((r) => inCidr(bytes, r.cidr));
  if (hit) return hit.cls;
  if (bytes.length === 16) {
    const embed = EMBEDS_V4.find((e) => inCidr(bytes, e.cidr));
    if (embed) return classifyBytes(bytes.slice(embed.at, embed.at + 4));
  }
  return null;
}

/**
 * The class of a non-public address, null for a public one. Something that is not an IP address at all is
 * 'reserved', so a caller can never mistake garbage for a public address.
 */
export function classifyAddress(address: string): AddressClass | null {
  const bytes = parseIp(address);
  return bytes ? classifyBytes(bytes) : 'reserved';
}
