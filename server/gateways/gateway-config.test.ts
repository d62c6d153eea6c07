import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { ACCEPT_JS_PRODUCTION_URL, AUTHORIZE_NET_SANDBOX_API_BASE, loadGatewayConfig, PAYPAL_SANDBOX_API_BASE } from './gateway-config';

describe('loadGatewayConfig', () => {
  it('configures no provider by default (the offline test gateway needs nothing)', () => {
    const problems: string[] = [];
    expect(loadGatewayConfig({}, problems)).toEqual({ testGateway: true, stripe: null, paypal: null, authorizeNet: null });
    expect(problems).toEqual([]);
  });

  it('reads every variable, with sandbox API bases by default', () => {
    const problems: string[] = [];
    const config = loadGatewayConfig(
      {
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
        AUTHORIZE_NET_LOGIN_ID: 'login',
        AUTHORIZE_NET_TRANSACTION_KEY: 'key',
        AUTHORIZE_NET_CLIENT_KEY: 'client-key',
        AUTHORIZE_NET_SIGNATURE_KEY: 'ABCDEF01',
      },
      problems,
    );
    expect(problems).toEqual([]);
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' });
    expect(config.paypal).toEqual({ clientId: 'client', clientSecret: 'secret', webhookId: '1JE4291016473214C', apiBase: PAYPAL_SANDBOX_API_BASE });
    expect(config.authorizeNet).toMatchObject({ loginId: 'login', apiBase: AUTHORIZE_NET_SANDBOX_API_BASE, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', hostedFormUrl: 'https://test.authorize.net/payment/payment' });
  });

  it('turns the test gateway off in production unless TEST_GATEWAY=on', () => {
    expect(loadGatewayConfig({ NODE_ENV: 'production' }, []).testGateway).toBe(false);
    expect(loadGatewayConfig({ NODE_ENV: 'production', TEST_GATEWAY: 'on' }, []).testGateway).toBe(true);
    expect(loadGatewayConfig({ TEST_GATEWAY: 'off' }, []).testGateway).toBe(false);
    const problems: string[] = [];
    loadGatewayConfig({ TEST_GATEWAY: 'maybe' }, problems);
    expect(problems).toEqual(['TEST_GATEWAY must be on or off, got "maybe"']);
  });

  it('uses the production Accept.js and Accept Hosted page with the production API', () => {
    const config = loadGatewayConfig(
      { AUTHORIZE_NET_LOGIN_ID: 'l', AUTHORIZE_NET_TRANSACTION_KEY: 't', AUTHORIZE_NET_CLIENT_KEY: 'c', AUTHORIZE_NET_API_BASE: 'https://api.authorize.net/xml/v1/request.api' },
      [],
    );
    expect(config.authorizeNet?.acceptJsUrl).toBe(ACCEPT_JS_PRODUCTION_URL);
    expect(config.authorizeNet?.hostedFormUrl).toBe('https://accept.authorize.net/payment/payment');
  });

  it('stops the start on a bad value, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_oops', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', PAYPAL_CLIENT_ID: 'only-id', PAYPAL_API_BASE: 'ftp://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).problems.join('\n');
    expect(text).toContain('PAYPAL_API_BASE must be an http(s) URL, got "ftp://x"');
    expect(text).toContain('STRIPE_SECRET_KEY must start with sk_ or rk_');
    expect(text).toContain('PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID');
  });
});
