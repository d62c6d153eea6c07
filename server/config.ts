/**
 * Configuration comes from environment variables only. Every variable has a safe default so that
 * `npm start` needs nothing; a bad value stops the start with a message naming the variable.
 */
import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { isPostgresUrl } from './db/database-url';
import { loadGatewayConfig, type GatewayConfig } from './gateways/gateway-config';
import { mailConfigFromEnv, type MailConfig } from './mail/mail-config';
import { formSettingsFromEnv, type FormSettings } from './services/form-settings';
import { imageLimitsFromEnv, type ImageLimits } from './studio/image-limits';
import { checkEveryHours } from './payment-pages/check-schedule';
import { pageCacheSize } from './ssr/page-cache';

export interface Config {
  port: number;
  dealerPort: number;
  /** Address both servers listen on; default 127.0.0.1, so a development server is not on the network. */
  host: string;
  /**
   * Origin visitors use for the main site (canonical URLs, e-mails, payment links, widget loader).
   * null: http://localhost:{port}, and every loopback name of the address it listens on is the
   * store too (http/store-origins.ts), so http://127.0.0.1:{port} works as well.
   */
  publicUrl: string | null;
  /** What openDatabase opens: the SQLite file's absolute path, ':memory:', or a postgres:// URL. */
  databasePath: string;
  databaseUrl: string;
  contentDir: string;
  /** How often a server looks for content versions other servers published (CONTENT_POLL_MS); 0: never. */
  contentPollMs: number;
  /** The size of the content's definitions (kB) from which a studio save is checked in a thread of its own (CONTENT_CHECK_THREAD_KB; default 1024, 0: always). */
  contentCheckThreadKb: number;
  /** Reload the content when a file of the folder changes (development; CONTENT_WATCH=0 turns it off, never in production). */
  contentWatch: boolean;
  /**
   * Origins allowed to call the API from a browser (ALLOWED_ORIGINS); null: not set, which is
   * none, or the dealer example's origin while the example runs (development).
   */
  allowedOrigins: string[] | null;
  /**
   * The demo's extras (EXAMPLES=dealer,playground): the dealer example on DEALER_PORT and the
   * widgets' playground at /playground/. Both by default in development; in production none unless named.
   */
  examples: Examples;
  /**
   * Prometheus metrics (server/metrics/store-metrics.ts): on a port of their own (METRICS_PORT),
   * and/or at the store's /metrics for the holder of a bearer token (METRICS_TOKEN); off when neither is set.
   */
  metrics: { port: number | null; token: string | null };
  logLevel: string;
  production: boolean;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or proxy-addr's names
   * loopback / linklocal / uniquelocal); empty: none, a client is its socket address.
   */
  trustProxy: string[];
  /** How long a stop waits for requests in flight before it closes their connections. */
  shutdownGraceMs: number;
  /** Payment gateway keys and API bases (server/gateways/gateway-config.ts). */
  gateways: GatewayConfig;
  /** SMTP_URL, MAIL_FROM, ADMIN_EMAILS (server/mail/mail-config.ts). */
  mail: MailConfig;
  /** The forms' uploads folder (UPLOADS_DIR) and reCAPTCHA (RECAPTCHA_*): server/services/form-settings.ts. */
  forms: FormSettings;
  /** The image library's quota per editor and upload rate (STUDIO_IMAGE_*): server/studio/image-limits.ts. */
  imageLimits: ImageLimits;
  /** Rendered pages kept in memory (PAGE_CACHE_SIZE); 0: none. */
  pageCacheSize: number;
  /** How often the server runs the payment pages' change detection, in hours (PAYMENT_PAGES_CHECK_EVERY, default weekly); null: never. */
  paymentPagesCheckEveryHours: number | null;
}

export interface Examples {
  dealer: boolean;
  playground: boolean;
}

const EXAMPLE_NAMES = ['dealer', 'playground'] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
    return fallback;
  }
  return n;
}

function parseUrl(name: string, raw: string, problems: string[]): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.href.replace(/\/$/, '');
  } catch {
    problems.push(`${name} must be an http(s) URL such as https://shop.example.com, got "${raw}"`);
    return raw;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const port = parsePort('PORT', env.PORT, 3000, problems);
  const dealerPort = parsePort('DEALER_PORT', env.DEALER_PORT, 3001, problems);
  const host = env.HOST || '127.0.0.1';

  const publicUrl = env.PUBLIC_URL ? parseUrl('PUBLIC_URL', env.PUBLIC_URL, problems) : null;

  const databaseUrl = env.DATABASE_URL || 'sqlite:var/showroom.db';
  let databasePath = '';
  if (databaseUrl === 'sqlite::memory:') databasePath = ':memory:';
  else if (databaseUrl.startsWith('sqlite:') && databaseUrl.length > 'sqlite:'.length) {
    databasePath = path.resolve(cwd, databaseUrl.slice('sqlite:'.length));
  } else if (isPostgresUrl(databaseUrl) && URL.canParse(databaseUrl)) {
    databasePath = databaseUrl;
  } else {
    problems.push(`DATABASE_URL must look like sqlite:var/showroom.db, sqlite::memory: or postgres://user:password@host:5432/showroom, got "${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}"`);
  }

  const contentDir = path.resolve(cwd, env.CONTENT_DIR || 'examples/site');

  let contentPollMs = 1000;
  if (env.CONTENT_POLL_MS !== undefined && env.CONTENT_POLL_MS !== '') {
    if (/^\d{1,7}$/.test(env.CONTENT_POLL_MS)) contentPollMs = Number(env.CONTENT_POLL_MS);
    else problems.push(`CONTENT_POLL_MS must be a number of milliseconds such as 1000 (0: never), got "${env.CONTENT_POLL_MS}"`);
  }
  let contentCheckThreadKb = 1024;
  if (env.CONTENT_CHECK_THREAD_KB !== undefined && env.CONTENT_CHECK_THREAD_KB !== '') {
    if (/^\d{1,9}$/.test(env.CONTENT_CHECK_THREAD_KB)) contentCheckThreadKb = Number(env.CONTENT_CHECK_THREAD_KB);
    else problems.push(`CONTENT_CHECK_THREAD_KB must be a number of kilobytes such as 1024 (0: every site), got "${env.CONTENT_CHECK_THREAD_KB}"`);
  }
  const production = env.NODE_ENV === 'production';
  if (env.CONTENT_WATCH !== undefined && !['', '0', '1'].includes(env.CONTENT_WATCH)) problems.push(`CONTENT_WATCH must be 0 or 1, got "${env.CONTENT_WATCH}"`);
  const contentWatch = !production && env.CONTENT_WATCH !== '0';

  let allowedOrigins: string[] | null = null;
  if (env.ALLOWED_ORIGINS !== undefined && env.ALLOWED_ORIGINS.trim() !== '') {
    allowedOrigins = [];
    for (const raw of env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)) {
      try {
        const url = new URL(raw);
        if (url.origin === 'null' || url.href.replace(/\/$/, '') !== url.origin) throw new Error('not an origin');
        allowedOrigins.push(url.origin);
      } catch {
        problems.push(`ALLOWED_ORIGINS must be a comma-separated list of origins such as https://dealer.example.com, got "${raw}"`);
      }
    }
  }

  let examples: Examples = { dealer: !production, playground: !production };
  if (env.EXAMPLES !== undefined && env.EXAMPLES.trim() !== '') {
    const named = env.EXAMPLES.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
    const unknown = named.filter((n) => n !== 'none' && !(EXAMPLE_NAMES as readonly string[]).includes(n));
    if (unknown.length) problems.push(`EXAMPLES must be a comma-separated list of ${EXAMPLE_NAMES.join(', ')} (or none), got "${env.EXAMPLES}"`);
    examples = { dealer: named.includes('dealer'), playground: named.includes('playground') };
  }

  const metricsPort = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : parsePort('METRICS_PORT', env.METRICS_PORT, 0, problems);
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  // Guessable tokens would make the metrics public in all but name.
  if (metricsToken !== null && metricsToken.length < 24) problems.push('METRICS_TOKEN must be at least 24 characters (openssl rand -hex 32 makes one)');

  const trustProxy = (env.TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  try {
    proxyaddr.compile(trustProxy);
  } catch {
    problems.push(`TRUST_PROXY must be a comma-separated list of proxy addresses or ranges such as 10.0.0.1, 10.0.0.0/8 or loopback, got "${env.TRUST_PROXY}"`);
  }

  let shutdownGraceMs = 10_000;
  if (env.SHUTDOWN_GRACE_MS !== undefined && env.SHUTDOWN_GRACE_MS !== '') {
    if (/^\d{1,7}$/.test(env.SHUTDOWN_GRACE_MS)) shutdownGraceMs = Number(env.SHUTDOWN_GRACE_MS);
    else problems.push(`SHUTDOWN_GRACE_MS must be a number of milliseconds such as 10000, got "${env.SHUTDOWN_GRACE_MS}"`);
  }

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const gateways = loadGatewayConfig(env, problems);
  const paymentPagesCheckEveryHours = checkEveryHours(env, problems);
  // Uploads sit beside the SQLite file; PostgreSQL has no file to sit beside.
  const forms = formSettingsFromEnv(isPostgresUrl(databaseUrl) ? null : databasePath, env, cwd);
  const imageLimits = imageLimitsFromEnv(env, problems);

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    dealerPort,
    host,
    publicUrl,
    databasePath,
    databaseUrl,
    contentDir,
    contentPollMs,
    contentCheckThreadKb,
    contentWatch,
    allowedOrigins,
    examples,
    metrics: { port: metricsPort, token: metricsToken },
    logLevel,
    trustProxy,
    shutdownGraceMs,
    production,
    gateways,
    mail: mailConfigFromEnv(env),
    forms,
    imageLimits,
    pageCacheSize: pageCacheSize(env),
    paymentPagesCheckEveryHours,
  };
}
