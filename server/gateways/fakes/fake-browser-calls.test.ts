/**
 * The fakes' browser side, which the e2e stand-ins of Stripe.js and PayPal's window call from a
 * shop's page: Stripe's publishable-key confirm (client secret required, CORS) and PayPal's buyer
 * approval. The REST side keeps its contract checks (violations stay empty).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from './fake-paypal';
import { AUTHENTICATION_PAGE, startFakeStripe, type FakeStripe } from './fake-stripe';

let stripe: FakeStripe;
let paypal: FakePayPal;
beforeAll(async () => {
  [stripe, paypal] = await Promise.all([startFakeStripe({ publishableKey: 'pk_test_browser' }), startFakePayPal({ clientId: 'id', clientSecret: 'secret' })]);
});
afterAll(async () => {
  await stripe?.close();
  await paypal?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function createIntent(): Promise<{ id: string; client_secret: string }> {
  const res = await fetch(`${stripe.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_server', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form({ amount: '4599', currency: 'usd' }),
  });
  return (await res.json()) as { id: string; client_secret: string };
}

function confirmFromBrowser(id: string, fields: Record<string, string>, key = 'pk_test_browser') {
  return fetch(`${stripe.url}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://shop.test' },
    body: form(fields),
  });
}

describe('fake Stripe, as Stripe.js calls it', () => {
  it('confirms an intent with the publishable key and its client secret, cross-origin', async () => {
    const intent = await createIntent();
    const res = await confirmFromBrowser(intent.id, { payment_method: 'pm_card_visa', client_secret: intent.client_secret, return_url: 'http://shop.test/payment/verify/stripe' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 4599 });
    expect(stripe.violations).toEqual([]);
  });

  it("answers a declined card with Stripe's card_error", async () => {
    const intent = await createIntent();
    const res = await confirmFromBrowser(intent.id, { payment_method: 'pm_card_chargeDeclined', client_secret: intent.client_secret });
    expect(res.status).toBe(402);
    expect((await res.json()).error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
  });

  it('refuses a wrong client secret, another publishable key, and anything but confirm', async () => {
    const intent = await createIntent();
    expect((await confirmFromBrowser(intent.id, { payment_method: 'pm_card_visa', client_secret: `${intent.id}_secret_wrong` })).status).toBe(400);
    expect((await confirmFromBrowser(intent.id, { payment_method: 'pm_card_visa', client_secret: intent.client_secret }, 'pk_test_other')).status).toBe(401);
    const create = await fetch(`${stripe.url}/v1/payment_intents`, { method: 'POST', headers: { Authorization: 'Bearer pk_test_browser' }, body: form({ amount: '1', currency: 'usd' }) });
    expect(create.status).toBe(401);
    expect((await create.json()).error.message).toBe('This API call cannot be made with a publishable API key. Please use a secret API key.');
    expect(stripe.intents.get(intent.id)!.status).toBe('requires_payment_method');
  });

  it("sends a card needing 3-D Secure to the bank's page when Stripe.js gives a return_url, and authenticate() finishes it", async () => {
    const intent = await createIntent();
    const res = await confirmFromBrowser(intent.id, { payment_method: 'pm_card_threeDSecure2Required', client_secret: intent.client_secret, return_url: 'http://shop.test/payment/verify/stripe' });
    expect(await res.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${AUTHENTICATION_PAGE}?payment_intent=${intent.id}`, return_url: 'http://shop.test/payment/verify/stripe' } },
    });
    expect(stripe.authenticate(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 4599, next_action: null });
    const other = await createIntent();
    await confirmFromBrowser(other.id, { payment_method: 'pm_card_threeDSecure2Required', client_secret: other.client_secret, return_url: 'http://shop.test/x' });
    expect(stripe.authenticate(other.id, false)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
  });

  it('answers a CORS preflight', async () => {
    const res = await fetch(`${stripe.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});

describe("fake PayPal, as the buyer's window approves", () => {
  it('approves a created order at its approve link, and only a known one', async () => {
    const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const order = await fetch(`${paypal.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '45.99' } }] }),
    }).then((r) => r.json() as Promise<{ id: string }>);

    const approved = await fetch(`${paypal.url}/checkoutnow?token=${order.id}`, { method: 'POST' });
    expect(approved.status).toBe(200);
    expect(approved.headers.get('access-control-allow-origin')).toBe('*');
    expect(paypal.orders.get(order.id)!.status).toBe('APPROVED');
    expect((await fetch(`${paypal.url}/checkoutnow?token=NOSUCHORDER`, { method: 'POST' })).status).toBe(404);
    expect(paypal.violations).toEqual([]);
  });
});
