import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discountNeedsPublisher, QUOTE_TOTAL_ZERO } from '../../schemas/api/back-office-quotes';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { demoCatalog } from '../api/commerce-test-kit';
import { NO_METHODS } from '../api/cart';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { ApiError } from '../http/api-error';
import { buildQuote, priceRequest, type QuoteBuilderDeps, type QuoteInput } from './quote-builder';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const address = { firstName: 'Sam', lastName: 'Carter', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phoneNumber: '5125550199' };
const cabinets = [{ sku: 'HS-B24', qty: 6, finish: { type: 'painted', value: 'forest-green' } }];
const input = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({ customer: { email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter' }, billingAddress: address, lines: cabinets, ...overrides });
const freeEverywhere: ShippingMethod = { type: 'free', displayName: 'Free delivery', isEnabled: true, calculateRateBy: 'Order', rates: { byOrder: { orderRange: [{ startValue: 0, countries: [{ countryId: 'US', states: [{ state: '*', zipCodes: ['*'], rate: 0 }] }] }] } } } as ShippingMethod;
const editor = { role: 'editor' as const };
const publisher = { role: 'publisher' as const, email: 'publisher@example.com' };

/** Nothing is read or stored before these refusals: the database and quote service are absent. */
const deps = (shippingMethods: ShippingMethod[]): QuoteBuilderDeps => ({
  q: undefined as never,
  quotes: undefined as never,
  catalog: { samples: demoCatalog, kitchen: content.kitchen },
  rules: { shippingMethods, taxRules: [] },
  discountLimitPercent: 25,
});

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('building a quote', () => {
  it('refuses a total of 0 (everything discounted, free shipping)', async () => {
    const err = await refusal(buildQuote(deps([freeEverywhere]), input({ discount: { type: 'percent', value: 100 } }), publisher));
    expect(err.fields).toEqual({ total: QUOTE_TOTAL_ZERO });
  });

  it('refuses an address no shipping method serves, naming the address that is shipped to', async () => {
    expect((await refusal(buildQuote(deps([]), input(), editor))).fields).toEqual({ 'billingAddress.zipCode': NO_METHODS });
    expect((await refusal(buildQuote(deps([]), input({ shippingAddress: address }), editor))).fields).toEqual({ 'shippingAddress.zipCode': NO_METHODS });
  });

  it('checks the customer and the addresses by the checkout rules, every field at once', async () => {
    const err = await refusal(buildQuote(deps([freeEverywhere]), input({ customer: { email: 'not-an-address', firstName: 'S4m', lastName: 'Carter', phone: '12' }, shippingAddress: { ...address, zipCode: '10001' } }), editor));
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['customer.email', 'customer.firstName', 'customer.phone', 'shippingAddress.zipCode']);
  });

  it("refuses an editor's discount above the store's limit, and names it for the audit when a publisher gives it", async () => {
    const discount = { type: 'percent' as const, value: 30 };
    const denied = await refusal(() => priceRequest(deps([freeEverywhere]), input({ discount }), editor));
    expect([denied.status, denied.fields]).toEqual([403, { 'discount.value': discountNeedsPublisher(25) }]);
    const allowed = priceRequest(deps([freeEverywhere]), input({ discount }), publisher);
    // 6 × $332.35 = $1,994.10; 30 % of it is $598.23.
    expect(allowed.approvals).toEqual(['discount 30 % ($598.23) above the 25 % limit, approved by publisher@example.com']);
    expect(allowed.discountApproval).toMatchObject({ percent: 30, by: 'publisher@example.com' });
    expect(priceRequest(deps([freeEverywhere]), input({ discount: { type: 'percent', value: 25 } }), editor).approval).toEqual({ discountPercent: 25, limitPercent: 25, needsPublisher: false });
  });

  it('lets an editor keep, unchanged, what a publisher put on a draft: the free line, and the discount within the share approved', async () => {
    const draft = input({ discount: { type: 'percent', value: 30 }, lines: [...cabinets, { description: 'Range hood panel', price: 480 }] });
    const held = { request: draft, approval: { percent: 30, by: 'publisher@example.com', at: '2026-11-29T07:00:00.000Z' } };
    expect(priceRequest(deps([freeEverywhere]), draft, editor, held).approvals).toEqual(['discount 30 % ($742.23) above the 25 % limit, within the 30 % publisher@example.com approved']);
    // The same discount on a draft no publisher approved: refused, as on a new quote.
    expect((await refusal(() => priceRequest(deps([freeEverywhere]), draft, editor, { request: draft, approval: null }))).status).toBe(403);
    // A larger share than approved: refused.
    expect((await refusal(() => priceRequest(deps([freeEverywhere]), { ...draft, discount: { type: 'percent', value: 31 } }, editor, held))).status).toBe(403);
  });
});
