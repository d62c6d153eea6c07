/**
 * What a returned line gives back, in integer cents: the goods, less the line's share of the
 * order's discount, plus its share of the order's tax. Pure: the orders module calls it under the
 * order's lock (server/orders/refunds.ts); the back office shows each line's shares from it, and
 * the studio's refund dialog names what a return gives back before it is sent (the server decides).
 *
 * Every unit of the order gets its own amount, once and for all, by cumulative rounding over the
 * units in the order's line order: the k-th unit's share of an amount X is
 * round(X * C_k / S) - round(X * C_(k-1) / S), where C_k is the goods value of the first k units
 * and S the subtotal. So the units' shares of X add up to X exactly, whatever the rounding, and
 * the units of one line differ by a cent at most. A return of q units of a line takes the next q
 * units of that line not returned yet; the one that brings the last unit of the order back also
 * gives back the shipping (and its tax). Returning every line, in any order and any parts, thus
 * gives back exactly the order's total.
 */

export interface LineOrder {
  subtotal_cents: number;
  shipping_cents: number;
  shipping_tax_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
}

export interface LineItem {
  id: number;
  qty: number;
  row_total_cents: number;
}

/** One line's part of the order's money, per unit and in all. */
export interface LineShare {
  itemId: number;
  /** What each unit gives back when returned (goods less discount plus tax), in the line's unit order. */
  unitCents: number[];
  /** The line's share of the order's discount and of the tax on goods, in all. */
  discountCents: number;
  taxCents: number;
}

/** round(n / d) half up, for d > 0, in exact integers. */
function roundDiv(n: bigint, d: bigint): bigint {
  const twice = 2n * n + d;
  const q = twice / (2n * d);
  // BigInt division truncates toward zero: floor for the negative side.
  return twice < 0n && q * 2n * d !== twice ? q - 1n : q;
}

/** Each unit's share of `amount`, by cumulative rounding over the units (see above). */
function unitShares(amount: number, items: readonly LineItem[], subtotal: number): number[][] {
  let before = 0n; // the goods of the lines before this one, in cents
  let allocated = 0n;
  const s = BigInt(subtotal);
  return items.map((item) => {
    const qty = BigInt(item.qty);
    const row = BigInt(item.row_total_cents);
    const shares: number[] = [];
    for (let k = 1n; k <= qty; k += 1n) {
      // C_k = before + row * k / qty, so X * C_k / S = X * (before * qty + row * k) / (S * qty).
      const upTo = s === 0n ? 0n : roundDiv(BigInt(amount) * (before * qty + row * k), s * qty);
      shares.push(Number(upTo - allocated));
      allocated = upTo;
    }
    before += row;
    return shares;
  });
}

/** What the shipping gives back: its amount and its tax, with the last unit returned. */
export function shippingCents(order: LineOrder): number {
  return order.shipping_cents + order.shipping_tax_cents;
}

/**
 * Each line's share. The tax on goods is what the total holds beyond goods, discount and shipping
 * (so the shares always add up to the total, whatever rounding made the stored tax).
 */
export function lineShares(order: LineOrder, items: readonly LineItem[]): LineShare[] {
  const subtotal = items.reduce((a, i) => a + i.row_total_cents, 0);
  const goodsTax = order.total_cents - shippingCents(order) - subtotal + order.discount_cents;
  const goods = unitShares(subtotal, items, subtotal);
  const discount = unitShares(order.discount_cents, items, subtotal);
  const tax = unitShares(goodsTax, items, subtotal);
  return items.map((item, i) => ({
    itemId: item.id,
    unitCents: goods[i]!.map((g, k) => g - discount[i]![k]! + tax[i]![k]!),
    discountCents: discount[i]!.reduce((a, b) => a + b, 0),
    taxCents: tax[i]!.reduce((a, b) => a + b, 0),
  }));
}

export interface LineReturn {
  itemId: number;
  qty: number;
}

export interface LineRefund {
  amountCents: number;
  lines: Array<{ itemId: number; qty: number; amountCents: number }>;
  /** This return brings the order's last unit back: the shipping is given back with it. */
  withShipping: boolean;
}

/** Why a return cannot be made: a line not of the order, or more than is left of it. */
export type LineRefusal = { itemId: number; kind: 'unknown' } | { itemId: number; kind: 'too_many'; left: number };

/**
 * The refund of a return: `returned` holds what each line gave back already (asked for or carried
 * out). A refusal names the first line that cannot be returned.
 */
export function lineRefund(order: LineOrder, items: readonly LineItem[], returned: ReadonlyMap<number, number>, asked: readonly LineReturn[]): LineRefund | LineRefusal {
  const shares = lineShares(order, items);
  const wanted = new Map<number, number>();
  for (const a of asked) wanted.set(a.itemId, (wanted.get(a.itemId) ?? 0) + a.qty);
  const lines: LineRefund['lines'] = [];
  for (const [itemId, qty] of wanted) {
    const i = items.findIndex((item) => item.id === itemId);
    if (i < 0) return { itemId, kind: 'unknown' };
    const already = returned.get(itemId) ?? 0;
    const left = items[i]!.qty - already;
    if (qty > left) return { itemId, kind: 'too_many', left };
    lines.push({ itemId, qty, amountCents: shares[i]!.unitCents.slice(already, already + qty).reduce((a, b) => a + b, 0) });
  }
  const allBack = items.every((item) => (returned.get(item.id) ?? 0) + (wanted.get(item.id) ?? 0) >= item.qty);
  const goods = lines.reduce((a, l) => a + l.amountCents, 0);
  return { amountCents: goods + (allBack ? shippingCents(order) : 0), lines, withShipping: allBack };
}
