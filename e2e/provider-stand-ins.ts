/**
 * What the browser tests of the Stripe and PayPal clients share: the fake providers the contract
 * tests use, with the shop's settings that point at them, and a page where the providers' script
 * URLs serve the local stand-ins (e2e/stand-ins) and their API hosts reach the fakes, its console
 * watched for errors and CSP refusals.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { startFakePayPal, type FakePayPal } from '../server/gateways/fakes/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../server/gateways/fakes/fake-stripe';
import { watchConsole } from './browser';

const here = path.dirname(new URL(import.meta.url).pathname);

export interface FakeProviders {
  stripe: FakeStripe;
  paypal: FakePayPal;
  /** The shop's settings for both fakes (keys, secrets, API bases). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts a fake Stripe and a fake PayPal; `tag` names their keys, so a test's logs say whose they are. */
export async function startFakeProviders(tag: string, paypalClientId: string): Promise<FakeProviders> {
  const publishableKey = `pk_test_e2e_${tag}`;
  const paypalSecret = `${tag}-secret`;
  const [stripe, paypal] = await Promise.all([startFakeStripe({ publishableKey }), startFakePayPal({ clientId: paypalClientId, clientSecret: paypalSecret })]);
  return {
    stripe,
    paypal,
    env: {
      STRIPE_SECRET_KEY: `sk_test_e2e_${tag}`,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: `whsec_e2e_${tag}`,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: paypalClientId,
      PAYPAL_CLIENT_SECRET: paypalSecret,
      PAYPAL_API_BASE: paypal.url,
    },
    close: async () => {
      await stripe.close();
      await paypal.close();
    },
  };
}

/** Forwards a browser request for a provider host to its fake, keeping path, query and body. */
async function forward(route: Route, fakeBase: string): Promise<void> {
  const url = new URL(route.request().url());
  const response = await route.fetch({ url: fakeBase + url.pathname + url.search });
  await route.fulfill({ response });
}

const standIn = (file: string) => (route: Route) => route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(here, 'stand-ins', file), 'utf8') });

/**
 * Serves the stand-ins at Stripe.js's and PayPal SDK's URLs and sends api.stripe.com and PayPal's
 * checkout window to the fakes. Answers the page's problems: console errors and CSP refusals.
 */
export async function routeProviders(page: Page, providers: Pick<FakeProviders, 'stripe' | 'paypal'>): Promise<string[]> {
  const problems = watchConsole(page);
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
  });
  await page.route('https://js.stripe.com/**', standIn('stripe-js.js'));
  await page.route('https://www.paypal.com/sdk/js**', standIn('paypal-sdk.js'));
  await page.route('https://api.stripe.com/**', (route) => forward(route, providers.stripe.url));
  await page.route('https://www.paypal.com/checkoutnow**', (route) => forward(route, providers.paypal.url));
  return problems;
}
