/**
 * A store whose Stripe and PayPal are their local fakes (checked against the providers' published
 * API documents), as the tests that drive payments and refunds through both providers start it:
 * the fakes first, then a test server pointed at them with webhooks signed by the secrets below.
 * The keys are the fakes' own, so a test that signs a webhook or calls a fake as Stripe.js would
 * uses these.
 */
import { startTestServer, type TestServer } from '../../testing/test-server';
import { startFakePayPal, type FakePayPal } from './fake-paypal';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

export const FAKE_STRIPE_KEYS = { secretKey: 'sk_test_fake_providers', publishableKey: 'pk_test_fake_providers', webhookSecret: 'whsec_fake_providers' } as const;
export const FAKE_PAYPAL_KEYS = { clientId: 'FakeProvidersClient', clientSecret: 'fake-providers-secret', webhookId: 'FakeProvidersHook' } as const;

export interface StoreWithFakeProviders {
  server: TestServer;
  stripe: FakeStripe;
  paypal: FakePayPal;
  /** Stops the store, then the fakes. */
  stop(): Promise<void>;
}

/** Starts the fakes of Stripe and PayPal and a store that pays through them; `env` adds to the store's settings. */
export async function startStoreWithFakeProviders(env: Record<string, string> = {}): Promise<StoreWithFakeProviders> {
  const stripe = await startFakeStripe({ secretKey: FAKE_STRIPE_KEYS.secretKey, publishableKey: FAKE_STRIPE_KEYS.publishableKey });
  const paypal = await startFakePayPal({ clientId: FAKE_PAYPAL_KEYS.clientId, clientSecret: FAKE_PAYPAL_KEYS.clientSecret });
  const server = await startTestServer({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_KEYS.clientId,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_KEYS.clientSecret,
    PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_KEYS.webhookId,
    PAYPAL_API_BASE: paypal.url,
    ...env,
  }).catch(async (error: unknown) => {
    await Promise.all([stripe.close(), paypal.close()]);
    throw error;
  });
  return {
    server,
    stripe,
    paypal,
    async stop() {
      await server.stop();
      await Promise.all([stripe.close(), paypal.close()]);
    },
  };
}
