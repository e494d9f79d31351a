import { isIP } from 'node:net';
import { z } from 'zod';
import { formatUsPhone } from '../shared/contact';
import type { S3Settings } from './integrations/files/s3';

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(value)) return true;
      if (/^(0|false|no|off)$/i.test(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined))
  .pipe(z.url({ error: 'must be a URL' }).optional());

/** Names proxy-addr (Fastify's trustProxy) accepts for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whom to believe about the client's address. Unset: nobody, the socket's peer is the client. A
 * number: that many proxies in front (the client is that many hops back in X-Forwarded-For). A list: the
 * proxies' addresses or CIDRs. `true` (believe every X-Forwarded-For) is refused: any client could then
 * claim a fresh address per request and escape every per-address limit.
 */
export type TrustProxy = false | number | string[];

const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? '';
    if (text === '' || /^(false|no|off|0)$/i.test(text)) return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 32) return hops;
    } else if (!/^(true|yes|on)$/i.test(text)) {
      const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (!bad.length) return entries;
      ctx.addIssue({ code: 'custom', message: `not proxy addresses or CIDRs: ${bad.join(', ')}` });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops (1-32) or a comma list of proxy addresses/CIDRs; true is not allowed' });
    return z.NEVER;
  });

/** OpenStreetMap's own tile servers: they need the internet (and fair use); MAP_TILE_URL points elsewhere. */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  // Loopback unless configured: demo logins and /dev/mail must not be on the network by accident.
  HOST: z.string().default('localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email({ error: 'must be an e-mail address' })).default('admin@glint.local'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  SEED_DEMO: z.string().optional(),
  DEMO_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).default('glint-demo-pass'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Glint <no-reply@glint.local>'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Only for tests against a local stand-in of the Stripe API: http://127.0.0.1:PORT */
  STRIPE_API_BASE: optionalUrl,
  GOOGLE_MAPS_API_KEY: optionalText,
  /** An OSRM server (http://host:5000): drive times from its table service instead of the offline estimate. */
  OSRM_URL: optionalUrl,
  /** Texts through Twilio when all three are set; otherwise they are kept in the SMS outbox (/dev/mail). */
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  /** `nws`: forecasts from the US National Weather Service (no key); otherwise the offline stand-in (decision 060). */
  WEATHER_PROVIDER: z.enum(['nws', 'stand-in']).optional(),
  /** The stand-in's rainy days (and places): `2026-06-03:80;2026-06-04@37.33,-121.89:65`. */
  WEATHER_STANDIN_RAIN: optionalText,
  /** Map tiles for the tracking map (Leaflet URL template); OpenStreetMap's servers unless set. */
  MAP_TILE_URL: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : DEFAULT_MAP_TILE_URL))
    .refine((value) => /^(https?:\/\/|\/)/.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), { error: 'must be an http(s) or /path URL template with {z}, {x} and {y}' }),
  SHOPIFY_STORE_DOMAIN: optionalText,
  SHOPIFY_ADMIN_TOKEN: optionalText,
  SHOPIFY_CLIENT_ID: optionalText,
  SHOPIFY_CLIENT_SECRET: optionalText,
  SHOPIFY_WEBHOOK_SECRET: optionalText,
  BUSINESS_NAME: z.string().trim().min(1).default('Glint'),
  BUSINESS_CITY: z.string().trim().min(1).default('San Jose'),
  BUSINESS_PHONE: z.string().trim().min(1).default('(408) 555-0142'),
  BUSINESS_EMAIL: z.string().trim().toLowerCase().pipe(z.email({ error: 'must be an e-mail address' })).default('hello@glint.local'),
  BUSINESS_ADDRESS: z.string().trim().min(1).default('1180 Industrial Ave, San Jose, CA 95112'),
  /** Where the business is (on-site jobs, technicians' default start, the service area's centre). */
  BUSINESS_LATITUDE: z.coerce.number().min(-90).max(90).default(37.3694),
  BUSINESS_LONGITUDE: z.coerce.number().min(-180).max(180).default(-121.9069),
  SERVICE_ZIP_CODES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const zips = (value ?? '')
        .split(',')
        .map((zip) => zip.trim())
        .filter(Boolean);
      const bad = zips.filter((zip) => !/^\d{5}$/.test(zip));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `not 5-digit ZIP codes: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return zips;
    }),
  JOBS: bool(true),
  /** Sign-in, registration and reset attempts allowed per IP address per window (15 min; registration 1 hour). */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  ANALYTICS_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  GUEST_HOLDS_PER_IP: z.coerce.number().int().min(1).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** json: one JSON object a line (for a log collector); pretty: a short readable line for a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).default('json'),
  /** Where `npm run backup` and the nightly backup write; unset: no nightly backup. */
  BACKUP_DIR: optionalText,
  /** How many backups BACKUP_DIR keeps (the oldest beyond it are deleted after each new one). */
  BACKUP_KEEP: z.coerce.number({ error: 'must be a whole number from 1 to 1000' }).int({ error: 'must be a whole number from 1 to 1000' }).min(1, { error: 'must be a whole number from 1 to 1000' }).max(1000, { error: 'must be a whole number from 1 to 1000' }).default(14),
  /** A bearer token that may read /metrics from another machine (loopback may always). At least 16 characters. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  /** Uploaded files (inspection photos) go to this S3-compatible bucket when set; otherwise DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Any S3-compatible endpoint (MinIO, R2, …); unset: AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (endpoint/bucket/key); on by default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.string().optional(),
  /** A folder inside the bucket for this installation's files. */
  S3_PREFIX: z.string().trim().default(''),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** Fastify's trustProxy: every rate limit and the sign-in lockout key on the address it yields. */
  trustProxy: TrustProxy;
  isProduction: boolean;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  googleMapsApiKey: string | undefined;
  /** OSRM's base URL: drive times by road (decision 054); unset: Google's Distance Matrix when keyed, else the offline estimate. */
  osrmUrl: string | undefined;
  /** Twilio's account, token and sending number; unset: texts go to the SMS outbox only. */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** Where forecasts come from (decision 060): the National Weather Service, or the stand-in with its rainy days. */
  weather: { provider: 'nws' | 'stand-in'; standInRain: string | undefined };
  /** Leaflet tile URL template for the tracking map. */
  mapTileUrl: string;
  /** No storeDomain: the built-in demo store. With it, an admin token or a client id + secret (client-credentials grant). */
  shopify: { storeDomain?: string; adminToken?: string; clientId?: string; clientSecret?: string; webhookSecret?: string };
  business: { name: string; city: string; phone: string; email: string; address: string; location: { latitude: number; longitude: number }; serviceZipCodes: string[] };
  jobs: boolean;
  authRateLimitPerIp: number;
  /** Analytics batches per (truncated) IP per minute. */
  analyticsRateLimitPerIp: number;
  /** Live guest checkout holds per network (IPv4 address, IPv6 /64), whatever the visitor cookie says. */
  guestHoldsPerIp: number;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** Backups (database dump) are written here; unset: no nightly backup and no backup status in the admin. */
  backupDir: string | undefined;
  backupKeep: number;
  /** Bearer token for /metrics from outside this machine; unset: loopback only. */
  metricsToken: string | undefined;
  /** The S3-compatible file store; undefined: files live under DATA_DIR/uploads. */
  s3: S3Settings | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const seedDemo = bool(!isProduction).safeParse(env.SEED_DEMO);
  if (e.SHOPIFY_STORE_DOMAIN && !e.SHOPIFY_ADMIN_TOKEN && !(e.SHOPIFY_CLIENT_ID && e.SHOPIFY_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  SHOPIFY_STORE_DOMAIN: needs SHOPIFY_ADMIN_TOKEN, or SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET');
  }
  if (!seedDemo.success) throw new ConfigError('Invalid configuration:\n  SEED_DEMO: must be true or false');
  const pathStyle = bool(Boolean(e.S3_ENDPOINT)).safeParse(env.S3_FORCE_PATH_STYLE);
  if (!pathStyle.success) throw new ConfigError('Invalid configuration:\n  S3_FORCE_PATH_STYLE: must be true or false');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID: needs S3_SECRET_ACCESS_KEY with it (or neither, for the SDK\'s own credentials)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY,
    isProduction,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: seedDemo.data,
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    osrmUrl: e.OSRM_URL,
    twilio: e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM } : undefined,
    weather: { provider: e.WEATHER_PROVIDER ?? 'stand-in', standInRain: e.WEATHER_STANDIN_RAIN },
    mapTileUrl: e.MAP_TILE_URL,
    shopify: {
      storeDomain: e.SHOPIFY_STORE_DOMAIN,
      adminToken: e.SHOPIFY_ADMIN_TOKEN,
      clientId: e.SHOPIFY_CLIENT_ID,
      clientSecret: e.SHOPIFY_CLIENT_SECRET,
      webhookSecret: e.SHOPIFY_WEBHOOK_SECRET,
    },
    business: {
      name: e.BUSINESS_NAME,
      city: e.BUSINESS_CITY,
      phone: formatUsPhone(e.BUSINESS_PHONE),
      email: e.BUSINESS_EMAIL,
      address: e.BUSINESS_ADDRESS,
      location: { latitude: e.BUSINESS_LATITUDE, longitude: e.BUSINESS_LONGITUDE },
      serviceZipCodes: e.SERVICE_ZIP_CODES,
    },
    jobs: e.JOBS,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    analyticsRateLimitPerIp: e.ANALYTICS_RATE_LIMIT_PER_IP,
    guestHoldsPerIp: e.GUEST_HOLDS_PER_IP,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    backupDir: e.BACKUP_DIR,
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: pathStyle.data,
          prefix: e.S3_PREFIX,
        }
      : undefined,
  };
}
