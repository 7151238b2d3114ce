import { describe, expect, it } from 'vitest';
import { hostOf, isForbiddenAddress, isForbiddenLiteralHost } from './address';

describe('isForbiddenAddress (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  // An IPv6 address that carries an IPv4 address is judged as that IPv4 address would be.
  it.each([
    ['::ffff:0:127.0.0.1', 'IPv4-translated (RFC 2765)'],
    ['::ffff:0:7f00:1', 'IPv4-translated, as URL writes it'],
    ['::ffff:0:10.0.0.1', 'IPv4-translated'],
    ['::a9fe:a9fe', 'IPv4-compatible, in hex'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix, in hex'],
    ['64:ff9b::169.254.169.254', 'NAT64 well-known prefix'],
    ['64:ff9b:1::7f00:1', 'NAT64 local-use prefix (RFC 8215): never public'],
    ['64:ff9b:1:7f00:1::', 'NAT64 local-use prefix, IPv4 after a /48'],
    ['64:ff9b:1::8.8.8.8', 'NAT64 local-use prefix, even with a public IPv4'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
    ['2002:c0a8:101:1::2', '6to4 of 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, client 127.0.0.1'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo, server 10.0.0.1'],
    ['3fff::1', 'documentation (RFC 9637)'],
  ])('refuses %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '::ffff:0:8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    '2001:4860:4860::8888',
  ])('allows %s, whose IPv4 address is public', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('isForbiddenLiteralHost', () => {
  it('refuses localhost names and literal private addresses', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'api.localhost', '127.0.0.1', '::1', '10.1.2.3'])
      expect(isForbiddenLiteralHost(host)).toBe(true);
  });
  it('judges the host of a URL as it is saved, after the URL parser rewrote it', () => {
    for (const url of [
      'https://[::ffff:0:127.0.0.1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[64:ff9b:1::7f00:1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ])
      expect(isForbiddenLiteralHost(hostOf(new URL(url))), url).toBe(true);
  });
  it('leaves names to the check after DNS', () => {
    for (const host of ['example.com', 'hooks.voorbeeld.nl', '8.8.8.8'])
      expect(isForbiddenLiteralHost(host)).toBe(false);
  });
});
