import { describe, expect, it } from 'vitest';
import { QUOTE_TOTAL_ZERO } from '../../schemas/api/back-office-quotes';
import { demoCatalog } from '../api/commerce-test-kit';
import { NO_METHODS } from '../api/cart';
import { ApiError } from '../http/api-error';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { buildQuote, type QuoteBuilderDeps, type QuoteInput } from './quote-builder';

const [sample] = demoCatalog.all();
const address = { firstName: 'Sam', lastName: 'Carter', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phoneNumber: '5125550199' };
const input = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({ customer: { email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter' }, billingAddress: address, lines: [{ sku: sample!.sku, qty: 1 }], ...overrides });
const freeEverywhere: ShippingMethod = { type: 'free', displayName: 'Free delivery', isEnabled: true, calculateRateBy: 'Order', rates: { byOrder: { orderRange: [{ startValue: 0, countries: [{ countryId: 'US', states: [{ state: '*', zipCodes: ['*'], rate: 0 }] }] }] } } } as ShippingMethod;

/** Nothing is read or stored before these refusals: the database and quote service are absent. */
const deps = (shippingMethods: ShippingMethod[]): QuoteBuilderDeps => ({ q: undefined as never, quotes: undefined as never, catalog: demoCatalog, rules: { shippingMethods, taxRules: [] } });

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('building a quote', () => {
  it('refuses a total of 0 (everything discounted, free shipping)', async () => {
    const err = await refusal(buildQuote(deps([freeEverywhere]), input({ discount: { type: 'percent', value: 100 } })));
    expect(err.fields).toEqual({ total: QUOTE_TOTAL_ZERO });
  });

  it('refuses an address no shipping method serves, naming the address that is shipped to', async () => {
    expect((await refusal(buildQuote(deps([]), input()))).fields).toEqual({ 'billingAddress.zipCode': NO_METHODS });
    expect((await refusal(buildQuote(deps([]), input({ shippingAddress: address })))).fields).toEqual({ 'shippingAddress.zipCode': NO_METHODS });
  });

  it('checks the customer and the addresses by the checkout rules, every field at once', async () => {
    const err = await refusal(buildQuote(deps([freeEverywhere]), input({ customer: { email: 'not-an-address', firstName: 'S4m', lastName: 'Carter', phone: '12' }, shippingAddress: { ...address, zipCode: '10001' } })));
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['customer.email', 'customer.firstName', 'customer.phone', 'shippingAddress.zipCode']);
  });
});
