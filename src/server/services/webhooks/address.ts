import net from 'node:net';

/**
 * Which addresses a webhook may not reach (issue 13, SSRF): loopback, private, link-local (with the
 * cloud metadata address 169.254.169.254), unspecified, carrier-grade NAT, multicast and the reserved
 * and documentation ranges, for IPv4 and IPv6. An IPv4 address written as IPv6 (::ffff:a.b.c.d, or
 * the old ::a.b.c.d, or NAT64 64:ff9b::a.b.c.d) is judged as the IPv4 address it carries.
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
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  const mapped = zero(0, 5) && words[5] === 0xffff;
  const compatible = zero(0, 6) && (words[6]! !== 0 || words[7]! > 1);
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6);
  if (!mapped && !compatible && !nat64) return null;
  const [hi, lo] = [words[6]!, words[7]!];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
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
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
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
