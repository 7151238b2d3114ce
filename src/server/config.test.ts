import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all on the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Inkooporders <no-reply@localhost>',
      pdfConcurrency: 2,
      rateLimitAuth: 20,
      apiKeyRateLimit: 600,
      databasePoolSize: 10,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('derives APP_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://inkoop.example.nl/' }).appUrl).toBe('https://inkoop.example.nl');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['PDF_CONCURRENCY', '0'],
    ['RATE_LIMIT_AUTH', '-3'],
    ['API_KEY_RATE_LIMIT', '0'],
    ['API_KEY_RATE_LIMIT', 'veel'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['DATABASE_POOL_SIZE', 'veel'],
    ['APP_URL', 'not a url'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(name));
  });

  it('DATABASE_POOL_SIZE: the postgres.js pool, 10 unless set', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '-1' })).toThrowError(
      /DATABASE_POOL_SIZE: moet een geheel getal van 1 of meer zijn/,
    );
  });

  it('refuses production without SMTP: the outbox is for development only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe('smtp://mail:25');
  });

  it('TRUST_PROXY: off by default; a hop count or a list of addresses and CIDRs; anything else refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('WEBHOOK_ALLOW_PRIVATE: off by default; only true or false', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'ja' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});
