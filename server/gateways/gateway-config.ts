/**
 * Gateway keys and API bases from environment variables. Secrets live only here (never in the
 * content folder); the public parts (publishable key, client id, Accept.js URL, client key, login
 * id) are handed to browsers through GET /api/payment-methods. A gateway without keys is "not
 * configured": its routes answer 4xx. The offline test gateway needs nothing and always works.
 */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** Signing secret of the webhook endpoint (whsec_...); null: webhooks are refused. */
  webhookSecret: string | null;
  apiBase: string;
}

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** Id of the webhook registered with PayPal; null: webhooks are refused. */
  webhookId: string | null;
  apiBase: string;
}

export interface AuthorizeNetConfig {
  loginId: string;
  transactionKey: string;
  /** Public client key for Accept.js. */
  clientKey: string;
  /** Signature key for webhooks (X-ANET-Signature); null: webhooks are refused. */
  signatureKey: string | null;
  /** The JSON API endpoint, e.g. https://apitest.authorize.net/xml/v1/request.api. */
  apiBase: string;
  /** Where browsers load Accept.js from (sandbox or production, following the API base). */
  acceptJsUrl: string;
  /** The live service (api.authorize.net) rather than the sandbox. */
  production: boolean;
  /** Where the browser posts an Accept Hosted form token; default: Authorize.net's, sandbox or production following `production`. */
  hostedFormUrl?: string;
}

export const ACCEPT_HOSTED_PRODUCTION_URL = 'https://accept.authorize.net/payment/payment';
export const ACCEPT_HOSTED_SANDBOX_URL = 'https://test.authorize.net/payment/payment';

/** The Accept Hosted form the browser posts its token to. */
export function hostedFormUrlOf(config: AuthorizeNetConfig): string {
  return config.hostedFormUrl ?? (config.production ? ACCEPT_HOSTED_PRODUCTION_URL : ACCEPT_HOSTED_SANDBOX_URL);
}

export interface GatewayConfig {
  /**
   * The offline test gateway takes "payments" with test card numbers. On by default, off by default
   * in production (NODE_ENV=production) so a live store never accepts a test card; TEST_GATEWAY=on
   * or off decides explicitly. Absent means on.
   */
  testGateway?: boolean;
  stripe: StripeConfig | null;
  paypal: PayPalConfig | null;
  authorizeNet: AuthorizeNetConfig | null;
}

export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
export const AUTHORIZE_NET_SANDBOX_API_BASE = 'https://apitest.authorize.net/xml/v1/request.api';
export const ACCEPT_JS_SANDBOX_URL = 'https://jstest.authorize.net/v1/Accept.js';
export const ACCEPT_JS_PRODUCTION_URL = 'https://js.authorize.net/v1/Accept.js';

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function url(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = value(env, name);
  if (raw === null) return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    return parsed.href.replace(/\/$/, '');
  } catch {
    problems.push(`${name} must be an http(s) URL, got "${raw}"`);
    return fallback;
  }
}

/** Names of a gateway's variables: all of `required` or none; a partial set is a mistake worth stopping for. */
function allOrNone(env: Env, names: string[], problems: string[]): boolean {
  const set = names.filter((n) => value(env, n) !== null);
  if (set.length === 0) return false;
  if (set.length < names.length) {
    const missing = names.filter((n) => !set.includes(n));
    problems.push(`${missing.join(', ')} must be set together with ${set.join(', ')}`);
    return false;
  }
  return true;
}

function prefixed(env: Env, name: string, prefixes: string[], problems: string[]): void {
  const raw = value(env, name);
  if (raw !== null && !prefixes.some((p) => raw.startsWith(p))) {
    problems.push(`${name} must start with ${prefixes.join(' or ')}`);
  }
}

export function loadGatewayConfig(env: Env, problems: string[]): GatewayConfig {
  const stripeBase = url(env, 'STRIPE_API_BASE', STRIPE_DEFAULT_API_BASE, problems);
  const paypalBase = url(env, 'PAYPAL_API_BASE', PAYPAL_SANDBOX_API_BASE, problems);
  const anetBase = url(env, 'AUTHORIZE_NET_API_BASE', AUTHORIZE_NET_SANDBOX_API_BASE, problems);

  let stripe: StripeConfig | null = null;
  prefixed(env, 'STRIPE_SECRET_KEY', ['sk_', 'rk_'], problems);
  prefixed(env, 'STRIPE_PUBLISHABLE_KEY', ['pk_'], problems);
  prefixed(env, 'STRIPE_WEBHOOK_SECRET', ['whsec_'], problems);
  if (allOrNone(env, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'], problems)) {
    stripe = {
      secretKey: value(env, 'STRIPE_SECRET_KEY')!,
      publishableKey: value(env, 'STRIPE_PUBLISHABLE_KEY')!,
      webhookSecret: value(env, 'STRIPE_WEBHOOK_SECRET'),
      apiBase: stripeBase,
    };
  }

  const webhookId = value(env, 'PAYPAL_WEBHOOK_ID');
  // PayPal's own document: webhook ids are letters and digits (verify-webhook-signature refuses others).
  if (webhookId !== null && !/^[A-Za-z0-9]+$/.test(webhookId)) problems.push('PAYPAL_WEBHOOK_ID must be the webhook id PayPal shows, letters and digits only');
  let paypal: PayPalConfig | null = null;
  if (allOrNone(env, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'], problems)) {
    paypal = {
      clientId: value(env, 'PAYPAL_CLIENT_ID')!,
      clientSecret: value(env, 'PAYPAL_CLIENT_SECRET')!,
      webhookId,
      apiBase: paypalBase,
    };
  }

  let authorizeNet: AuthorizeNetConfig | null = null;
  const signatureKey = value(env, 'AUTHORIZE_NET_SIGNATURE_KEY');
  if (signatureKey !== null && !/^[0-9a-fA-F]{2,}$/.test(signatureKey)) {
    problems.push('AUTHORIZE_NET_SIGNATURE_KEY must be the hexadecimal signature key from the merchant interface');
  }
  if (allOrNone(env, ['AUTHORIZE_NET_LOGIN_ID', 'AUTHORIZE_NET_TRANSACTION_KEY', 'AUTHORIZE_NET_CLIENT_KEY'], problems)) {
    const production = new URL(anetBase).hostname === 'api.authorize.net' || new URL(anetBase).hostname === 'api2.authorize.net';
    authorizeNet = {
      loginId: value(env, 'AUTHORIZE_NET_LOGIN_ID')!,
      transactionKey: value(env, 'AUTHORIZE_NET_TRANSACTION_KEY')!,
      clientKey: value(env, 'AUTHORIZE_NET_CLIENT_KEY')!,
      signatureKey,
      apiBase: anetBase,
      acceptJsUrl: url(env, 'AUTHORIZE_NET_ACCEPT_JS_URL', production ? ACCEPT_JS_PRODUCTION_URL : ACCEPT_JS_SANDBOX_URL, problems),
      production,
      hostedFormUrl: url(env, 'AUTHORIZE_NET_HOSTED_FORM_URL', production ? ACCEPT_HOSTED_PRODUCTION_URL : ACCEPT_HOSTED_SANDBOX_URL, problems),
    };
  }

  const testSetting = value(env, 'TEST_GATEWAY');
  if (testSetting !== null && testSetting !== 'on' && testSetting !== 'off') problems.push(`TEST_GATEWAY must be on or off, got "${testSetting}"`);
  const testGateway = testSetting === 'on' ? true : testSetting === 'off' ? false : env.NODE_ENV !== 'production';

  return { testGateway, stripe, paypal, authorizeNet };
}
