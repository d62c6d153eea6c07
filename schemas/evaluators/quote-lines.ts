/**
 * A quote's and an order's line in words: the one formatter every place that shows a line calls (the
 * quote builder, the quote payment page, the account's quote and order views, the back office's
 * order detail, the quote PDF and the e-mails), so a line reads the same everywhere: its code, its
 * description, its finish named as the catalog names it ("Finish: Forest Green"), its options with
 * their prices, its quantity, its unit price and its total. Also the totals' rows, whose amounts add
 * up to the total (tax on shipping is a part of the tax, never a row beside the whole of it).
 *
 * Amounts are dollars, as the API answers them; this only formats what the server computed.
 */
import { formatMoney, toCents, toDollars } from '../money';

/** What a line of the kitchen catalog (or a free line) is, as stored with the quote and its order. */
export interface LineDetail {
  kind: 'cabinet' | 'countertop' | 'service' | 'free';
  description: string;
  finish?: { type: string; value: string; label: string } | undefined;
  /** Modifications (each: per cabinet), an edge (per sq ft), cut-outs (for the line). */
  options: { code: string; label: string; amount: number; per: 'each' | 'sqft' | 'line' }[];
  /** A countertop's square feet, a service's feet. */
  measure?: { amount: number; unit: 'sq ft' | 'ft' } | undefined;
  /** The price per square foot (edge included), per foot, or per unit. */
  rate?: number | undefined;
  /** For a service priced each: what one unit is (cabinet). */
  unitName?: string | undefined;
  /** Room or wall the line belongs to, e.g. Kitchen — sink wall. */
  group?: string | undefined;
}

/** A line as any view holds it (the quote's, the order's): dollars. */
export interface LineItem {
  sku: string;
  name: string;
  qty: number;
  price: number;
  rowTotal: number;
  notes?: string | null | undefined;
  customOptions?: readonly unknown[] | undefined;
  detail?: LineDetail | null | undefined;
}

export interface LineWords {
  code: string;
  description: string;
  /** Finish, options and (for a countertop) the edge, in the order the customer reads them. */
  details: string[];
  quantity: string;
  unitPrice: string;
  total: string;
  notes: string;
  group: string;
}

export const FREE_LINE_CODE = 'CUSTOM';

const PER: Record<LineDetail['options'][number]['per'], string> = { each: ' each', sqft: ' per sq ft', line: '' };

/**
 * The finish options a door sample's line carries (`{type: group, value, label}`), named as the
 * catalog names them. An option whose label is its own type (`{type: 'hinge', label: 'Hinge',
 * value: 'Left'}`) reads as that label and its value.
 */
function optionWords(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as { type?: unknown; value?: unknown; label?: unknown };
  const type = typeof o.type === 'string' ? o.type : '';
  const value = typeof o.value === 'string' ? o.value : '';
  const label = typeof o.label === 'string' ? o.label : '';
  if (label && type && label.toLowerCase() === type.toLowerCase()) return value ? `${label}: ${value}` : null;
  const name = label || value;
  return name ? `Finish: ${name}` : null;
}

/** One line in the words every page uses. */
export function lineWords(item: LineItem): LineWords {
  const d = item.detail ?? null;
  const notes = (item.notes ?? '').trim();
  if (!d) {
    return {
      code: item.sku,
      description: item.name,
      details: (item.customOptions ?? []).map(optionWords).filter((w): w is string => w !== null),
      quantity: String(item.qty),
      unitPrice: formatMoney(item.price),
      total: formatMoney(item.rowTotal),
      notes,
      group: '',
    };
  }
  const details: string[] = [];
  if (d.finish) details.push(`Finish: ${d.finish.label}`);
  for (const o of d.options) details.push(o.amount > 0 ? `${o.label} +${formatMoney(o.amount)}${PER[o.per]}` : o.label);
  let quantity = String(item.qty);
  let unitPrice = formatMoney(item.price);
  if (d.measure) {
    quantity = `${d.measure.amount} ${d.measure.unit}`;
    unitPrice = `${formatMoney(d.rate ?? 0)} per ${d.measure.unit}`;
  } else if (d.unitName) {
    quantity = `${item.qty} ${item.qty === 1 ? d.unitName : pluralOf(d.unitName)}`;
    unitPrice = `${formatMoney(item.price)} per ${d.unitName}`;
  }
  return {
    code: d.kind === 'free' ? 'Custom' : item.sku,
    description: d.description,
    details,
    quantity,
    unitPrice,
    total: formatMoney(item.rowTotal),
    notes,
    group: d.group ?? '',
  };
}

function pluralOf(word: string): string {
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}

/** One line as a single sentence, for plain-text e-mails and the PDF's narrow column. */
export function lineText(item: LineItem): string {
  const w = lineWords(item);
  return [`${w.code} ${w.description}`, ...w.details, `${w.quantity} × ${w.unitPrice} = ${w.total}`, ...(w.notes ? [`Note: ${w.notes}`] : [])].join(' · ');
}

/** Lines in their rooms or walls, in the order each group first appears; lines without a group come first. */
export function groupLines<T extends LineItem>(items: readonly T[]): { group: string; items: T[] }[] {
  const groups: { group: string; items: T[] }[] = [];
  for (const item of items) {
    const group = item.detail?.group ?? '';
    let found = groups.find((g) => g.group === group);
    if (!found) {
      found = { group, items: [] };
      if (group === '') groups.unshift(found);
      else groups.push(found);
    }
    found.items.push(item);
  }
  return groups;
}

export interface TotalsInput {
  subtotal: number;
  discount: number;
  shipping: number;
  shippingLabel?: string | null | undefined;
  /** All the tax, shipping's included. */
  tax: number;
  /** The part of the tax on shipping, when the store taxes it. */
  shippingTax?: number | undefined;
  taxPercent?: number | undefined;
  total: number;
}

export interface TotalsRow {
  key: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'shipping-tax' | 'total';
  label: string;
  /** Signed: the discount is negative, so the rows above the total add up to it. */
  amount: number;
  display: string;
}

export interface TotalsLabels {
  shipping?: string;
  total?: string;
  /** Show a tax row of $0.00 (the account's views do; the payment pages leave it out). */
  zeroTax?: boolean;
}

/**
 * The totals as rows that add up: subtotal, discount (when any), shipping, tax (split into the tax on
 * the items and the tax on shipping when shipping is taxed), total. `labels` renames rows where a page
 * names them otherwise (the account's 'Shipping & Handling' and 'Grand Total').
 */
export function totalsRows(t: TotalsInput, labels: TotalsLabels = {}): TotalsRow[] {
  const row = (key: TotalsRow['key'], label: string, amount: number): TotalsRow => ({ key, label, amount, display: formatMoney(amount) });
  const rows: TotalsRow[] = [row('subtotal', 'Subtotal', t.subtotal)];
  if (t.discount > 0) rows.push(row('discount', 'Discount', -t.discount));
  rows.push(row('shipping', labels.shipping ?? (t.shippingLabel ? `Shipping (${t.shippingLabel})` : 'Shipping'), t.shipping));
  const rate = t.taxPercent ? ` (${t.taxPercent}%)` : '';
  const onShipping = t.shippingTax ?? 0;
  if (onShipping > 0) {
    rows.push(row('tax', `Tax on items${rate}`, toDollars(toCents(t.tax) - toCents(onShipping))));
    rows.push(row('shipping-tax', 'Tax on shipping', onShipping));
  } else if (t.tax > 0 || rate || labels.zeroTax) rows.push(row('tax', `Tax${rate}`, t.tax));
  rows.push(row('total', labels.total ?? 'Total', t.total));
  return rows;
}
