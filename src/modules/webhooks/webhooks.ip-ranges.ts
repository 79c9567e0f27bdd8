/**
 * Which IP addresses a webhook may never reach (pure). Webhook URLs come from clients, so without this a
 * client could make the service call its own metadata endpoint or internal network (SSRF).
 *
 * The rule: an address is callable only when it is globally reachable. RANGES below is that rule as one table,
 * taken from the IANA registries, which it cites by name:
 * - the IANA IPv4 Special-Purpose Address Registry and the IANA IPv6 Special-Purpose Address Registry (RFC 6890 and
 *   their later updates): every entry whose "Globally Reachable" is False or N/A is refused, every entry marked True
 *   is allowed, also when it lies inside a refused one (192.0.0.9/32 inside 192.0.0.0/24, the 2001::/23 exceptions);
 * - the IANA IPv4 and IPv6 Multicast Address Space Registries (224.0.0.0/4, ff00::/8): never a webhook target;
 * - the IANA IPv6 Address Space Registry: only 2000::/3 is global unicast; the rest of the space (::/0) is reserved,
 *   apart from the entries of the special-purpose registry;
 * - not IANA: the cloud metadata addresses (169.254.169.254, fd00:ec2::254), named apart in error messages.
 * The most specific entry containing an address decides. IPv6 forms that carry an IPv4 address (mapped
 * ::ffff:0:0/96, the deprecated compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'special-purpose'
  | 'reserved';

/** How each class is named in an error message. */
export const CLASS_NAMES: Record<AddressClass, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  cgnat: 'a carrier-grade NAT (shared) address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  'special-purpose': 'a special-purpose address',
  reserved: 'a reserved address',
};

/** What an entry says of its addresses: refused (their class), allowed, or judged by an IPv4 address inside. */
type Verdict = AddressClass | 'global' | { ipv4At: number };

interface Range {
  cidr: string;
  /** the registry entry's name (and its RFC) */
  name: string;
  verdict: Verdict;
}

const V4 = 'IANA IPv4 Special-Purpose Address Registry';
const V6 = 'IANA IPv6 Special-Purpose Address Registry';

/** The table (see the comment at the top). `source` groups the entries by the registry they come from. */
const RANGES: ReadonlyArray<Range & { source: string }> = [
  ...withSource(V4, [
    { cidr: '0.0.0.0/8', name: '"This network" (RFC 791)', verdict: 'unspecified' },
    { cidr: '0.0.0.0/32', name: '"This host on this network" (RFC 1122)', verdict: 'unspecified' },
    { cidr: '10.0.0.0/8', name: 'Private-Use (RFC 1918)', verdict: 'private' },
    { cidr: '100.64.0.0/10', name: 'Shared Address Space (RFC 6598)', verdict: 'cgnat' },
    { cidr: '127.0.0.0/8', name: 'Loopback (RFC 1122)', verdict: 'loopback' },
    { cidr: '169.254.0.0/16', name: 'Link Local (RFC 3927)', verdict: 'link-local' },
    { cidr: '172.16.0.0/12', name: 'Private-Use (RFC 1918)', verdict: 'private' },
    { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments (RFC 6890)', verdict: 'special-purpose' },
    { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix (RFC 7335)', verdict: 'special-purpose' },
    { cidr: '192.0.0.8/32', name: 'IPv4 dummy address (RFC 7600)', verdict: 'special-purpose' },
    { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast (RFC 7723)', verdict: 'global' },
    { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast (RFC 8155)', verdict: 'global' },
    { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery (RFC 8880)', verdict: 'special-purpose' },
    { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery (RFC 8880)', verdict: 'special-purpose' },
    { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1) (RFC 5737)', verdict: 'documentation' },
    { cidr: '192.31.196.0/24', name: 'AS112-v4 (RFC 7535)', verdict: 'global' },
    { cidr: '192.52.193.0/24', name: 'AMT (RFC 7450)', verdict: 'global' },
    { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast) (RFC 7526)', verdict: 'special-purpose' },
    { cidr: '192.88.99.2/32', name: '6a44-relay anycast address (RFC 6751)', verdict: 'special-purpose' },
    { cidr: '192.168.0.0/16', name: 'Private-Use (RFC 1918)', verdict: 'private' },
    { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service (RFC 7534)', verdict: 'global' },
    { cidr: '198.18.0.0/15', name: 'Benchmarking (RFC 2544)', verdict: 'benchmarking' },
    { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2) (RFC 5737)', verdict: 'documentation' },
    { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3) (RFC 5737)', verdict: 'documentation' },
    { cidr: '240.0.0.0/4', name: 'Reserved (RFC 1112)', verdict: 'reserved' },
    { cidr: '255.255.255.255/32', name: 'Limited Broadcast (RFC 919, RFC 8190)', verdict: 'broadcast' },
  ]),
  ...withSource('IANA IPv4 Multicast Address Space Registry', [
    { cidr: '224.0.0.0/4', name: 'Multicast (RFC 5771)', verdict: 'multicast' },
  ]),
  ...withSource(V6, [
    { cidr: '::1/128', name: 'Loopback Address (RFC 4291)', verdict: 'loopback' },
    { cidr: '::/128', name: 'Unspecified Address (RFC 4291)', verdict: 'unspecified' },
    { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address (RFC 4291)', verdict: { ipv4At: 12 } },
    { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translat. (RFC 6052)', verdict: { ipv4At: 12 } },
    { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat. (local use) (RFC 8215)', verdict: 'private' },
    { cidr: '100::/64', name: 'Discard-Only Address Block (RFC 6666)', verdict: 'special-purpose' },
    { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix (RFC 9780)', verdict: 'special-purpose' },
    { cidr: '2001::/23', name: 'IETF Protocol Assignments (RFC 2928)', verdict: 'special-purpose' },
    { cidr: '2001::/32', name: 'TEREDO (RFC 4380, RFC 8190)', verdict: 'special-purpose' },
    { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast (RFC 7723)', verdict: 'global' },
    { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast (RFC 8155)', verdict: 'global' },
    { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast (RFC 9665)', verdict: 'global' },
    { cidr: '2001:2::/48', name: 'Benchmarking (RFC 5180)', verdict: 'benchmarking' },
    { cidr: '2001:3::/32', name: 'AMT (RFC 7450)', verdict: 'global' },
    { cidr: '2001:4:112::/48', name: 'AS112-v6 (RFC 7535)', verdict: 'global' },
    { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID) (RFC 4843)', verdict: 'special-purpose' },
    { cidr: '2001:20::/28', name: 'ORCHIDv2 (RFC 7343)', verdict: 'global' },
    { cidr: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix (RFC 9374)', verdict: 'global' },
    { cidr: '2001:db8::/32', name: 'Documentation (RFC 3849)', verdict: 'documentation' },
    { cidr: '2002::/16', name: '6to4 (RFC 3056)', verdict: { ipv4At: 2 } },
    { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service (RFC 7534)', verdict: 'global' },
    { cidr: '3fff::/20', name: 'Documentation (RFC 9637)', verdict: 'documentation' },
    { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs (RFC 9602)', verdict: 'special-purpose' },
    { cidr: 'fc00::/7', name: 'Unique-Local (RFC 4193, RFC 8190)', verdict: 'private' },
    { cidr: 'fe80::/10', name: 'Link-Local Unicast (RFC 4291)', verdict: 'link-local' },
  ]),
  ...withSource('IANA IPv6 Multicast Address Space Registry', [
    { cidr: 'ff00::/8', name: 'Multicast (RFC 4291)', verdict: 'multicast' },
  ]),
  ...withSource('IANA IPv6 Address Space Registry', [
    { cidr: '::/0', name: 'Reserved by IETF / unassigned (everything outside what follows)', verdict: 'reserved' },
    { cidr: '2000::/3', name: 'Global Unicast (RFC 4291)', verdict: 'global' },
    { cidr: '::/96', name: 'IPv4-compatible, deprecated (RFC 4291)', verdict: { ipv4At: 12 } },
    { cidr: 'fec0::/10', name: 'Site-local, deprecated (RFC 3879)', verdict: 'private' },
  ]),
  ...withSource('cloud providers (not IANA)', [
    { cidr: '169.254.169.254/32', name: 'instance metadata (AWS, GCP, Azure, …)', verdict: 'metadata' },
    { cidr: 'fd00:ec2::254/128', name: 'instance metadata (AWS, IPv6)', verdict: 'metadata' },
  ]),
];

function withSource(source: string, ranges: Range[]): Array<Range & { source: string }> {
  return ranges.map((r) => ({ ...r, source }));
}

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

interface ParsedRange {
  net: Uint8Array;
  bits: number;
  verdict: Verdict;
}

/** RANGES parsed once; an entry that is not an address range is a bug in the table. */
const PARSED: ParsedRange[] = RANGES.map((r) => {
  const [base = '', bitsText] = r.cidr.split('/');
  const net = parseIp(base);
  const bits = Number(bitsText);
  if (net === null || !Number.isInteger(bits) || bits < 0 || bits > net.length * 8)
    throw new Error(`${r.cidr} in the special-purpose ranges is not an address range`);
  return { net, bits, verdict: r.verdict };
});

function contains(range: ParsedRange, bytes: Uint8Array): boolean {
  if (range.net.length !== bytes.length) return false;
  return Buffer.from(prefix(bytes, range.bits)).equals(Buffer.from(prefix(range.net, range.bits)));
}

/** The address with every bit after the first `bits` cleared. */
function prefix(address: Uint8Array, bits: number): Uint8Array {
  return address.map((byte, i) => {
    const left = bits - i * 8;
    return left >= 8 ? byte : left <= 0 ? 0 : byte & ((0xff << (8 - left)) & 0xff);
  });
}

/** The most specific entry of the table containing the address, if any. */
function mostSpecific(bytes: Uint8Array): ParsedRange | undefined {
  let best: ParsedRange | undefined;
  for (const r of PARSED) if (contains(r, bytes) && (!best || r.bits > best.bits)) best = r;
  return best;
}

function classifyBytes(bytes: Uint8Array): AddressClass | null {
  const verdict = mostSpecific(bytes)?.verdict ?? 'global';
  if (verdict === 'global') return null;
  if (typeof verdict === 'object') return classifyBytes(bytes.slice(verdict.ipv4At, verdict.ipv4At + 4));
  return verdict;
}

/**
 * The class of a non-public address, null for a public one. Something that is not an IP address at all is
 * 'reserved', so a caller can never mistake garbage for a public address.
 */
export function classifyAddress(address: string): AddressClass | null {
  const bytes = parseIp(address);
  return bytes ? classifyBytes(bytes) : 'reserved';
}
