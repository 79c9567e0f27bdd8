/**
 * The caller's address, as every per-address limit keys on it (docs/security.md, "Limits"). One helper, so the API,
 * the token endpoint, the console and the hosted pages agree:
 *
 * - behind a reverse proxy, `request.ip` is the address the proxy names in X-Forwarded-For, but only when the
 *   connection comes from one of TRUSTED_PROXIES (Fastify's own `trustProxy` option, set in src/app/app.ts from the
 *   config); from anyone else the header is ignored, so it cannot be forged to dodge or aim a limit;
 * - an IPv4-mapped IPv6 address (::ffff:192.0.2.1) is the IPv4 address it maps;
 * - an IPv6 address counts by its /64: one subscriber or host is normally given a whole /64, so keying on the full
 *   address would let one caller take 2^64 fresh budgets.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The eight 16-bit groups of an IPv6 address (no zone, no embedded IPv4 tail beyond the mapped form). */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0] ?? '';
  let text = bare;
  // An embedded IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1): two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...rest].map((g) => parseInt(g, 16));
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The key a per-address limit counts under: the IPv4 address, or the IPv6 address's /64 ("2001:db8:1:2::/64"). */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The caller of a request, as the per-address limits key on it (see above). */
export function clientAddress(request: FastifyRequest): string {
  return addressKey(request.ip);
}
