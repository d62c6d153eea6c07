/**
 * What the checkout asks before an order exists: cart totals (POST /api/cart/totals) and the
 * shipping rate lookup (GET /api/shipping/rates, inputs subtotal, country, state and zip).
 * Prices and rates come from the catalog and the rules; nothing here is stored.
 */
import type Router from '@koa/router';
import type { RequestBody } from '../../schemas/api/endpoint';
import { cartTotalsEndpoint, shippingRatesEndpoint } from '../../schemas/api/orders';
import { validateState, validateZip } from '../../schemas/evaluators/checkout-fields';
import { toCents, toDollars } from '../../schemas/money';
import { resolveShipping } from '../../schemas/shipping-rules';
import { checkRequest } from '../http/contract';
import { computeTotals, readCartLines, type CartTotals, type TotalsAddress } from '../services/cart-totals';
import type { Commerce } from '../services/commerce';
import { readJson } from './read-json';

export const AWAITING_ADDRESS = 'Shipping will be calculated after entering address.';
export const NO_METHODS = 'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.';

function readTotalsAddress(raw: RequestBody<typeof cartTotalsEndpoint>['address']): TotalsAddress | null {
  if (!raw) return null;
  const zipCode = (raw.zipCode ?? raw.zip ?? '').trim().slice(0, 100);
  const state = (raw.state ?? '').trim().slice(0, 100);
  const countryId = ((raw.countryId ?? raw.country ?? '').trim().slice(0, 100) || 'US').toUpperCase();
  // An address the checkout would refuse (a made-up state, a ZIP of another state) prices as none.
  if (validateState(state, countryId) || validateZip(zipCode, state, countryId)) return null;
  return { countryId, state, zipCode };
}

function shippingView(totals: CartTotals) {
  const s = totals.shipping;
  if (s.kind === 'applied') {
    return { available: true, method: { type: s.method.type, displayName: s.method.displayName, description: s.method.description ?? '', rate: toDollars(s.rateCents) }, message: null };
  }
  return { available: false, method: null, message: s.kind === 'unavailable' ? NO_METHODS : AWAITING_ADDRESS };
}

export function cartRoutes(router: Router, commerce: Commerce): void {
  const rules = { shippingMethods: commerce.content.shippingMethods ?? [], taxRules: commerce.content.taxRules ?? [] };

  router.post('/api/cart/totals', async (ctx) => {
    const raw = await readJson(ctx);
    const body = checkRequest(cartTotalsEndpoint, ctx, raw).body;
    const lines = readCartLines(body.items, commerce.catalog);
    const address = readTotalsAddress(body.address ?? body.shippingAddress);
    const totals = computeTotals(lines, address, rules);
    const shipping = shippingView(totals);
    ctx.body = {
      success: true,
      items: totals.lines.map((l) => ({
        sku: l.sample.sku,
        name: l.sample.name,
        styleName: l.sample.styleName,
        styleTitle: l.sample.styleTitle,
        price: toDollars(l.sample.priceCents),
        qty: l.qty,
        weight: l.sample.weight,
        rowTotal: toDollars(l.rowTotalCents),
        customOptions: l.customOptions,
      })),
      subtotal: toDollars(totals.subtotalCents),
      shippingCost: toDollars(totals.shippingCents),
      shippingMethod: shipping.method,
      shippingAvailable: shipping.available,
      shippingMessage: shipping.message,
      taxAmount: toDollars(totals.taxCents),
      taxDetails: { taxTotal: toDollars(totals.taxCents), taxPercent: totals.taxPercent },
      total: toDollars(totals.totalCents),
      weight: totals.weight,
      totalItemCount: totals.totalItemCount,
    };
  });

  router.get('/api/shipping/rates', (ctx) => {
    const { query } = checkRequest(shippingRatesEndpoint, ctx);
    const subtotal = Number(query.subtotal.trim());
    const country = (query.country ?? 'US').trim().toUpperCase().slice(0, 10) || 'US';
    const state = (query.state ?? '').trim().slice(0, 100);
    const zip = (query.zip ?? '').trim().slice(0, 20);
    const itemCount = query.itemCount === undefined ? 1 : Number(query.itemCount.trim());
    if (!state || !zip) {
      ctx.body = { success: true, method: null, rate: null, message: AWAITING_ADDRESS };
      return;
    }
    const resolved = resolveShipping(rules.shippingMethods, { subtotalCents: toCents(subtotal), itemCount, countryId: country, state, zip });
    if (!resolved || !('rateCents' in resolved)) {
      ctx.body = { success: true, method: null, rate: null, message: NO_METHODS };
      return;
    }
    const m = resolved.method;
    ctx.body = {
      success: true,
      method: { type: m.type, displayName: m.displayName, description: m.description ?? '', rate: toDollars(resolved.rateCents) },
      rate: toDollars(resolved.rateCents),
      message: null,
    };
  });
}
