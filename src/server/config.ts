import path from 'node:path';
import { z } from 'zod';

/** The run contract of ARCHITECTURE.md: every variable, its default, and a clear stop on a bad value. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ message: 'moet een volledige URL zijn, bijv. https://app.example.nl' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'moet beginnen met postgres:// of postgresql://')
    .optional(),
  /** postgres.js connections per server process (PGlite is one backend and ignores it). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'moet een geheel getal van 1 of meer zijn' })
    .int({ message: 'moet een geheel getal van 1 of meer zijn' })
    .min(1, { message: 'moet een geheel getal van 1 of meer zijn' })
    .default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'moet beginnen met smtp:// of smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Inkooporders <no-reply@localhost>'),
  CHROMIUM_PATH: z.string().min(1).optional(),
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  API_KEY_RATE_LIMIT: z.coerce
    .number({ message: 'moet een geheel getal van 1 of meer zijn' })
    .int({ message: 'moet een geheel getal van 1 of meer zijn' })
    .min(1, { message: 'moet een geheel getal van 1 of meer zijn' })
    .default(600),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { message: "moet 'true' of 'false' zijn" })
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null)
        ctx.addIssue({
          code: 'custom',
          message:
            "moet 'false', een aantal proxy's (bijv. 1) of een lijst van adressen/CIDR's zijn (bijv. 10.0.0.0/8,127.0.0.1)",
        });
      return parsed ?? false;
    })
    .optional(),
});

/**
 * TRUST_PROXY: which X-Forwarded-For hops to believe, as Fastify's `trustProxy` takes it. Off by
 * default (a client could otherwise claim any address and dodge the rate limits); behind a load
 * balancer a hop count ('1') or the balancer's addresses ('10.0.0.0/8,192.168.1.5').
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const address = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$/i;
  return entries.every((entry) => address.test(entry)) ? entries : null;
}

export type TrustProxy = false | number | string[];

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  chromiumPath: string | undefined;
  pdfConcurrency: number;
  rateLimitAuth: number;
  /** Requests per minute one API key may make. */
  apiKeyRateLimit: number;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Webhooks may reach loopback and private addresses (and http://): development and tests only. */
  webhookAllowPrivate: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ongeldige configuratie:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Ongeldige configuratie:\n  SMTP_URL: is verplicht wanneer NODE_ENV=production (de outbox is alleen voor ontwikkeling)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    chromiumPath: e.CHROMIUM_PATH,
    pdfConcurrency: e.PDF_CONCURRENCY,
    rateLimitAuth: e.RATE_LIMIT_AUTH,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
}
