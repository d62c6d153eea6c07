import { describe, expect, it } from 'vitest';
import { withoutSecretQuery } from './secret-query';

describe('withoutSecretQuery', () => {
  it('drops token on every route, keeping the rest of the query in order', () => {
    expect(withoutSecretQuery('/quote/payment?quoteId=1&token=SECRET')).toBe('/quote/payment?quoteId=1');
    expect(withoutSecretQuery('/quote/payment?token=SECRET&quoteId=1&x=a%20b')).toBe('/quote/payment?quoteId=1&x=a+b');
    expect(withoutSecretQuery('/my-account/reset-password?token=SECRET')).toBe('/my-account/reset-password');
  });

  it('drops every copy, in any case, and the names a route marks secret', () => {
    expect(withoutSecretQuery('/p?Token=A&token=B&TOKEN=C&keep=1')).toBe('/p?keep=1');
    expect(withoutSecretQuery('/order/split-payment?orderId=7&email=a%40b.co', ['email'])).toBe('/order/split-payment?orderId=7');
    expect(withoutSecretQuery('/payment/verify/stripe?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2', ['payment_intent_client_secret'])).toBe(
      '/payment/verify/stripe?payment_intent=pi_1',
    );
  });

  it('leaves an URL without secrets exactly as it was (so the listing query keeps its spelling)', () => {
    expect(withoutSecretQuery('/products')).toBe('/products');
    expect(withoutSecretQuery('/search?query=oak%20door&page=2')).toBe('/search?query=oak%20door&page=2');
    expect(withoutSecretQuery('/p?tokens=1&my_token=2')).toBe('/p?tokens=1&my_token=2');
  });

  it('finds a secret hidden behind encoding tricks the browser would also decode', () => {
    expect(withoutSecretQuery('/p?%74oken=SECRET')).toBe('/p');
    expect(withoutSecretQuery('/p?a=1&&token=SECRET&')).toBe('/p?a=1');
  });
});
