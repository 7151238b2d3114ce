import net from 'node:net';

/**
 * Which addresses a webhook may not reach (SSRF): loopback, private, link-local (with the cloud
 * metadata address 169.254.169.254), unspecified, carrier-grade NAT, multicast and the reserved and
 * documentation ranges, for IPv4 and IPv6. An IPv6 address that carries an IPv4 address a packet to
 * it would reach (embeddedIpv4s) is judged as those IPv4 addresses too.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 for one network's own use (RFC 8215): its IPv4 may sit at any of six places, and it is
  // never a public address.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/**
 * The IPv4 addresses inside an IPv6 address, where sending to the one means reaching the other:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 2765), IPv4-compatible
 * (::a.b.c.d, deprecated), NAT64's well-known prefix (64:ff9b::a.b.c.d, RFC 6052), 6to4
 * (2002:aabb:ccdd::/48, RFC 3056) and Teredo (2001:0:server:…:client, the client inverted, RFC 4380).
 */
function embeddedIpv4s(words: readonly number[]): string[] {
  const w = (i: number) => words[i]!;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  const ipv4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  const mapped = zero(0, 5) && w(5) === 0xffff;
  const translated = zero(0, 4) && w(4) === 0xffff && w(5) === 0;
  const compatible = zero(0, 6) && (w(6) !== 0 || w(7) > 1);
  const nat64 = w(0) === 0x64 && w(1) === 0xff9b && zero(2, 6);
  if (mapped || translated || compatible || nat64) return [ipv4(w(6), w(7))];
  if (w(0) === 0x2002) return [ipv4(w(1), w(2))];
  if (w(0) === 0x2001 && w(1) === 0) return [ipv4(w(2), w(3)), ipv4(~w(6) & 0xffff, ~w(7) & 0xffff)];
  return [];
}

/** An IPv6 address as its eight 16-bit words (also with a dotted IPv4 tail), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const words =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : null;
}

/** True when a webhook may not be delivered to this IP address (also for a text that is no address). */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const words = expandIpv6(address);
  if (!words) return true;
  if (embeddedIpv4s(words).some((v4) => blocked.check(v4, 'ipv4'))) return true;
  return blocked.check(address.split('%')[0]!, 'ipv6');
}

/** A URL's host without IPv6 brackets, as net.isIP and DNS take it. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * A host refused without looking it up: a literal forbidden address, or a name that always means this
 * machine (localhost and its subdomains). Used when a subscription is saved, for a clear 400 at once;
 * delivery checks every address again after DNS.
 */
export function isForbiddenLiteralHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return net.isIP(h) !== 0 && isForbiddenAddress(h);
}
