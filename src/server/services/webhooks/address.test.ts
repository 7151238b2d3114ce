import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, isForbiddenLiteralHost } from './address';

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
  it('leaves names to the check after DNS', () => {
    for (const host of ['example.com', 'hooks.voorbeeld.nl', '8.8.8.8'])
      expect(isForbiddenLiteralHost(host)).toBe(false);
  });
});
